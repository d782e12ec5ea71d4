// The controller writes status many times before it knows every observed value: Reconciling on
// the first pass, Deleting and CleanupFailed during finalization, a failure before any output
// exists. A top-level status field marked required would make the API server refuse each of
// those writes, so the operator could never report progress or errors. Nested required fields
// are fine: they are required only once their object is written.

import type { CheckContext } from "./context.ts";

export function checkStatusRequired({ report, statusFields }: CheckContext): void {
  for (const v of statusFields) {
    if (v.role !== "field" || v.parent || v.def.required !== true) continue;
    report.error(
      "SEM156",
      [...v.docPath, "required"],
      `status field "${v.name}" is required, so every status write before it is known would be refused`,
      "Drop required: the controller sets the field once it knows the value; clients read its absence as not yet observed.",
      "key",
    );
  }
}
