// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.

// The Secret through which a Database's clients find it. Mount or envFrom it in client workloads.

import type { V1Secret } from "@kubernetes/client-node";
import { OPERATOR_NAME, type Database } from "../api/v1alpha1/database-types.ts";
import { childMetadata, selectorLabels } from "../runtime/ownership.ts";

export function desiredSecret(obj: Database): V1Secret {
  const labels = selectorLabels(obj, OPERATOR_NAME, "database");
  return {
    apiVersion: "v1",
    kind: "Secret",
    metadata: childMetadata(obj, `${obj.metadata.name}-connection`, labels),
    type: "Opaque",
    // TODO(user): add credentials from the provider; never put them in the Database's status.
    stringData: {
      endpoint: obj.status?.endpoint ?? "",
      instanceId: obj.status?.instanceId ?? "",
    },
  };
}
