// Shared by the check tests: a minimal valid spec, small text edits of it, and a way to state the
// expected position by pointing at text in the input (independent of the YAML parser's positions).

import assert from "node:assert/strict";
import type { Diagnostic } from "../../base/diagnostics.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { checkSpec } from "../check-spec.ts";

export const MINIMAL = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      minimum: 1
      maximum: 10
      default: 3
status:
  conditions:
    - type: Ready
`;

export function check(source: string): Diagnostic[] {
  const parsed = parseSpec(source, "operator.yaml");
  if (!parsed.ok)
    assert.fail(
      `test input does not parse: ${parsed.diagnostics.map((d) => d.message).join("; ")}`,
    );
  return checkSpec(parsed.spec);
}

/** Replaces the one occurrence of `from`; failing loudly keeps edits honest when MINIMAL changes. */
export function edit(source: string, from: string, to: string): string {
  const first = source.indexOf(from);
  assert.ok(first >= 0, `edit: ${JSON.stringify(from)} not found`);
  assert.equal(
    source.indexOf(from, first + 1),
    -1,
    `edit: ${JSON.stringify(from)} occurs more than once`,
  );
  return source.slice(0, first) + to + source.slice(first + from.length);
}

/** line:col of `needle`, searched from the first occurrence of `after` (when given). */
export function posOf(source: string, needle: string, after?: string): string {
  const start = after === undefined ? 0 : source.indexOf(after);
  assert.ok(start >= 0, `posOf: ${JSON.stringify(after)} not found`);
  const index = source.indexOf(needle, start);
  assert.ok(index >= 0, `posOf: ${JSON.stringify(needle)} not found`);
  const before = source.slice(0, index).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

export function at(d: Diagnostic): string {
  return `${d.position.line}:${d.position.col}`;
}

/** Exactly one diagnostic with `code`, at `position`, whose message contains `message`. */
export function expectOne(
  source: string,
  code: string,
  position: string,
  message: string,
  severity: Diagnostic["severity"] = code.startsWith("WARN") ? "warning" : "error",
): Diagnostic {
  const all = check(source);
  const matching = all.filter((d) => d.code === code);
  assert.equal(
    matching.length,
    1,
    `expected one ${code}, got: ${all.map((d) => `${d.code} ${d.path}: ${d.message}`).join(" | ") || "none"}`,
  );
  const d = matching[0]!;
  assert.equal(at(d), position, `${code} position`);
  assert.ok(
    d.message.includes(message),
    `${code} message ${JSON.stringify(d.message)} lacks ${JSON.stringify(message)}`,
  );
  assert.equal(d.severity, severity);
  assert.ok(d.hint && d.hint.length > 0, `${code} has a hint`);
  return d;
}
