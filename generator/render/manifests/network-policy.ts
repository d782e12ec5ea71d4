// NetworkPolicies for the manager's pods, a kustomize Component under config/network-policy, off by
// default: a cluster whose network plugin enforces NetworkPolicy then admits to the manager only
// what this lists. Metrics (the HTTPS port) from the monitoring namespace, and, when the operator
// serves conversions, the webhook port from anywhere: the API server calls it from a node or
// control-plane address, which no portable NetworkPolicy peer can name, so the rule names the port
// and no source. Egress is not restricted (the API server and the cloud APIs the providers call).
// Health probes come from the kubelet on the pod's node, which network plugins admit.

import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { servesConversionWebhook } from "./conversion.ts";
import { labelsFor, managerSelector } from "./labels.ts";
import { METRICS_PORT } from "./metrics.ts";
import { yamlFile } from "./yaml-file.ts";

/** The namespace Prometheus runs in, by its automatic name label; kube-prometheus's default. */
export const MONITORING_NAMESPACE = "monitoring";

function policy(model: OperatorModel, name: string, ingress: object) {
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "NetworkPolicy",
    metadata: {
      name: `${model.name}-${name}`,
      namespace: model.namespace,
      labels: labelsFor(model, "manager"),
    },
    spec: {
      podSelector: { matchLabels: managerSelector(model) },
      policyTypes: ["Ingress"],
      ingress: [ingress],
    },
  };
}

export function renderNetworkPolicies(model: OperatorModel): GeneratedFile[] {
  const webhook = servesConversionWebhook(model);
  const files = [
    yamlFile(
      "config/network-policy/allow-metrics-traffic.yaml",
      [
        policy(model, "allow-metrics-traffic", {
          from: [
            {
              namespaceSelector: {
                matchLabels: { "kubernetes.io/metadata.name": MONITORING_NAMESPACE },
              },
            },
          ],
          ports: [{ port: METRICS_PORT, protocol: "TCP" }],
        }),
      ],
      {
        comment: [
          `Metrics scrapes from namespace ${MONITORING_NAMESPACE} only; change the namespace label to where Prometheus runs.`,
        ],
      },
    ),
    ...(webhook
      ? [
          yamlFile(
            "config/network-policy/allow-webhook-traffic.yaml",
            [
              policy(model, "allow-webhook-traffic", {
                ports: [{ port: model.conversion!.webhook.port, protocol: "TCP" }],
              }),
            ],
            {
              comment: [
                "The conversion webhook's port, from any source: the API server is not a pod, so no",
                "portable peer names it. Narrow it with an ipBlock of your control plane's addresses.",
              ],
            },
          ),
        ]
      : []),
  ];
  return [
    ...files,
    yamlFile(
      "config/network-policy/kustomization.yaml",
      [
        {
          apiVersion: "kustomize.config.k8s.io/v1alpha1",
          kind: "Component",
          resources: files.map((f) => f.path.slice("config/network-policy/".length)),
        },
      ],
      {
        comment: [
          "A kustomize Component, off by default: it takes effect only where the network plugin",
          "enforces NetworkPolicy. Deploy with it: npm run deploy -- --component network-policy",
          "(or add `components: [../network-policy]` to config/default/kustomization.yaml).",
        ],
      },
    ),
  ];
}
