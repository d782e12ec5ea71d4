// Fields that embed a Kubernetes type by reference (core/v1.Toleration, Quantity ...), with
// values the upstream schema accepts, some with a CEL rule over the embedded type's fields.

import fc from "fast-check";
import type { GenField } from "./scalars.ts";

const KUBERNETES_FIELDS: readonly GenField[] = [
  {
    def: {
      type: "core/v1.ResourceRequirements",
      rules: [
        {
          rule: "has(self.requests)",
          message: "requests are required",
          examples: { valid: [{ requests: { cpu: "100m" } }], invalid: [{ limits: { cpu: 1 } }] },
        },
      ],
    },
    samples: [
      { requests: { cpu: "100m", memory: "128Mi" } },
      { requests: { cpu: 2 }, limits: { cpu: 4 } },
    ],
    cel: true,
  },
  {
    def: { type: "core/v1.Toleration" },
    samples: [
      { key: "dedicated", operator: "Equal", value: "monitoring", effect: "NoSchedule" },
      { operator: "Exists" },
    ],
    cel: false,
  },
  {
    def: { type: "core/v1.LocalObjectReference" },
    samples: [{ name: "regcred" }, { name: "other" }],
    cel: false,
  },
  {
    def: { type: "core/v1.SecretKeySelector" },
    samples: [
      { name: "db", key: "password" },
      { name: "db", key: "user", optional: true },
    ],
    cel: false,
  },
  {
    def: { type: "meta/v1.LabelSelector" },
    samples: [
      { matchLabels: { "app.kubernetes.io/name": "example" } },
      { matchExpressions: [{ key: "tier", operator: "In", values: ["web"] }] },
    ],
    cel: false,
  },
  {
    def: { type: "core/v1.Affinity" },
    samples: [
      {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  { key: "topology.kubernetes.io/zone", operator: "In", values: ["a"] },
                ],
              },
            ],
          },
        },
      },
      {},
    ],
    cel: false,
  },
  {
    def: { type: "core/v1.PersistentVolumeClaimSpec" },
    samples: [
      { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
      { storageClassName: "ssd" },
    ],
    cel: false,
  },
  {
    def: { type: "core/v1.PodTemplateSpec" },
    samples: [
      {
        metadata: { labels: { app: "example" } },
        spec: { containers: [{ name: "app", image: "nginx:1.27" }] },
      },
      {},
    ],
    cel: false,
  },
  {
    def: { type: "apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy" },
    samples: [{ whenDeleted: "Delete", whenScaled: "Retain" }, {}],
    cel: false,
  },
  {
    def: { type: "autoscaling/v2.HorizontalPodAutoscalerBehavior" },
    samples: [
      {
        scaleDown: {
          stabilizationWindowSeconds: 300,
          policies: [{ type: "Percent", value: 100, periodSeconds: 15 }],
        },
      },
      {},
    ],
    cel: false,
  },
  {
    def: { type: "batch/v1.JobTemplateSpec" },
    samples: [
      {
        spec: {
          backoffLimit: 2,
          template: {
            spec: { restartPolicy: "Never", containers: [{ name: "job", image: "busybox:1.37" }] },
          },
        },
      },
      {},
    ],
    cel: false,
  },
  { def: { type: "Quantity" }, samples: ["1Gi", "500m", 2], cel: false },
  { def: { type: "Duration" }, samples: ["30s", "5m"], cel: false },
  { def: { type: "IntOrString" }, samples: [8080, "http"], cel: false },
  {
    def: { type: "meta/v1.Time" },
    samples: ["2024-01-01T00:00:00Z", "2025-06-30T12:00:00Z"],
    cel: false,
  },
];

export const kubernetesField: fc.Arbitrary<GenField> = fc.constantFrom(...KUBERNETES_FIELDS);
