import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { OperatorModel } from "../../model/types.ts";
import { renderManager } from "./manager.ts";
import { renderMetricsService } from "./metrics.ts";
import { documentsOf, EXAMPLES, exampleModel, fixtureModel } from "./testing/fixtures.ts";

function managerOf(model: OperatorModel) {
  const file = renderManager(model);
  assert.equal(file.path, "config/manager/manager.yaml");
  const [namespace, deployment, ...rest] = documentsOf(file);
  assert.equal(rest.length, 0);
  return { namespace: namespace!, deployment: deployment! };
}

function checkRestricted(model: OperatorModel) {
  const { namespace, deployment } = managerOf(model);
  assert.equal(namespace.kind, "Namespace");
  assert.equal(namespace.metadata.name, model.namespace);
  assert.equal(namespace.metadata.labels["pod-security.kubernetes.io/enforce"], "restricted");

  assert.equal(deployment.kind, "Deployment");
  assert.equal(deployment.metadata.name, `${model.name}-controller-manager`);
  assert.equal(deployment.metadata.namespace, model.namespace);
  assert.equal(deployment.spec.replicas, model.operator.leaderElection ? 2 : 1);
  const selector = deployment.spec.selector.matchLabels;
  assert.deepEqual(selector, {
    "app.kubernetes.io/name": model.name,
    "app.kubernetes.io/component": "manager",
  });
  const pod = deployment.spec.template;
  for (const [key, value] of Object.entries(selector))
    assert.equal(pod.metadata.labels[key], value, "the template matches its selector");
  assert.equal(pod.spec.serviceAccountName, `${model.name}-controller-manager`);
  assert.deepEqual(pod.spec.securityContext, {
    runAsNonRoot: true,
    seccompProfile: { type: "RuntimeDefault" },
  });
  assert.equal(
    pod.spec.terminationGracePeriodSeconds,
    30,
    "the drain (20 s), the release (5 s), slack",
  );
  assert.equal(pod.spec.hostNetwork ?? false, false);

  const [container, ...others] = pod.spec.containers;
  assert.equal(others.length, 0);
  // Pinned, never :latest: the spec's tag, else the project's first version (operator-image.ts).
  const tagged = /:[^/]+$/.test(model.image);
  assert.equal(container.image, tagged ? model.image : `${model.image}:0.1.0`);
  assert.equal(container.imagePullPolicy, "IfNotPresent");
  assert.deepEqual(container.securityContext, {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    runAsNonRoot: true,
    runAsUser: 65532,
    capabilities: { drop: ["ALL"] },
  });
  assert.deepEqual(
    container.ports.map((p: any) => [p.name, p.containerPort]),
    [
      ["health", 8081],
      ["https", 8443],
    ],
  );
  assert.deepEqual(container.livenessProbe.httpGet, { path: "/healthz", port: 8081 });
  assert.deepEqual(container.readinessProbe.httpGet, { path: "/readyz", port: 8081 });
  assert.deepEqual(container.resources, {
    requests: { cpu: "10m", memory: "64Mi" },
    limits: { cpu: "500m", memory: "256Mi" },
  });
  const env = Object.fromEntries(container.env.map((e: any) => [e.name, e.value ?? e.valueFrom]));
  assert.deepEqual(env, {
    POD_NAMESPACE: { fieldRef: { fieldPath: "metadata.namespace" } },
    WATCH_NAMESPACES: model.rbac.watchNamespaces.join(","),
    LEADER_ELECT: String(model.operator.leaderElection),
    METRICS_PORT: "8443",
    NODE_OPTIONS: "--max-old-space-size=192 --max-semi-space-size=2 --expose-gc",
  });
  assert.deepEqual(container.volumeMounts, [{ name: "tmp", mountPath: "/tmp" }]);
  assert.deepEqual(pod.spec.volumes, [{ name: "tmp", emptyDir: {} }]);
}

describe("manager Deployment", () => {
  for (const name of EXAMPLES) {
    it(`${name}: restricted Pod Security Standard, probes, env, resources`, () =>
      checkRestricted(exampleModel(name)));
  }

  it("watched namespaces and no leader election: one replica, namespaces in WATCH_NAMESPACES", () => {
    const model = fixtureModel();
    checkRestricted(model);
    const container = managerOf(model).deployment.spec.template.spec.containers[0];
    assert.equal(
      container.env.find((e: any) => e.name === "WATCH_NAMESPACES").value,
      "team-a,team-b",
    );
    assert.equal(container.env.find((e: any) => e.name === "LEADER_ELECT").value, "false");
  });

  it("cluster-wide: WATCH_NAMESPACES is the empty string, written quoted", () => {
    const content = renderManager(exampleModel("database")).content;
    assert.match(content, /- name: WATCH_NAMESPACES\n\s+value: ""\n/);
    assert.match(content, /- name: LEADER_ELECT\n\s+value: "true"\n/);
  });
});

describe("metrics Service", () => {
  it("selects the manager pods and targets the named HTTPS metrics port", () => {
    const model = fixtureModel();
    const [service, ...rest] = documentsOf(renderMetricsService(model));
    assert.equal(rest.length, 0);
    assert.equal(service!.kind, "Service");
    assert.equal(service!.metadata.name, `${model.name}-controller-manager-metrics-service`);
    assert.equal(service!.metadata.namespace, model.namespace);
    const { deployment } = managerOf(model);
    assert.deepEqual(service!.spec.selector, deployment.spec.selector.matchLabels);
    const [port] = service!.spec.ports;
    const container = deployment.spec.template.spec.containers[0];
    const target = container.ports.find((p: any) => p.name === port.targetPort);
    assert.equal(target?.containerPort, 8443);
    assert.equal(port.port, 8443);
  });
});
