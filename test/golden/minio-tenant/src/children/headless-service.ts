// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The Service in front of a Tenant's pods; it selects them by the same labels the workload uses.

import type { V1Service } from "@kubernetes/client-node";
import { OPERATOR_NAME } from "../api/v2/tenant-types.ts";
import type { TenantInstanceBuilder } from "../hooks/types.ts";
import { childMetadata, selectorLabels } from "@create-operator/runtime";

// TODO(user): the port clients of a Tenant connect to, and its name. 80 "http" suits a web
// server only: a database would say 5432 "postgres", a message broker 9092 "kafka".
// `targetPort` below is the container's port the traffic goes to.
const SERVICE_PORT = { name: "http", port: 80 };

export const desiredHeadlessService: TenantInstanceBuilder<V1Service> = (obj, instance) => {
  const labels = { ...selectorLabels(obj, OPERATOR_NAME, "tenant"), ...instance.labels };
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: childMetadata(obj, instance.name, labels),
    spec: {
      selector: labels,
      // TODO(user): the Service type, if clients reach it other than inside the cluster (ClusterIP).
      ports: [{ ...SERVICE_PORT, targetPort: "http" }],
    },
  };
};
