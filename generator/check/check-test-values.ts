// The values the generated tests use, where the user chose them: a field's `examples:` and the
// `testing.specChange` section. The suites send them to the real API server expecting them to be
// accepted, and the user's own code sees them, so a value the field's schema or its rules refuse
// is reported here, at the value, rather than as a failing generated test later.

import { compiledSites } from "./cel-compiled-sites.ts";
import { evaluateRule } from "./cel-evaluate.ts";
import { valueProblems } from "./check-defaults.ts";
import type { CheckContext } from "./context.ts";
import { isObject, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

/** The field types a spec change can set to a new value in one patch. */
const SCALAR_TYPES = new Set(["string", "integer", "number", "boolean", "int-or-string"]);

export function checkTestValues(ctx: CheckContext): void {
  checkFieldExamples(ctx);
  checkSpecChange(ctx);
}

function checkFieldExamples(ctx: CheckContext): void {
  const { report, specFields, statusFields } = ctx;
  for (const v of [...specFields, ...statusFields]) {
    if (!Array.isArray(v.def.examples)) continue;
    v.def.examples.forEach((value, i) => {
      for (const problem of valueProblems(v.def, value))
        report.error(
          "SEM309",
          [...v.docPath, "examples", i, ...problem.path],
          `example ${problem.message}`,
          "Give an example the field's own type and constraints accept: the generated tests send it to the API server.",
          problem.at ?? "value",
        );
    });
  }
  // Each creation rule on a field with examples must accept every one of them.
  for (const { site, self, compiled } of compiledSites(ctx.data)) {
    if (site.generated || compiled.status !== "ok" || /\boldSelf\b/.test(site.rule)) continue;
    const examples = site.self.examples;
    if (!Array.isArray(examples)) continue;
    examples.forEach((value, i) => {
      const verdict = evaluateRule(site.rule, compiled.types, self, value);
      if (verdict.outcome === "rejected")
        ctx.report.error(
          "SEM310",
          [...site.selfPath, "examples", i],
          `the rule "${site.rule}" rejects this example (${verdict.why}), so the API server would refuse the objects the generated tests make with it`,
          "Change the example, or the rule, so that the example is a value the rule accepts.",
        );
    });
  }
}

function checkSpecChange({ data, report }: CheckContext): void {
  const change = obj(obj(data.testing).specChange);
  const name = str(change.field);
  if (name === undefined) return;
  const at: Path = ["testing", "specChange"];
  const field = obj(obj(obj(data.spec).fields)[name]);
  const problem =
    !isObject(obj(data.spec).fields) || !(name in obj(obj(data.spec).fields))
      ? `"${name}" is not a top-level field of spec.fields`
      : unchangeable(field);
  if (problem !== undefined) {
    report.error(
      "SEM311",
      [...at, "field"],
      `testing.specChange.field: ${problem}`,
      "Name a mutable top-level string, number, integer, boolean or int-or-string field of spec: the suites patch it on a live object.",
    );
    return;
  }
  if (!Array.isArray(change.values)) return;
  const values = change.values as unknown[];
  values.forEach((value, i) => {
    for (const p of valueProblems(field, value))
      report.error(
        "SEM312",
        [...at, "values", i, ...p.path],
        `spec change value ${p.message}`,
        `Give values spec.fields.${name} accepts: the suites send them to the API server.`,
        p.at ?? "value",
      );
    if (i > 0 && JSON.stringify(value) === JSON.stringify(values[i - 1]))
      report.error(
        "SEM312",
        [...at, "values", i],
        "spec change value is the same as the one before it, so the second change changes nothing",
        "Give two different values.",
      );
  });
  for (const { site, self, compiled } of compiledSites(data)) {
    if (site.generated || compiled.status !== "ok" || site.self !== field) continue;
    const transition = /\boldSelf\b/.test(site.rule);
    values.forEach((value, i) => {
      if (transition && i === 0) return;
      const verdict = transition
        ? evaluateRule(site.rule, compiled.types, self, value, values[i - 1])
        : evaluateRule(site.rule, compiled.types, self, value);
      if (verdict.outcome === "rejected")
        report.error(
          "SEM312",
          [...at, "values", i],
          `the rule "${site.rule}" rejects this spec change value (${verdict.why})`,
          `Give values the rules of spec.fields.${name} accept, in the order the suites set them.`,
        );
    });
  }
}

function unchangeable(field: RawObject): string | undefined {
  if (field.immutable !== undefined && field.immutable !== false)
    return "the field is immutable, so the API server refuses any change to it";
  if (field.reference !== undefined)
    return "the field is a reference: a new value names an object that does not exist";
  const type = str(field.type);
  if (type === undefined || !SCALAR_TYPES.has(type))
    return `the field is of type ${type ?? "(none)"}; a spec change sets a scalar field`;
  return undefined;
}
