// The child whose kind a field chooses that the generated suite drives end to end (test/
// integration/child-kind-choice.test.ts, reading test/support/child-kind-choice.json): the first
// such child whose every kind the sample can choose by setting the field alone (its parent object
// is in the sample, and the whole spec admits each value).

import type { OperatorModel } from "../../model/types.ts";
import { conditionHolds, immutableAlong, sampleOf, suiteAdmits } from "./test-fixture.ts";

export interface ChildKindChoiceFixture {
  /** The kind field's path from spec, e.g. ["workload", "kind"]. */
  path: string[];
  /** Each kind the field may choose, in the enum's order: the value is the kind's name. */
  kinds: Array<{ apiVersion: string; kind: string }>;
  /** The field (or an object it is in) is immutable: the suite makes one owner per kind instead. */
  fixed: boolean;
}

export function childKindChoiceFixture(model: OperatorModel): ChildKindChoiceFixture | undefined {
  const sample = sampleOf(model);
  const admits = suiteAdmits(model, sample);
  for (const child of model.children) {
    const choice = child.chosenBy;
    if (choice === undefined) continue;
    const kinds = choice.kinds.map((kind) =>
      model.children.find((c) => c.chosenBy?.field === choice.field && c.kind === kind)!,
    );
    // The suite sets the field in the sample, making any object on its path that is absent empty.
    const choosable = kinds.every((c) => {
      const spec = choosingAt(sample, choice.field.path, c.kind);
      return conditionHolds(c, spec) && admits(spec);
    });
    if (!choosable) continue;
    const path = choice.field.path.split(".");
    return {
      path,
      kinds: kinds.map((c) => ({ apiVersion: c.apiVersion, kind: c.kind })),
      fixed: immutableAlong(model.spec.fields, path),
    };
  }
  return undefined;
}

/** A copy of `sample` with `kind` at the dotted `path`, every absent object on the way made empty. */
function choosingAt(
  sample: Record<string, unknown>,
  path: string,
  kind: string,
): Record<string, unknown> {
  const out = structuredClone(sample);
  const names = path.split(".");
  let at = out;
  for (const key of names.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[names.at(-1)!] = kind;
  return out;
}
