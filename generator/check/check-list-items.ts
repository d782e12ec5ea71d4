// The API server refuses nullable items in a list whose items are identified by value or by key
// (x-kubernetes-list-type set or map): a null item has no value to compare and no key. A set list
// also refuses duplicates, so a minItems beyond the distinct values its items admit (an enum of
// two, integers 1 to 3, booleans) leaves no valid list: the field could never be set.

import type { CheckContext } from "./context.ts";
import { num, obj, type RawObject } from "./raw-spec.ts";

export function checkListItems({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    const minItems = num(v.def.minItems);
    // obj: a malformed spec (items: null) is the schema check's to report.
    const admitted = distinctValues(obj(v.def.items));
    if (
      v.def.listType === "set" &&
      minItems !== undefined &&
      admitted !== undefined &&
      minItems > admitted
    )
      report.error(
        "SEM160",
        [...v.docPath, "minItems"],
        `the set list "${v.name}" needs at least ${minItems} distinct items, but its items admit only ${admitted} values`,
        `A set refuses duplicates, so no valid list exists: lower minItems to ${admitted}, allow more item values, or make the list atomic.`,
      );
    if (v.role !== "items" || v.def.nullable !== true) continue;
    const listType = v.parent?.def.listType;
    if (listType !== "set" && listType !== "map") continue;
    report.error(
      "SEM158",
      [...v.docPath, "nullable"],
      `items of the ${listType} list "${v.name}" cannot be nullable`,
      `The API server refuses nullable items when listType is ${listType}: drop nullable, or make the list atomic.`,
      "key",
    );
  }
}

/** How many distinct values an item definition admits, when that is few enough to count. */
function distinctValues(items: RawObject): number | undefined {
  if (Array.isArray(items.enum)) return new Set(items.enum.map((v) => JSON.stringify(v))).size;
  if (items.type === "boolean") return 2;
  const min = num(items.minimum);
  const max = num(items.maximum);
  if (items.type === "integer" && min !== undefined && max !== undefined) {
    const low = Math.ceil(min) + (items.exclusiveMinimum === true && Number.isInteger(min) ? 1 : 0);
    const high =
      Math.floor(max) - (items.exclusiveMaximum === true && Number.isInteger(max) ? 1 : 0);
    return Math.max(0, high - low + 1);
  }
  return undefined;
}
