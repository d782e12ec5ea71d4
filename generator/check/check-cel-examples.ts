// A CEL rule is only proven by fixtures: the generated contract tests send each `examples.valid`
// value to the real API server expecting acceptance and each `examples.invalid` value expecting
// the rule's message. A rule without an invalid example cannot be shown to reject anything, and an
// example the rule itself disagrees with is caught here, at generation time, by evaluating it.

import { compiledSites } from "./cel-compiled-sites.ts";
import { evaluateRule } from "./cel-evaluate.ts";
import type { CheckContext } from "./context.ts";
import { immutabilityOf } from "./immutability.ts";
import { arr, isObject, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export function checkCelExamples(ctx: CheckContext): void {
  checkExampleShapes(ctx);
  evaluateExamples(ctx);
}

/** Each example through the rule: a valid one it rejects, or an invalid one it accepts, is an error. */
function evaluateExamples({ data, report }: CheckContext): void {
  for (const { site, self, compiled } of compiledSites(data)) {
    if (!site.examples || compiled.status !== "ok") continue;
    const transition = /\boldSelf\b/.test(site.rule);
    for (const kind of ["valid", "invalid"] as const) {
      arr(site.examples[kind]).forEach((example, i) => {
        if (transition && !(isObject(example) && "old" in example && "new" in example)) return;
        const verdict = transition
          ? evaluateRule(site.rule, compiled.types, self, obj(example).new, obj(example).old)
          : evaluateRule(site.rule, compiled.types, self, example);
        if (kind === "valid" && transition && changesImmutable(site.self, example)) {
          report.error(
            "SEM104",
            [...site.reportPath.slice(0, -1), "examples", kind, i],
            `this valid example of the rule "${site.rule}" changes the field, which immutable forbids`,
            "An immutable field can only keep its value: drop the example (or immutable); the generated contract test would see the update refused.",
          );
          return;
        }
        if (verdict.outcome === "unknown") return;
        if (kind === "valid" && verdict.outcome === "rejected")
          report.error(
            "SEM104",
            [...site.reportPath.slice(0, -1), "examples", kind, i],
            `the rule "${site.rule}" rejects this valid example: ${verdict.why}`,
            "Fix the example, or the rule: the generated contract test expects the API server to accept it.",
          );
        if (kind === "invalid" && verdict.outcome === "accepted")
          report.error(
            "SEM104",
            [...site.reportPath.slice(0, -1), "examples", kind, i],
            `the rule "${site.rule}" accepts this invalid example`,
            "Fix the example, or the rule: the generated contract test expects the API server to reject it.",
          );
      });
    }
  }
}

/** A transition example whose old and new differ, on a field that may never change. */
function changesImmutable(self: RawObject, example: unknown): boolean {
  if (immutabilityOf(self) === undefined || !isObject(example)) return false;
  return JSON.stringify(example.old) !== JSON.stringify(example.new);
}

function checkExampleShapes({ data, report, specFields, statusFields }: CheckContext): void {
  const broken = new Set(
    compiledSites(data)
      .filter(({ compiled }) => !["ok", "unchecked"].includes(compiled.status))
      .map(({ site }) => site.rule),
  );
  const places: Path[] = [
    ["spec", "rules"],
    ...[...specFields, ...statusFields].map((visit) => [...visit.docPath, "rules"]),
  ];
  for (const place of places) {
    arr(lookup(data, place)).forEach((raw, index) => {
      const rule = obj(raw);
      const text = str(rule.rule);
      if (text === undefined) return;
      const path = [...place, index];
      const examples = obj(rule.examples);
      // A rule that does not compile has its own error; asking for examples of it is noise.
      if (arr(examples.invalid).length === 0 && !broken.has(text)) {
        report.warning(
          "WARN009",
          [...path, "rule"],
          `CEL rule "${text}" has no invalid example, so no test proves that it rejects anything`,
          "Add examples: { valid: [...], invalid: [...] } with values of self the rule accepts and rejects.",
          "key",
        );
      }
      if (!text.includes("oldSelf")) return;
      for (const kind of ["valid", "invalid"] as const) {
        arr(examples[kind]).forEach((example, i) => {
          if (isObject(example) && "old" in example && "new" in example) return;
          report.error(
            "SEM061",
            [...path, "examples", kind, i],
            `an example of the transition rule "${text}" must be an object with old and new`,
            "A rule that reads oldSelf is checked on updates: give the value before (old) and after (new).",
          );
        });
      }
    });
  }
}

function lookup(data: unknown, path: Path): unknown {
  let node = data;
  for (const segment of path) node = isObject(node) ? node[segment as string] : undefined;
  return node;
}
