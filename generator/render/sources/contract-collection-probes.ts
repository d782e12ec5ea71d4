// Probes for lists and maps: item and entry counts, and the uniqueness a set or map list type
// promises.

import type { FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import type { Probe } from "./contract-probe.ts";
import type { Slot } from "./contract-slots.ts";
import { itemIdentity, manyEntries, manyItems } from "./contract-values.ts";

export function arrayProbes(slot: Slot): Probe[] {
  const f = slot.field;
  const out: Probe[] = [];
  if (f.minItems !== undefined && f.minItems > 0)
    out.push({
      label: `minItems ${f.minItems}`,
      bad: manyItems(f, f.minItems - 1),
      rejection: { reason: "FieldValueInvalid", message: `at least ${f.minItems} items` },
      good: present(manyItems(f, f.minItems)),
    });
  if (f.maxItems !== undefined)
    out.push({
      label: `maxItems ${f.maxItems}`,
      // Past the distinct values a set's items admit, only repeats are left: still too many.
      bad: manyItems(f, f.maxItems + 1) ?? repeated(f, f.maxItems + 1),
      rejection: { reason: "FieldValueTooMany", message: `at most ${f.maxItems} items` },
      good: present(manyItems(f, f.maxItems)),
    });
  const identity = itemIdentity(f);
  if (identity && (f.maxItems ?? 2) >= 2) {
    const first = exampleValue(f.items!, 0);
    const label =
      f.listType === "set"
        ? "list-type set"
        : `list-type map keyed by ${f.listMapKeys?.join(", ")}`;
    const twice = [first, structuredClone(first)];
    const distinct = present(manyItems(f, Math.max(2, f.minItems ?? 0)));
    out.push({
      label,
      bad: twice,
      rejection: {
        // Reported by the list-type check in field.Path notation (map keys in brackets).
        field: `${slot.fieldPath}[1]`,
        reason: "FieldValueDuplicate",
        message: "Duplicate value",
      },
      good: distinct,
      breaks: (v) => new Set((v as unknown[]).map(identity)).size < (v as unknown[]).length,
    });
  }
  return out;
}

/** A good value only where one exists. */
function present(list: unknown[] | undefined): unknown[][] {
  return list === undefined ? [] : [list];
}

function repeated(f: FieldModel, count: number): unknown[] {
  return Array.from({ length: count }, () => exampleValue(f.items!, 0));
}

export function mapProbes(f: FieldModel): Probe[] {
  const out: Probe[] = [];
  if (f.minProperties !== undefined && f.minProperties > 0)
    out.push({
      label: `minProperties ${f.minProperties}`,
      bad: manyEntries(f, f.minProperties - 1),
      rejection: {
        reason: "FieldValueInvalid",
        message: `at least ${f.minProperties} properties`,
      },
      good: [manyEntries(f, f.minProperties)],
    });
  if (f.maxProperties !== undefined)
    out.push({
      label: `maxProperties ${f.maxProperties}`,
      bad: manyEntries(f, f.maxProperties + 1),
      rejection: { reason: "FieldValueTooMany", message: `at most ${f.maxProperties}` },
      good: [manyEntries(f, f.maxProperties)],
    });
  return out;
}
