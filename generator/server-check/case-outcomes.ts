// How one contract case's answer compares with what the generated test expects, and which
// spec node a disagreement is about (the rule's example, when the case came from one).

import type { Path } from "../check/report.ts";
import type { Rejection } from "../render/sources/contract-case-types.ts";
import { show } from "../render/sources/contract-values.ts";
import { causesOf, isAccepted, type ApiAnswer, type StatusCause } from "./api-client.ts";
import type { ServerCase } from "./server-cases.ts";
import { existing, objectFieldToSpec, valueAt } from "./spec-locations.ts";

export interface Disagreement {
  code: string;
  field: string;
  message: string;
  text: string;
  hint: string;
}

export function disagreement(c: ServerCase, answer: ApiAnswer): Disagreement | undefined {
  const accepted = isAccepted(answer);
  const causes = accepted ? [] : causesOf(answer);
  const said = causes.map(describe).join("; ");
  if (c.kind === "sample") {
    if (accepted) return undefined;
    const first = causes[0] ?? {};
    return {
      code: "SRV002",
      field: first.field ?? "spec",
      message: said,
      text: `the API server rejects the sample object (config/samples): ${said}`,
      hint: "The sample is built from defaults and required fields; make the default or the rule agree.",
    };
  }
  const test = `the generated contract test "${c.name}" would fail`;
  if (c.expect === "accepted") {
    if (accepted) return undefined;
    const first = causes[0] ?? {};
    return {
      code: "SRV003",
      field: first.field ?? "spec",
      message: said,
      text: `the API server rejects a value the generator expects it to accept: ${said}`,
      hint: `${test}; make the constraints and rules around this node agree.`,
    };
  }
  if (!accepted && causes.some((cause) => matches(cause, c.expect as Rejection))) return undefined;
  const expected = c.expect;
  return {
    code: "SRV004",
    field: expected.field,
    message: expected.message,
    text: accepted
      ? `the API server accepts a value the generator expects it to reject (${expected.reason} on ${expected.field}: "${expected.message}")`
      : `the API server rejects it differently than expected (${expected.reason} on ${expected.field}: "${expected.message}"): ${said}`,
    hint: `${test}; check the rule and its examples.`,
  };
}

function matches(cause: StatusCause, expected: Rejection): boolean {
  return (
    cause.field === expected.field &&
    cause.reason === expected.reason &&
    (cause.message ?? "").includes(expected.message)
  );
}

/** The spec node a case's disagreement is about; a rule's example when the case came from one. */
export function pointAt(
  c: ServerCase,
  field: string,
  message: string,
  data: Record<string, unknown>,
): Path {
  const path = objectFieldToSpec(field, message, data);
  const fromRule = /\(rule: .*\)$/.test(c.name);
  if (!fromRule || !path.includes("rules") || typeof path[path.length - 1] !== "number")
    return path;
  const list = [...path, "examples", c.expect === "accepted" ? "valid" : "invalid"];
  const examples = valueAt(data, list);
  // Case names quote the example as show() prints it: "spec.x: <example> is accepted (rule: ...)".
  const index = Array.isArray(examples)
    ? examples.findIndex(
        (e) => c.name.includes(`: ${show(e)} is `) || c.name.includes(`: ${transition(e)} is `),
      )
    : -1;
  return existing(data, index === -1 ? list : [...list, index]);
}

function transition(example: unknown): string {
  const pair = (example ?? {}) as { old?: unknown; new?: unknown };
  return `${show(pair.old)} → ${show(pair.new)}`;
}

export function describe(cause: StatusCause): string {
  const message = cause.message ?? cause.reason ?? "no message";
  return cause.field && !message.startsWith(cause.field) ? `${cause.field}: ${message}` : message;
}
