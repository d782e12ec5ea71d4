// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The Secret through which a Database's clients find it. Mount or envFrom it in client workloads.

import type { V1Secret } from "@kubernetes/client-node";
import { OPERATOR_NAME } from "../api/v1/database-types.ts";
import type { DatabaseChildBuilder } from "../hooks/types.ts";
import { childMetadata, selectorLabels } from "@create-operator/runtime";

export const desiredSecret: DatabaseChildBuilder<V1Secret> = (obj) => {
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
};
