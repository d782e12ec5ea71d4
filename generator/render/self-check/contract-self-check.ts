// The generator's check of its own contract tests before a project is written: every spec a case
// sends expecting "accepted" must pass the generated CRD (judged locally, see spec-judge.ts), and
// every spec expecting a rejection must fail it at the stated field. A case that does not is a
// defect of the generator, reported as such, never a wrong test shipped to a user.

import type { ContractView } from "../sources/contract-view.ts";
import type { Expectation } from "../sources/contract-case-types.ts";
import type { TestFixture } from "../sources/test-fixture.ts";
import { fixtureSpecs } from "./fixture-specs.ts";
import { scaleMismatches } from "./scale-check.ts";
import { judgeSpec, type JudgedCrd } from "./spec-judge.ts";

export interface CaseMismatch {
  table: string;
  name: string;
  problem: string;
}

export interface SentSpec {
  table: string;
  name: string;
  spec: unknown;
  expect: Expectation;
}

/**
 * Every case of the view (and of the suites' fixture, when given) whose local verdict contradicts
 * its expectation.
 */
export function contractMismatches(
  view: ContractView,
  crd: JudgedCrd,
  fixture?: TestFixture,
): CaseMismatch[] {
  const sent = [...sentSpecs(view), ...(fixture ? fixtureSpecs(fixture) : [])];
  return [
    ...sent.flatMap((sent) => {
      const problem = mismatch(crd, sent);
      return problem ? [{ table: sent.table, name: sent.name, problem }] : [];
    }),
    ...scaleMismatches(view, crd),
  ];
}

/**
 * Run before a project is written: a case whose spec the generated CRD contradicts is a bug of
 * the generator, so it stops with an internal error naming every such case (nothing is written).
 */
export function assertContractAgrees(
  view: ContractView,
  crd: JudgedCrd,
  fixture?: TestFixture,
): void {
  const mismatches = contractMismatches(view, crd, fixture);
  if (mismatches.length === 0) return;
  const cases = mismatches.map((m) => `${m.table} case "${m.name}" ${m.problem}`);
  throw new Error(
    `internal error: ${mismatches.length} generated contract test case(s) contradict the generated CRD:\n${cases.join("\n")}`,
  );
}

/** The specs the generated suites create, with what they expect of each. */
export function sentSpecs(view: ContractView): SentSpec[] {
  const table = (name: string, json: string) =>
    (expand(JSON.parse(json)) as Array<{ name: string; spec: unknown; expect: Expectation }>).map(
      (c) => ({ table: name, name: c.name, spec: c.spec, expect: c.expect }),
    );
  const pruning = expand(JSON.parse(view.pruningCases)) as Array<{ name: string; spec: unknown }>;
  const transitions = expand(JSON.parse(view.transitionCases)) as Array<{
    name: string;
    old: unknown;
    new: unknown;
    expect: Expectation;
  }>;
  const selectable = JSON.parse(view.selectableCases) as Array<{ field: string; spec: unknown }>;
  const merges = JSON.parse(view.mergeCases) as Array<{
    field: string;
    path: string[];
    first: Record<string, unknown>;
    second: unknown;
  }>;
  const whole = (name: string, json: string): SentSpec[] =>
    json === "null"
      ? []
      : [{ table: name, name, spec: expand(JSON.parse(json)), expect: "accepted" }];
  return [
    ...whole("the minimal spec", view.minimalSpec),
    ...whole("the sample spec", view.sampleSpec),
    ...whole("the changed spec", view.changedSpec),
    ...table("schema", view.schemaCases),
    ...table("cel", view.celCases),
    ...pruning.map((c) => ({
      table: "pruning",
      name: c.name,
      spec: c.spec,
      expect: "accepted" as const,
    })),
    ...selectable.map((c) => ({
      table: "selectable",
      name: c.field,
      spec: c.spec,
      expect: "accepted" as const,
    })),
    // A merge case applies the whole first spec, then the second manager's value at its path.
    ...merges.flatMap((c) => [
      { table: "merge (first)", name: c.field, spec: c.first, expect: "accepted" as const },
      {
        table: "merge (second)",
        name: c.field,
        spec: withValueAt(c.first, c.path, c.second),
        expect: "accepted" as const,
      },
    ]),
    // A transition case first creates its old spec, which every create-time check must pass;
    // an accepted update must pass them too (the transition rules are the server's to judge).
    ...transitions.flatMap((c) => [
      { table: "transition (old)", name: c.name, spec: c.old, expect: "accepted" as const },
      ...(c.expect === "accepted"
        ? [{ table: "transition (new)", name: c.name, spec: c.new, expect: "accepted" as const }]
        : []),
    ]),
  ];
}

function mismatch(crd: JudgedCrd, sent: SentSpec): string | undefined {
  const { violations, unknown } = judgeSpec(crd, sent.spec);
  const sentText = JSON.stringify(sent.spec);
  if (sent.expect === "accepted") {
    if (violations.length === 0) return undefined;
    const said = violations.map((v) => `${v.field}: ${v.message}`).join("; ");
    return `expects "accepted", but the generated CRD refuses ${sentText}: ${said}`;
  }
  const { field, reason } = sent.expect;
  // A cause without a field (<nil>) is the server's format-range check: any violation will do.
  const at = (path: string) => field === "<nil>" || path === field;
  // The stated reason too: a case refused at its field for another reason tests something else.
  if (violations.some((v) => at(v.field) && v.reason === reason) || unknown.some(at))
    return undefined;
  const said =
    violations.length === 0
      ? "it accepts it"
      : `it refuses it otherwise: ${violations.map((v) => `${v.field} (${v.reason}): ${v.message}`).join("; ")}`;
  return `expects a rejection at ${field} (${reason}), but for ${sentText} the generated CRD ${said}`;
}

/** The compact forms of contract-values.ts expanded, as the generated suites expand them. */
function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if (typeof v.$text === "number") return String(v.from).padEnd(v.$text, String(v.pad));
  if (typeof v.$repeat === "number") {
    const indices = Array.from({ length: v.$repeat }, (_, i) => i);
    if ("item" in v) return indices.map((i) => withIndex(expand(v.item), i));
    return Object.fromEntries(
      indices.map((i) => [String(v.key).replaceAll("{i}", String(i)), expand(v.value)]),
    );
  }
  return Object.fromEntries(Object.entries(v).map(([key, item]) => [key, expand(item)]));
}

function withIndex(value: unknown, index: number): unknown {
  if (typeof value === "string") return value.replaceAll("{i}", String(index));
  if (Array.isArray(value)) return value.map((v) => withIndex(v, index));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIndex(v, index)]));
}

function withValueAt(spec: Record<string, unknown>, path: string[], value: unknown): unknown {
  const out = structuredClone(spec);
  let parent = out;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path.at(-1)!] = value;
  return out;
}
