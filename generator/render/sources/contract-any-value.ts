// Storage cases for `type: any` fields (a typeless schema with x-kubernetes-preserve-unknown-fields):
// the server keeps a value of another JSON type than an object as sent, which is what sets such a
// field apart from free-form. Only values the field's own rules and the spec's rules admit.

import type { FieldModel } from "../../model/types.ts";
import type { PruningCase } from "./contract-case-types.ts";
import { serverDefaults, type Slot, type Spec } from "./contract-slots.ts";

const VALUES: ReadonlyArray<[string, unknown]> = [
  ["a string", "text"],
  ["a list", [1, "two", { three: true }]],
];

export function anyValueCases(
  fields: readonly FieldModel[],
  slots: readonly Slot[],
  admits: (spec: Spec) => boolean,
): PruningCase[] {
  return slots
    .filter((s) => s.field.type === "any")
    .flatMap((slot) =>
      VALUES.map(([what, value]) => ({ what, spec: slot.place(structuredClone(value)), slot })),
    )
    .filter(({ spec }) => admits(spec))
    .map(({ what, spec, slot }) => ({
      name: `any ${slot.path} keeps ${what} as sent`,
      spec,
      stored: serverDefaults([...fields], spec),
    }));
}
