// Status is written only by the controller, and the generated CRD gives status fields no default:
// a default the server applied would make every stored status differ from the one the controller
// computed, so each write would look like a change and trigger the next. A default written there
// was dropped without a word; now it is refused where it is written, with what to do instead.

import type { CheckContext } from "./context.ts";
import { has } from "./raw-spec.ts";

export function checkStatusDefaults({ report, statusFields }: CheckContext): void {
  for (const v of statusFields) {
    if (!has(v.def, "default")) continue;
    report.error(
      "SEM244",
      [...v.docPath, "default"],
      `status field "${v.fieldPath.join(".")}" has a default, which the CRD cannot carry: only the controller writes status`,
      "Remove the default and have the status hook write the value (an absent status field reads as not yet observed).",
      "key",
    );
  }
}
