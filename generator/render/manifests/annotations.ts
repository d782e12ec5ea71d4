// Annotations a user puts on an object to tell the operator something about that one object.

import type { OperatorModel } from "../../model/types.ts";

/** `<group>/deletion-policy`: Delete or Retain, as ACK's services.k8s.aws/deletion-policy. */
export function deletionPolicyAnnotation(model: OperatorModel): string {
  return `${model.api.group}/deletion-policy`;
}
