// Collects diagnostics with positions, so each check only states what is wrong and where.

import { oneLine, type Diagnostic, type Severity } from "../base/diagnostics.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import { positionInScalar } from "./scalar-offset.ts";

export type Path = readonly (string | number)[];

/** ["status", "phases", 2, "name"] → status.phases[2].name */
export function formatPath(path: Path): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

export type Anchor = "key" | "value" | "parent" | { offset: number };

export interface Reporter {
  readonly diagnostics: Diagnostic[];
  /**
   * `at: "key"` points at the key of the last path segment (unknown or misplaced keys);
   * `"parent"` at the key (or list item) that should contain a missing one; `{ offset }` at a
   * character inside a string value (a CEL error inside a rule); default is the value.
   */
  error(code: string, path: Path, message: string, hint: string, at?: Anchor): void;
  warning(code: string, path: Path, message: string, hint: string, at?: Anchor): void;
  /** line:col of a node, for messages that name a second place (the first of two colliding names). */
  where(path: Path, at?: Anchor): string;
}

/**
 * A diagnostic found by a resolver that also builds a plan (management, cascade finalizers): the
 * model reads the plan and the check reports the problems, from one pass over the spec.
 */
export interface PlanProblem {
  severity: "error" | "warning";
  code: string;
  path: Path;
  message: string;
  hint: string;
}

/** Reports a resolver's problems, each at its own severity. */
export function reportProblems(report: Reporter, problems: readonly PlanProblem[]): void {
  for (const p of problems) {
    if (p.severity === "error") report.error(p.code, p.path, p.message, p.hint);
    else report.warning(p.code, p.path, p.message, p.hint);
  }
}

export function createReporter(parsed: ParsedSpec): Reporter {
  const diagnostics: Diagnostic[] = [];
  const positionOf = (path: Path, at: Anchor) => {
    if (typeof at === "object")
      return positionInScalar(parsed, path, at.offset) ?? parsed.positionOf(path, "value");
    if (at !== "parent") return parsed.positionOf(path, at);
    const parent = path.slice(0, -1);
    return parsed.positionOf(
      parent,
      typeof parent[parent.length - 1] === "string" ? "key" : "value",
    );
  };
  const add = (
    severity: Severity,
    code: string,
    path: Path,
    message: string,
    hint: string,
    at: Anchor = "value",
  ) => {
    diagnostics.push({
      severity,
      code,
      path: oneLine(formatPath(path)),
      message: oneLine(message),
      hint: oneLine(hint),
      file: parsed.file,
      position: positionOf(path, at),
    });
  };
  return {
    diagnostics,
    error: (code, path, message, hint, at) => add("error", code, path, message, hint, at),
    warning: (code, path, message, hint, at) => add("warning", code, path, message, hint, at),
    where: (path, at = "value") => {
      const { line, col } = positionOf(path, at);
      return `${line}:${col}`;
    },
  };
}
