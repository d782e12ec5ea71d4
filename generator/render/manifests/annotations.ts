// Annotations a user puts on an object to tell the operator something about that one object.

import type { OperatorModel } from "../../model/types.ts";

/**
 * Delete or Retain, as ACK's services.k8s.aws/deletion-policy: management.deletionPolicyAnnotation,
 * else `<group>/deletion-policy`.
 */
export function deletionPolicyAnnotation(model: OperatorModel): string {
  return model.management?.deletionPolicyAnnotation ?? `${model.api.group}/deletion-policy`;
}
