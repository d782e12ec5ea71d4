// What the CLI must do with an invalid spec, checked on one run: exit 1 with at least one error
// located inside the file (line:col within its lines), or exit 2; never exit 0 or 70, never
// slower than the bound, never a file in the target directory.

import { existsSync } from "node:fs";
import type { CliRun } from "./in-process-cli.ts";

export interface Located {
  file: string;
  position: { line: number; col: number };
  severity: string;
  code: string;
  message: string;
}

/** Whether a diagnostic points at a real place in the spec file. */
export function isLocated(d: Located, specPath: string, source: string): boolean {
  const lines = source.split("\n");
  const { line, col } = d.position;
  const text = lines[line - 1];
  return d.file === specPath && text !== undefined && col >= 1 && col <= text.length + 1;
}

/** Problems with a run, each as a short class name and a detail; empty when the run is right. */
export function runProblems(
  run: CliRun,
  options: {
    specPath: string;
    source: string;
    target: string;
    jsonOutput: boolean;
    budgetMs: number;
  },
): Array<{ kind: string; detail: string }> {
  const problems: Array<{ kind: string; detail: string }> = [];
  const text = `${run.stdout}\n${run.stderr}`;
  if (run.code === undefined)
    problems.push({ kind: "hang", detail: `no answer in ${Math.round(run.ms)} ms` });
  else if (run.code === 70 || run.code === -1)
    problems.push({
      kind: "internal-error",
      detail: firstLine(/internal error[^\n]*/.exec(text)?.[0] ?? text),
    });
  else if (run.code === 0)
    problems.push({ kind: "accepted", detail: "exit 0 for an invalid spec" });
  else if (run.code === 1) {
    const errors = diagnosticsOf(run, options.jsonOutput, options.specPath).filter(
      (d) => d.severity === "error",
    );
    if (!errors.some((d) => isLocated(d, options.specPath, options.source)))
      problems.push({
        kind: "unlocated",
        detail: firstLine(
          errors
            .map((d) => `${d.position.line}:${d.position.col} ${d.code} ${d.message}`)
            .join("; ") || text,
        ),
      });
  } else if (run.code !== 2) problems.push({ kind: `exit-${run.code}`, detail: firstLine(text) });
  if (run.code !== undefined && run.ms > options.budgetMs)
    problems.push({ kind: "slow", detail: `${Math.round(run.ms)} ms` });
  if (existsSync(options.target))
    problems.push({ kind: "wrote", detail: `${options.target} exists` });
  return problems;
}

function diagnosticsOf(run: CliRun, json: boolean, specPath: string): Located[] {
  if (json) {
    try {
      return (JSON.parse(run.stdout) as { diagnostics: Located[] }).diagnostics;
    } catch {
      return [];
    }
  }
  // Text mode: `file:line:col severity CODE path: message` on stderr.
  const out: Located[] = [];
  for (const line of run.stderr.split("\n")) {
    if (!line.startsWith(`${specPath}:`)) continue;
    const m = /^:(\d+):(\d+) (error|warning) (\S+) (.*)$/.exec(line.slice(specPath.length));
    if (m)
      out.push({
        file: specPath,
        position: { line: Number(m[1]), col: Number(m[2]) },
        severity: m[3]!,
        code: m[4]!,
        message: m[5]!,
      });
  }
  return out;
}

function firstLine(text: string): string {
  return (text.trim().split("\n")[0] ?? "").slice(0, 200);
}
