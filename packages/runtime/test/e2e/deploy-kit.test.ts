// The deploy kit on a real API server, with the Database example's golden project as the project:
// the installer (`npm run installer`) applies server-side and creates every object; `npm run
// deploy`, `undeploy` and `uninstall` (operator-kit, run as the npm scripts run it, with
// KUBECONFIG naming this control plane) create, keep the API, and refuse to delete CRDs while a
// custom resource holds a finalizer. The Deployment is created but its pods never run: envtest
// has no scheduler and no kubelet, so this proves the objects, not the rollout (a generated
// project's `npm run test:cluster` does that on a real cluster). Its own control plane: uninstall
// deletes CRDs. Each generated project's suite applies its own installer (installer.test.ts).
// Last, what test:cluster reports instead of waiting out its Ready timeout (managerRolloutProblem):
// a Deployment nothing runs (no controller manager, as here), a pod stuck pulling its image or
// unschedulable, a ReplicaSet refused its pods. Those statuses are written through the status
// subresources as the kubelet, the scheduler and the Deployment controller write them.

import {
  AppsV1Api,
  CoreV1Api,
  KubernetesObjectApi,
  type KubernetesObject,
  type V1Deployment,
  type V1Pod,
} from "@kubernetes/client-node";
import { pollUntil, sharedControlPlane } from "@create-operator/envtest";
import { applyServerSide, FIELD_MANAGER } from "../../src/deploy/server-apply.ts";
import { kustomizationObjects, readYamlObjects } from "../../src/deploy/kustomization.ts";
import { managerRolloutProblem } from "../../src/deploy/rollout.ts";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const IMG = "registry.example.com/team/operator:test";
const KIT = fileURLToPath(new URL("../../src/deploy/bin.ts", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../../../test/golden/database", import.meta.url));
const HOLD = "deploy-kit.test/hold";

const plane = await sharedControlPlane({ crdDirectory: null });
const kubeconfig = plane.writeKubeconfig(plane.admin);
const objects = KubernetesObjectApi.makeApiClient(plane.admin);
const installerPath = join(plane.directory, "install.yaml");

/** operator-kit as `npm run <command>` runs it: in the project's root, the cluster from KUBECONFIG. */
async function kit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, KUBECONFIG: kubeconfig, IMG };
  return promisify(execFile)(process.execPath, [KIT, ...args], { cwd: PROJECT_ROOT, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const exists = (o: KubernetesObject) =>
  objects.read(o as KubernetesObject & { metadata: { name: string } }).then(
    () => true,
    (error: { code?: number }) => (error.code === 404 ? false : Promise.reject(error)),
  );

test("npm run installer writes one YAML: namespaces and CRDs first, the image from IMG", async () => {
  const run = await kit("installer", "--out", installerPath);
  assert.equal(run.code, 0, run.stderr);
  const installed = readYamlObjects(installerPath);
  const kinds = installed.map((o) => o.kind);
  const firstOther = kinds.findIndex((k) => k !== "Namespace" && k !== "CustomResourceDefinition");
  assert.ok(
    kinds.slice(firstOther).every((k) => k !== "Namespace" && k !== "CustomResourceDefinition"),
  );
  assert.ok(kinds.includes("Namespace") && kinds.includes("CustomResourceDefinition"));
  const images = installed
    .filter((o) => o.kind === "Deployment")
    .flatMap(
      (o) =>
        (o as { spec: { template: { spec: { containers: { image: string }[] } } } }).spec.template
          .spec.containers,
    )
    .map((c) => c.image);
  assert.deepEqual(images, [IMG]);
});

const installed = () => readYamlObjects(installerPath);
const crds = () =>
  installed().filter((o) => o.kind === "CustomResourceDefinition") as (KubernetesObject & {
    spec: { group: string; names: { kind: string } };
  })[];

/** A sample of the project's own kind, holding a finalizer of this test's, as an operator's would. */
let held: KubernetesObject;

test("the installer applies server-side and creates every object; then a sample holds a finalizer", async () => {
  const applied = await applyServerSide(plane.admin, installed());
  assert.equal(applied.length, installed().length);
  for (const object of installed()) {
    const live = await objects.read(object as KubernetesObject & { metadata: { name: string } });
    assert.ok(
      live.metadata?.managedFields?.some((f) => f.manager === FIELD_MANAGER),
      `${object.kind} ${object.metadata?.name} is applied by ${FIELD_MANAGER}`,
    );
  }

  // The Database sample, in a namespace of its own (Database is namespaced), after the sample
  // DatabaseAllowance config/samples lists first: the tenancy policy (config/tenancy) denies any
  // write to a Database in a namespace without its parameters.
  const [allowance, sample] = kustomizationObjects(join(PROJECT_ROOT, "config/samples"));
  assert.equal(allowance?.kind, "DatabaseAllowance");
  assert.equal(sample?.kind, "Database");
  const namespace = await plane.createNamespace("deploy-kit");
  await objects.create({ ...allowance!, metadata: { ...allowance!.metadata, namespace } });
  held = await objects.create({
    ...sample,
    metadata: { ...sample.metadata, namespace, finalizers: [HOLD] },
  });
});

test("npm run undeploy removes the operator and keeps the CRDs, the namespace and the custom resources", async () => {
  const run = await kit("undeploy");
  assert.equal(run.code, 0, run.stderr);
  for (const object of installed()) {
    const kept = [
      "CustomResourceDefinition",
      "Namespace",
      "ValidatingAdmissionPolicy",
      "ValidatingAdmissionPolicyBinding",
    ].includes(object.kind ?? "");
    assert.equal(
      await exists(object),
      kept,
      `${object.kind} ${object.metadata?.name} ${kept ? "kept" : "removed"}`,
    );
  }
  assert.ok(await exists(held), "the custom resource is kept");
});

test("npm run deploy creates the operator again", async () => {
  const run = await kit("deploy");
  assert.equal(run.code, 0, run.stderr);
  for (const object of installed())
    assert.ok(await exists(object), `${object.kind} ${object.metadata?.name}`);
});

test("npm run uninstall refuses while a custom resource holds a finalizer, and says why", async () => {
  const run = await kit("uninstall");
  assert.equal(run.code, 1);
  assert.match(run.stderr, /uninstall refused: 1 custom resource still carries finalizers/);
  assert.match(
    run.stderr,
    new RegExp(`${held.kind} .*${held.metadata?.name} \\(finalizers: ${HOLD}\\)`),
  );
  assert.match(run.stderr, /Only the running operator removes it/);
  for (const crd of crds())
    assert.ok(await exists(crd), `CRD ${crd.metadata?.name} is still there`);
});

test("npm run uninstall removes everything once the object is gone", async () => {
  const current = await objects.read(held as KubernetesObject & { metadata: { name: string } });
  await objects.replace({ ...current, metadata: { ...current.metadata, finalizers: [] } });
  await objects.delete(held);
  const run = await kit("uninstall");
  assert.equal(run.code, 0, run.stderr);
  // The API server finishes a CRD's deletion once its objects are gone; a Namespace stays
  // Terminating here (no namespace controller runs in envtest), so it is not waited for.
  for (const object of installed().filter((o) => o.kind !== "Namespace"))
    await pollUntil(
      Date.now() + 30_000,
      50,
      async () => ((await exists(object)) ? undefined : true),
      () => `${object.kind} ${object.metadata?.name} was not deleted`,
    );
});

test("the opt-in components apply server-side and keep every field: ServiceMonitor, PrometheusRule, NetworkPolicies with the webhook's", async () => {
  await applyServerSide(
    plane.admin,
    readYamlObjects(
      fileURLToPath(new URL("fixtures/prometheus-operator-crds.yaml", import.meta.url)),
    ),
  );
  // The conversion example: its NetworkPolicies admit the webhook port too.
  const project = fileURLToPath(
    new URL("../../../../test/golden/database-v1beta1", import.meta.url),
  );
  const components = ["prometheus", "network-policy"].flatMap((c) =>
    kustomizationObjects(join(project, "config", c)),
  );
  assert.deepEqual(components.map((o) => o.kind).sort(), [
    "NetworkPolicy",
    "NetworkPolicy",
    "PrometheusRule",
    "ServiceMonitor",
  ]);
  const namespace = components[0]!.metadata!.namespace!;
  await objects
    .create({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } })
    .catch((error: { code?: number }) => {
      if (error.code !== 409) throw error;
    });
  await applyServerSide(plane.admin, components);
  for (const object of components) {
    const live = (await objects.read(
      object as KubernetesObject & { metadata: { name: string } },
    )) as KubernetesObject & { spec: unknown };
    // A misnamed field would have been pruned: what is stored is what the file says.
    assert.deepEqual(
      JSON.parse(JSON.stringify(live.spec)),
      JSON.parse(JSON.stringify((object as { spec: unknown }).spec)),
      `${object.kind} ${object.metadata?.name}`,
    );
  }
});

const core = plane.admin.makeApiClient(CoreV1Api);
const apps = plane.admin.makeApiClient(AppsV1Api);
const LABELS = { "app.kubernetes.io/name": "rollout-test", "control-plane": "controller-manager" };

/** A manager Deployment as the installer has it, created in a namespace of its own. */
async function deployed(): Promise<{ namespace: string; installer: KubernetesObject[] }> {
  const namespace = await plane.createNamespace("rollout");
  const deployment: V1Deployment = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "controller-manager", namespace },
    spec: {
      selector: { matchLabels: LABELS },
      template: {
        metadata: { labels: LABELS },
        spec: { containers: [{ name: "manager", image: "registry.example.com/db:0.1.0" }] },
      },
    },
  };
  await apps.createNamespacedDeployment({ namespace, body: deployment });
  return { namespace, installer: [deployment as KubernetesObject] };
}

