// `npm run test:cluster`: the operator on the cluster of the current kubeconfig (KUBECONFIG, else
// ~/.kube/config; a kind cluster in CI). It deploys the installer with the image IMG names (build
// it and load it into the cluster first, see the README's "Ship it"), creates a sample with the
// objects it references, and waits until the operator reports it Ready; then deletes the sample
// (the operator's finalizer runs) and leaves the operator deployed (`npm run undeploy` removes it).
// With no kubeconfig, or no cluster answering, the test is skipped and says why: never silently.
// The operator runs the project's real providers (src/main.ts): one that is not written yet keeps
// the sample Ready=False, and the failure quotes the Ready message that names it.

import {
  KubernetesObjectApi,
  VersionApi,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { pollUntil, PROJECT_ROOT } from "@create-operator/envtest";
import { loadKubeConfig } from "@create-operator/runtime";
import { defaultImage, deploy, installerObjects } from "@create-operator/runtime/deploy";
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { specFor } from "../support/fixture.ts";
import { API_GROUP_VERSION, KIND, NAMESPACED } from "../support/kind.ts";
import { createReferencedObjects } from "../support/referenced-objects.ts";

const READY_TIMEOUT_MS = Number(process.env["CLUSTER_READY_TIMEOUT_MS"] ?? 300_000);
const TENANCY = new URL("../support/tenancy.json", import.meta.url);

/** The cluster to test on, or why there is none. */
async function connect(): Promise<{ config: KubeConfig } | { skip: string }> {
  let config: KubeConfig;
  try {
    config = loadKubeConfig();
  } catch (error) {
    return { skip: `no cluster: ${(error as Error).message}` };
  }
  const server = config.getCurrentCluster()?.server;
  try {
    await Promise.race([
      config.makeApiClient(VersionApi).getCode(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("no answer in 10 s")), 10_000)),
    ]);
  } catch (error) {
    return { skip: `no cluster answers at ${server}: ${(error as Error).message}` };
  }
  return { config };
}

const cluster = await connect();
if ("skip" in cluster) process.stdout.write(`# test:cluster skipped: ${cluster.skip}\n`);

test(
  "the installer deploys and the operator makes a sample Ready",
  { skip: "skip" in cluster ? cluster.skip : false },
  async () => {
    if (!("config" in cluster)) return;
    const { config } = cluster;
    const image = defaultImage(PROJECT_ROOT);
    const installer = installerObjects({ projectRoot: PROJECT_ROOT, image });
    await deploy(config, installer, (line) => process.stdout.write(`# ${line}\n`));
    const api = KubernetesObjectApi.makeApiClient(config);

    const suffix = randomBytes(3).toString("hex");
    let namespace: string | undefined;
    if (NAMESPACED) {
      namespace = `e2e-${suffix}`;
      await api.create({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } });
    }
    if (namespace && existsSync(TENANCY)) {
      // The tenancy admission policy admits objects only where its parameters exist.
      const { parameters } = JSON.parse(readFileSync(TENANCY, "utf8")) as {
        parameters: { group: string; version: string; kind: string; name: string; example: object };
      };
      await api.create({
        apiVersion: `${parameters.group}/${parameters.version}`,
        kind: parameters.kind,
        metadata: { name: parameters.name, namespace },
        spec: parameters.example,
      } as KubernetesObject);
    }
    await createReferencedObjects(config, namespace);
    const name = `sample-${suffix}`;
    const sample = {
      apiVersion: API_GROUP_VERSION,
      kind: KIND,
      metadata: { name, ...(namespace ? { namespace } : {}) },
      spec: specFor(name),
    } as KubernetesObject & { metadata: { name: string } };
    await api.create(sample);

    type Conditions = {
      status?: { conditions?: { type: string; status: string; message?: string }[] };
    };
    let last = "";
    await pollUntil(
      Date.now() + READY_TIMEOUT_MS,
      2_000,
      async () => {
        const ready = ((await api.read(sample)) as Conditions).status?.conditions?.find(
          (c) => c.type === "Ready",
        );
        last = ready ? `Ready=${ready.status}: ${ready.message ?? ""}` : "no Ready condition yet";
        return ready?.status === "True" ? true : undefined;
      },
      () =>
        `${KIND} ${name} was not Ready in ${READY_TIMEOUT_MS / 1000} s (${last}). Is the operator ` +
        `running? kubectl get pods -n ${installer.find((o) => o.kind === "Namespace")?.metadata?.name}; ` +
        `its image ${image} must be in the cluster (kind load docker-image ${image}).`,
    );

    await api.delete(sample);
    await pollUntil(
      Date.now() + READY_TIMEOUT_MS,
      1_000,
      () =>
        api.read(sample).then(
          () => undefined,
          () => true,
        ),
      () => `${KIND} ${name} was not deleted: its finalizer did not finish`,
    );
  },
);
