// children[].kinds + kindField (child-kind-choice.ts): a child is one kind (apiVersion and kind)
// or chooses among kinds by a spec field, never both. The per-kind rules (built-in or CRD, scope,
// names, builder files) are the other child checks', run on each kind; this module checks the
// choice itself and refuses what the generated reconciler cannot do with it.

import { resolveKindField, type KindFieldResolution } from "./child-kind-choice.ts";
import { ONE_PER_KIND } from "./check-child-roles.ts";
import type { CheckContext } from "./context.ts";
import { isObject, obj, objects, str } from "./raw-spec.ts";

/**
 * Keys a choosing child cannot have. forEach/count: each kind's instances would be named and pruned
 * apart, and the generated suites drive instances of one kind; when: the kind field already decides
 * whether each kind exists (an optional parent object of the field leaves the child out).
 */
const REFUSED_WITH_CHOICE = ["forEach", "count", "when"] as const;

export function checkChildKindChoice({ data, report }: CheckContext): void {
  const specFields = obj(data.spec).fields;
  for (const [i, child] of objects(data.children)) {
    const single = child.apiVersion !== undefined || child.kind !== undefined;
    const choosing = child.kinds !== undefined || child.kindField !== undefined;
    if (!single && !choosing) {
      report.error(
        "SEM460",
        ["children", i],
        "a child needs apiVersion and kind, or kinds and kindField",
        "Write apiVersion and kind (e.g. apps/v1, Deployment) for one kind, or kinds: [{apiVersion, kind}, ...] with kindField: the spec field each object chooses the kind with.",
      );
      continue;
    }
    if (single && choosing) {
      report.error(
        "SEM460",
        ["children", i, child.kinds !== undefined ? "kinds" : "kindField"],
        "a child has apiVersion and kind, or kinds and kindField, not both",
        "List every kind the field may choose under kinds (each with its apiVersion), and drop the entry's own apiVersion and kind.",
      );
      continue;
    }
    if (single) {
      for (const key of ["apiVersion", "kind"] as const)
        if (child[key] === undefined)
          report.error(
            "SEM460",
            ["children", i],
            `a child with ${key === "kind" ? "apiVersion" : "kind"} needs ${key} too`,
            "Write both apiVersion and kind, e.g. apps/v1 and Deployment.",
          );
      continue;
    }
    const kindField = str(child.kindField);
    if (child.kinds === undefined || kindField === undefined) {
      report.error(
        "SEM461",
        ["children", i, child.kinds === undefined ? "kindField" : "kinds"],
        child.kinds === undefined
          ? "kindField chooses among kinds, but the child lists none"
          : "a child with kinds needs kindField, the spec field that chooses among them",
        "Give both: kinds (each with apiVersion and kind) and kindField (a string spec field whose enum lists those kinds, e.g. workload.kind).",
      );
      continue;
    }
    const kinds = objects(child.kinds).map(([, k]) => str(k.kind));
    checkKindsList(i, child.kinds, report);
    for (const key of REFUSED_WITH_CHOICE)
      if (child[key] !== undefined)
        report.error(
          "SEM466",
          ["children", i, key],
          `a child whose kind a field chooses cannot have ${key}`,
          key === "when"
            ? "The kind field decides which kind exists; for a child that may also be absent, put the field in an optional object (absent object: no child) or list the child separately."
            : `One object per owner: list the kinds you need ${key === "forEach" ? "per entry" : "per instance"} as their own children, or build them in the reconciler.`,
        );
    if (kinds.some((k) => k === undefined)) continue;
    const resolved: KindFieldResolution = resolveKindField(
      specFields,
      kindField,
      kinds as string[],
    );
    if (!resolved.ok)
      report.error(resolved.code, ["children", i, "kindField"], resolved.message, resolved.hint);
  }
}

/** Each kind once (the field names it by kind), and no RBAC kind (they pair up by fixed names). */
function checkKindsList(i: number, kinds: unknown, report: CheckContext["report"]): void {
  const seen = new Map<string, number>();
  for (const [j, item] of objects(kinds)) {
    const kind = str(item.kind);
    if (kind === undefined) continue;
    const first = seen.get(kind);
    if (first !== undefined)
      report.error(
        "SEM466",
        ["children", i, "kinds", j, "kind"],
        `kind ${kind} is listed twice (kinds[${first}])`,
        "The kind field names a kind by its name alone: list each kind once.",
      );
    else seen.set(kind, j);
    if (ONE_PER_KIND.has(kind))
      report.error(
        "SEM466",
        ["children", i, "kinds", j, "kind"],
        `a ${kind} child cannot be chosen by a field`,
        "A binding and the role it grants refer to each other by fixed names: list RBAC children on their own.",
      );
  }
  if (Array.isArray(kinds) && kinds.length < 2 && kinds.every(isObject))
    report.error(
      "SEM466",
      ["children", i, "kinds"],
      "a child whose kind a field chooses lists at least two kinds",
      "With one kind there is nothing to choose: write apiVersion and kind instead of kinds.",
    );
}