/** A pod of that Deployment, with the status a kubelet or the scheduler would report. */
async function podWithStatus(namespace: string, status: V1Pod["status"]): Promise<void> {
  const name = "controller-manager-abc12";
  await core.createNamespacedPod({
    namespace,
    body: {
      metadata: { name, labels: LABELS },
      spec: { containers: [{ name: "manager", image: "registry.example.com/db:0.1.0" }] },
    },
  });
  const pod = await core.readNamespacedPod({ namespace, name });
  await core.replaceNamespacedPodStatus({ namespace, name, body: { ...pod, status } });
}

test("no pods: nothing within the grace, then that nothing runs the Deployment", async () => {
  const { installer } = await deployed();
  assert.equal(await managerRolloutProblem(plane.admin, installer, Date.now()), undefined);
  const problem = await managerRolloutProblem(plane.admin, installer, Date.now() - 31_000);
  assert.match(problem ?? "", /^Deployment rollout-.+\/controller-manager has no pods 30 s after/);
  assert.match(problem ?? "", /no controller manager runs/);
});

test("a pod in ImagePullBackOff: its container, the reason and the kubelet's message", async () => {
  const { namespace, installer } = await deployed();
  await podWithStatus(namespace, {
    phase: "Pending",
    containerStatuses: [
      {
        name: "manager",
        image: "registry.example.com/db:0.1.0",
        imageID: "",
        ready: false,
        restartCount: 0,
        state: {
          waiting: {
            reason: "ImagePullBackOff",
            message: 'Back-off pulling image "registry.example.com/db:0.1.0"',
          },
        },
      },
    ],
  });
  assert.equal(
    await managerRolloutProblem(plane.admin, installer, Date.now()),
    `Deployment ${namespace}/controller-manager: pod controller-manager-abc12: container manager ` +
      'is ImagePullBackOff: Back-off pulling image "registry.example.com/db:0.1.0"',
  );
});

