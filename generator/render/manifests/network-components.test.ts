// The opt-in ServiceMonitor and NetworkPolicies agree with the manager they point at: the ports
// are the Deployment's container ports, the policies select the manager's pods, and the
// ServiceMonitor selects the metrics Service and not the webhook Service (both front the same
// pods, both name a port https). Their server-side check is packages/runtime's deploy-kit e2e.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderManifests } from "./index.ts";
import { documentsOf } from "./testing/fixtures.ts";

function exampleModel(name: string) {
  const source = readFileSync(
    join(import.meta.dirname, "../../../examples", `${name}.yaml`),
    "utf8",
  );
  return buildModel(parse(source), source);
}

type Doc = {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: any; // eslint-disable-line @typescript-eslint/no-explicit-any
};

function objects(example: string): Doc[] {
  return renderManifests(exampleModel(example)).flatMap(
    (file) => (file.path.endsWith(".yaml") ? documentsOf(file) : []) as Doc[],
  );
}

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

for (const example of ["database", "database-v1beta1"])
  test(`${example}: NetworkPolicies admit the manager's own ports, ServiceMonitor the metrics Service only`, () => {
    const docs = objects(example);
    const deployment = docs.find((d) => d.kind === "Deployment")!;
    const pod = deployment.spec.template;
    const containerPorts = new Map<string, number>(
      pod.spec.containers[0].ports.map((p: { name: string; containerPort: number }) => [
        p.name,
        p.containerPort,
      ]),
    );
    const policies = docs.filter((d) => d.kind === "NetworkPolicy");
    for (const policy of policies)
      assert.ok(
        matches(policy.spec.podSelector.matchLabels, pod.metadata.labels),
        policy.metadata.name,
      );
    const admitted = policies.flatMap((p) =>
      p.spec.ingress.flatMap((i: { ports: { port: number }[] }) => i.ports.map((x) => x.port)),
    );
    const expected = [
      containerPorts.get("https"),
      ...(containerPorts.has("webhook") ? [containerPorts.get("webhook")] : []),
    ];
    assert.deepEqual(admitted, expected);
    assert.equal(policies.length, example === "database-v1beta1" ? 2 : 1);

    const monitor = docs.find((d) => d.kind === "ServiceMonitor")!;
    const selected = docs.filter(
      (d) => d.kind === "Service" && matches(monitor.spec.selector.matchLabels, d.metadata.labels),
    );
    assert.deepEqual(
      selected.map((s) => s.metadata.name),
      [`${exampleModel(example).name}-controller-manager-metrics-service`],
    );
    const port = selected[0]!.spec.ports.find(
      (p: { name: string }) => p.name === monitor.spec.endpoints[0].port,
    );
    assert.equal(port.targetPort, "https");
  });
