// How the generated reconciler knows which spec its status answers for. With the status
// subresource, metadata.generation (the default, and the only thing the templates read then).
// Without it (api.statusSubresource: false) every status write advances the generation, so the
// reconciler tracks a hash of the spec and the top-level fields beside it instead
// (@create-operator/runtime's spec-hash.ts), recorded in status.observedSpecHash.

import type { OperatorModel } from "../../model/types.ts";

export interface SpecTrackingView {
  /** The CRD has no status subresource: the reconciler tracks the spec by its hash. */
  specHashTracking: boolean;
  /** The top-level field names hashed with spec, as a TypeScript array literal. */
  hashedTopLevelFields: string;
}

export function specTrackingView(model: OperatorModel): SpecTrackingView {
  return {
    specHashTracking: !model.api.statusSubresource,
    hashedTopLevelFields: JSON.stringify(model.topLevelFields.map((f) => f.name)),
  };
}