test("an unschedulable pod: the scheduler's message", async () => {
  const { namespace, installer } = await deployed();
  const message = "0/1 nodes are available: 1 Insufficient memory.";
  await podWithStatus(namespace, {
    phase: "Pending",
    conditions: [{ type: "PodScheduled", status: "False", reason: "Unschedulable", message }],
  });
  assert.equal(
    await managerRolloutProblem(plane.admin, installer, Date.now()),
    `Deployment ${namespace}/controller-manager: pod controller-manager-abc12 is Pending, unschedulable: ${message}`,
  );
});

test("a Deployment whose pods are refused (ReplicaFailure): the reason", async () => {
  const { namespace, installer } = await deployed();
  const name = "controller-manager";
  const current = await apps.readNamespacedDeployment({ namespace, name });
  const message = 'pods "controller-manager-x" is forbidden: violates PodSecurity "restricted"';
  await apps.replaceNamespacedDeploymentStatus({
    namespace,
    name,
    body: {
      ...current,
      status: {
        conditions: [{ type: "ReplicaFailure", status: "True", reason: "FailedCreate", message }],
      },
    },
  });
  assert.equal(
    await managerRolloutProblem(plane.admin, installer, Date.now()),
    `Deployment ${namespace}/controller-manager cannot create pods (FailedCreate): ${message}`,
  );
});

// A call that applies only CRDs (the Prometheus Operator's, before its ServiceMonitor) returned
// before they were served, and the next call's object of that kind met a 404 (a CI flake). Ten
// rounds: in one, the race is rare.
test("applying only CRDs returns once their kinds are served: an object of each applies at once", async () => {
  for (let round = 0; round < 10; round++) {
    const group = `only-crds-${round}-${Date.now()}.example.com`;
    const crd = {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: `widgets.${group}` },
      spec: {
        group,
        scope: "Namespaced",
        names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
            },
          },
        ],
      },
    };
    await applyServerSide(plane.admin, [crd]);
    await applyServerSide(plane.admin, [
      { apiVersion: `${group}/v1`, kind: "Widget", metadata: { name: "w", namespace: "default" } },
    ]);
  }
});
