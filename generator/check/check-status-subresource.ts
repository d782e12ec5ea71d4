// A CRD without the status subresource (api.statusSubresource: false), as a few real CRDs have
// it. Without the subresource a status write is a write of the whole object, and the API server
// advances metadata.generation on it (only the subresource keeps status out of the change that
// bumps the generation), so the generation cannot tell the operator's own status write from a new
// spec. The generated operator then tracks the spec by a hash recorded in status.observedSpecHash
// (@create-operator/runtime's spec-hash.ts) and writes status with a patch of the object. What
// stays refused is what that mode cannot carry: a status field of the hash's name, and the scale
// subresource, whose replica count the API server reads from status and whose generated tests
// write status through …/status, and status.observedGeneration: false, since the spec-version
// counter the hash advances is status.observedGeneration (spec-hash.ts specGeneration): without it
// the counter would stay at 1 and the generated waits could never see a new spec answered.

import type { CheckContext } from "./context.ts";
import { obj } from "./raw-spec.ts";

/** The status key the hash is recorded under (the runtime's SpecHashed). */
export const OBSERVED_SPEC_HASH = "observedSpecHash";

export function checkStatusSubresource({ data, report }: CheckContext): void {
  const api = obj(data.api);
  if (api.statusSubresource !== false) return;
  if (api.scale !== undefined)
    report.error(
      "SEM470",
      ["api", "statusSubresource"],
      "a CRD without the status subresource cannot also have the scale subresource here: its replica count is read from status, and the generated scale tests write status through …/status",
      "Keep the status subresource (leave statusSubresource out), or remove api.scale.",
    );
  if (obj(data.status).observedGeneration === false)
    report.error(
      "SEM472",
      ["api", "statusSubresource"],
      "a CRD without the status subresource keeps status.observedGeneration: the operator counts there the spec versions its status answers for, next to the spec hash",
      "Leave status.observedGeneration out (or true), or keep the status subresource.",
    );
  const statusFields = obj(obj(data.status).fields);
  if (Object.hasOwn(statusFields, OBSERVED_SPEC_HASH))
    report.error(
      "SEM471",
      ["status", "fields", OBSERVED_SPEC_HASH],
      `status field "${OBSERVED_SPEC_HASH}" is reserved without the status subresource: the operator records there the hash of the spec its status answers for`,
      "Rename the field, or keep the status subresource.",
      "key",
    );
}
