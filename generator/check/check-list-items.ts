// The API server refuses nullable items in a list whose items are identified by value or by key
// (x-kubernetes-list-type set or map): a null item has no value to compare and no key.

import type { CheckContext } from "./context.ts";

export function checkListItems({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
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
