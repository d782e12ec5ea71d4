// x-kubernetes-validations of one schema node, old against new, matched by rule text. A new or
// changed rule is breaking (stored objects it refuses fail their next update); a removed one is
// risky. The rules the generator writes for `immutable` are reported as immutability.

import type { CelRule } from "../model/types.ts";
import type { JSONSchemaProps } from "../render/manifests/schema-types.ts";
import { keyPath, show, type Change, type Location } from "./change.ts";
import { record, type DiffContext } from "./diff-context.ts";

const IMMUTABLE = "self == oldSelf";
const REMOVABLE = /^!has\(oldSelf\.(.+)\) \|\| has\(self\.\1\)$/;

export function diffRules(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  ctx: DiffContext,
): void {
  const push = (change: Omit<Change, "version">) => record(ctx, change);
  const before = o["x-kubernetes-validations"] ?? [];
  const after = n["x-kubernetes-validations"] ?? [];
  const oldOnly = before.filter((r) => !after.some((s) => s.rule === r.rule));
  const newOnly = after.filter((r) => !before.some((s) => s.rule === r.rule));
  for (const rule of after) {
    const previous = before.find((r) => r.rule === rule.rule);
    if (previous && !sameWording(previous, rule))
      push({
        code: "COMPAT004",
        side: "new",
        specPath: rulePath(at, rule, "new", ctx),
        message: `${at.field || "metadata.name"}: the message of rule ${show(rule.rule)} changed from ${show(previous.message)} to ${show(rule.message)}: only what users read changes`,
        hint: "Nothing to do.",
      });
  }
  if (oldOnly.some((r) => r.rule === IMMUTABLE) !== newOnly.some((r) => r.rule === IMMUTABLE)) {
    if (newOnly.some((r) => r.rule === IMMUTABLE))
      push({
        code: "COMPAT027",
        side: "new",
        specPath: keyPath(at, "immutable"),
        message: `${at.field}: made immutable: objects already stored keep their value, but any update that changes it is now refused, including the updates of clients and tools that set it today`,
      });
    else
      push({
        code: "COMPAT012",
        side: "old",
        specPath: keyPath(at, "immutable"),
        message: `${at.field}: no longer immutable: the reconciler must handle a value that changes after creation (the cloud resource it feeds may need replacing)`,
      });
  }
  const removable = (list: CelRule[]) =>
    list.filter((r) => REMOVABLE.test(r.rule) && !immutabilityReported(r.rule, o, n));
  const changedOld = oldOnly.filter((r) => r.rule !== IMMUTABLE && !REMOVABLE.test(r.rule));
  const changedNew = newOnly.filter((r) => r.rule !== IMMUTABLE && !REMOVABLE.test(r.rule));
  for (const rule of removable(newOnly))
    push({
      code: "COMPAT027",
      side: "new",
      specPath: keyPath(at, "fields", REMOVABLE.exec(rule.rule)![1]!, "immutable"),
      message: `${at.field}: ${rule.message}: objects already stored may remove it today; that update is now refused`,
    });
  for (const rule of removable(oldOnly))
    push({
      code: "COMPAT012",
      side: "old",
      specPath: keyPath(at, "fields", REMOVABLE.exec(rule.rule)![1]!),
      message: `${at.field}: rule ${show(rule.rule)} removed: the field may now be removed after it was set`,
    });
  if (at.spec.length === 0 && !at.opaque) {
    diffNameRules(changedOld, changedNew, push);
    return;
  }
  // A rule whose text changed reads best as one change: pair them in order.
  const paired = Math.min(changedOld.length, changedNew.length);
  for (let i = 0; i < changedNew.length; i++) {
    const rule = changedNew[i]!;
    const replaced = i < paired ? changedOld[i] : undefined;
    push({
      code: "COMPAT026",
      side: "new",
      specPath: rulePath(at, rule, "new", ctx),
      message: replaced
        ? `${at.field}: CEL rule changed from ${show(replaced.rule)} to ${show(rule.rule)}: objects already stored that the new rule refuses will fail validation on their next update`
        : `${at.field}: new CEL rule ${show(rule.rule)}: objects already stored that it refuses will fail validation on their next update`,
    });
  }
  for (const rule of changedOld.slice(paired))
    push({
      code: "COMPAT012",
      side: "old",
      specPath: rulePath(at, rule, "old", ctx),
      message: `${at.field}: CEL rule ${show(rule.rule)} removed: values it refused are now accepted, so the reconciler and every client must handle them`,
    });
}

/**
 * Rules on the object itself are the generator's: children carry their owner's name, so an owner
 * whose name they cannot carry is refused. Such an object could not get the new child anyway,
 * which makes the rule a consequence of adding the child, not a separate break: risky.
 */
function diffNameRules(
  removed: CelRule[],
  added: CelRule[],
  push: (change: Omit<Change, "version">) => void,
): void {
  for (const rule of added)
    push({
      code: "COMPAT015",
      side: "new",
      specPath: ["children"],
      message: `metadata.name: new rule ${show(rule.rule)} (${rule.message}): objects already stored whose name breaks it fail their next update; the child they now need could not be created for them anyway`,
      hint: "Before rolling out, find stored objects whose names break the rule and recreate them under a shorter name.",
    });
  for (const rule of removed)
    push({
      code: "COMPAT012",
      side: "old",
      specPath: ["children"],
      message: `metadata.name: rule ${show(rule.rule)} removed: names it refused are now accepted`,
    });
}

function sameWording(a: CelRule, b: CelRule): boolean {
  return a.message === b.message && a.reason === b.reason && a.fieldPath === b.fieldPath;
}

/** Immutability of a child is reported at the child; its "cannot be removed" rule is part of it. */
function immutabilityReported(rule: string, o: JSONSchemaProps, n: JSONSchemaProps): boolean {
  const name = REMOVABLE.exec(rule)?.[1];
  if (name === undefined) return false;
  const immutable = (s: JSONSchemaProps | undefined) =>
    s?.["x-kubernetes-validations"]?.some((r) => r.rule === IMMUTABLE) ?? false;
  const before = o.properties?.[name];
  const after = n.properties?.[name];
  return before === undefined || after === undefined || immutable(before) !== immutable(after);
}

/** The spec node a rendered rule comes from: one of the node's `rules`, or the children's. */
function rulePath(at: Location, rule: CelRule, side: "old" | "new", ctx: DiffContext) {
  if (at.opaque) return at.spec;
  // Rules on the object itself are the owner-name rules the generator adds for children.
  if (at.spec.length === 0) return ["children"];
  const rules = ctx.valueAt(side, [...at.spec, "rules"]);
  const index = Array.isArray(rules)
    ? rules.findIndex((r) => (r as { rule?: unknown } | null)?.rule === rule.rule)
    : -1;
  return index === -1 ? [...at.spec, "rules"] : [...at.spec, "rules", index];
}
