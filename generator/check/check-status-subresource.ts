// A CRD without the status subresource (api.statusSubresource: false) is refused, where it is
// written, rather than generated unsafely. Read against the runtime (status.ts writes status
// through PUT …/status; the reconciler compares status.observedGeneration with
// metadata.generation): without the subresource a status write must be a write of the whole
// object, and the API server then advances metadata.generation on it, since only with the
// subresource does it leave status out of the comparison that bumps the generation. The
// reconciler's own write would make its status stale at once: observedGeneration G on an object
// now at G+1, so the next pass converges again and writes again, forever. The operator would
// also need update on the whole object (spec included) instead of on status alone, and users
// could overwrite status. Supporting it would mean tracking what was reconciled by something
// other than the generation (a hash of the spec in status) throughout the runtime.

import type { CheckContext } from "./context.ts";
import { obj } from "./raw-spec.ts";

export function checkStatusSubresource({ data, report }: CheckContext): void {
  if (obj(data.api).statusSubresource !== false) return;
  report.error(
    "SEM412",
    ["api", "statusSubresource"],
    "a CRD without the status subresource cannot be reconciled safely: every status write would advance metadata.generation, so observedGeneration never catches up and the operator writes status forever",
    "Leave statusSubresource out (or true): the API server then keeps status apart from spec, and the operator needs update on status only. Clients that wrote status through the object itself write it through …/status instead (kubectl --subresource=status).",
  );
}
