// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The StatefulSet that runs a Alertmanager's pods with stable names. Server-side applied on every
// reconcile; selector and serviceName cannot change after creation, so they depend on nothing in the spec.

import type { V1StatefulSet } from "@kubernetes/client-node";
import { OPERATOR_NAME } from "../api/v1/alertmanager-types.ts";
import type { AlertmanagerChildBuilder } from "../hooks/types.ts";
import { childMetadata, selectorLabels } from "@create-operator/runtime";

export const desiredStatefulSet: AlertmanagerChildBuilder<V1StatefulSet> = (obj) => {
  const labels = selectorLabels(obj, OPERATOR_NAME, "alertmanager");
  return {
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: childMetadata(obj, `${obj.metadata.name}`, labels),
    spec: {
      replicas: obj.spec?.replicas,
      // TODO(user): point serviceName at a headless Service if the pods need stable DNS names.
      selector: { matchLabels: labels },
      template: {
        metadata: {
          labels,
        },
        spec: {
          // The restricted Pod Security Standard by default, so the pods are admitted in namespaces
          // that enforce it. The image must then run as a non-root user.
          // TODO(user): add probes and resources that fit the application.
          securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
          containers: [
            {
              name: "app",
              image: obj.spec?.image ?? "registry.example.com/app:latest",
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ["ALL"] },
              },
            },
          ],
        },
      },
    },
  };
};
