// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The Deployment that runs a WebApp's pods. Server-side applied on every reconcile: fields set
// here are owned by the operator, fields it leaves out (e.g. replicas under an autoscaler) are not.

import type { V1Deployment } from "@kubernetes/client-node";
import { OPERATOR_NAME } from "../api/v1/web-app-types.ts";
import type { WebAppChildBuilder } from "../hooks/types.ts";
import { childMetadata, selectorLabels } from "@create-operator/runtime";

export const desiredDeployment: WebAppChildBuilder<V1Deployment> = (obj) => {
  const labels = selectorLabels(obj, OPERATOR_NAME, "web-app");
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: childMetadata(obj, `${obj.metadata.name}`, labels),
    spec: {
      replicas: obj.spec.replicas ?? 2,
      selector: { matchLabels: labels },
      template: {
        metadata: {
          labels,
          annotations: obj.spec.podAnnotations,
        },
        spec: {
          // The restricted Pod Security Standard by default, so the pods are admitted in namespaces
          // that enforce it. The image must then run as a non-root user.
          // TODO(user): add probes and resources that fit the application.
          securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
          containers: [
            {
              name: "app",
              image: obj.spec.image,
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ["ALL"] },
              },
              ports: [{ name: "http", containerPort: obj.spec.port ?? 8080 }],
              env: obj.spec.env ?? [],
            },
          ],
        },
      },
    },
  };
};
