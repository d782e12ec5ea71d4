// Flag combinations that do not mean what they seem to.

import type { CheckContext } from "./context.ts";
import { immutabilityOf } from "./immutability.ts";
import { has } from "./raw-spec.ts";

export function checkFieldFlags({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    const { def, docPath } = v;
    // Warned, not refused: the API server accepts the pair and real CRDs carry it. It applies
    // defaults before it validates, so `required` never fires; the generated tests expect exactly
    // that (an object without the field is stored with the default), and the author hears it.
    if (def.required === true && has(def, "default")) {
      report.warning(
        "WARN112",
        [...docPath, "required"],
        `"${v.name}" is required and has a default: an object without it is accepted and stored with the default`,
        "The API server applies defaults before it validates, so required never rejects anything here. Drop required: true to say so, or drop the default to make clients set it.",
        "key",
      );
    }
    if (def.nullable === true && def.required === true) {
      report.warning(
        "WARN003",
        [...docPath, "nullable"],
        `"${v.name}" is required and nullable`,
        "An explicit null satisfies required; drop one of the two unless null is a meaningful value.",
        "key",
      );
    }
    // A transition rule only runs when old and new object both have the field; when the parent
    // object is absent on either side, `self == oldSelf` is never evaluated. A list entry's fields
    // are left out: an entry comes and goes with the list (no flag on the entry could change that),
    // and a map list's entries are matched by key, so a kept entry's field stays immutable.
    const parent = v.parent;
    if (
      immutabilityOf(def) !== undefined &&
      v.role === "field" &&
      parent?.type === "object" &&
      parent.role === "field" &&
      parent.def.required !== true &&
      !has(parent.def, "default")
    ) {
      report.warning(
        "WARN002",
        [...docPath, "immutable"],
        `"${v.name}" is immutable, but its parent "${parent.name}" is optional without a default`,
        `The rule does not fire when "${parent.name}" is added or removed; make "${parent.name}" required or give it a default ({}).`,
        "key",
      );
    }
  }
}
