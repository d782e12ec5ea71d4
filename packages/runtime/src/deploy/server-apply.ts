// Applying and deleting the installer's objects with client-node's server-side apply: the same
// request `kubectl apply --server-side` sends, so no kubectl is needed (the generated project
// already depends on client-node, and a kubectl on PATH may be years older than the cluster).

import {
  ApiException,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  type KubernetesObject,
} from "@kubernetes/client-node";

/** The field manager that owns what the deploy kit applies, shown in `managedFields`. */
export const FIELD_MANAGER = "operator-kit";

export type Report = (line: string) => void;

export const describe = (o: KubernetesObject): string =>
  `${o.kind} ${o.metadata?.namespace ? `${o.metadata.namespace}/` : ""}${o.metadata?.name}`;

export function apiMessage(error: unknown): string {
  if (!(error instanceof ApiException))
    return error instanceof Error ? error.message : String(error);
  try {
    return `${error.code} ${(JSON.parse(String(error.body)) as { message: string }).message}`;
  } catch {
    return `${error.code} ${String(error.body)}`;
  }
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiException && error.code === 404;

interface CrdLike extends KubernetesObject {
  spec: { group: string; names: { kind: string }; versions: { name: string; served: boolean }[] };
  status?: { conditions?: { type: string; status: string }[] };
}

export const isCrd = (o: KubernetesObject): o is CrdLike =>
  o.kind === "CustomResourceDefinition" && o.apiVersion === "apiextensions.k8s.io/v1";

/**
 * Applies in order, waiting after the CRDs until their kinds are served: an object of a kind the
 * API server does not serve yet would fail. Returns once every CRD it applied is served.
 * `dryRun` sends every request with dryRun=All.
 */
export async function applyServerSide(
  config: KubeConfig,
  objects: readonly KubernetesObject[],
  options: { dryRun?: boolean; report?: Report; timeoutMs?: number } = {},
): Promise<KubernetesObject[]> {
  const client = KubernetesObjectApi.makeApiClient(config);
  const report = options.report ?? (() => {});
  const dryRun = options.dryRun ? "All" : undefined;
  const applied: KubernetesObject[] = [];
  let waited = false;
  for (const object of objects) {
    if (!waited && !isCrd(object) && object.kind !== "Namespace") {
      if (!dryRun)
        await waitUntilServed(client, objects.filter(isCrd), options.timeoutMs ?? 60_000);
      waited = true;
    }
    const result = await client
      .patch(object, undefined, dryRun, FIELD_MANAGER, true, PatchStrategy.ServerSideApply)
      .catch((error: unknown) => {
        throw new Error(`applying ${describe(object)}: ${apiMessage(error)}`);
      });
    applied.push(result);
    report(`${dryRun ? "checked (dry run)" : "applied"} ${describe(object)}`);
  }
  // Only CRDs (or nothing after them): still served before this returns, so that the caller's
  // next apply of such a kind (the Prometheus Operator's CRDs, then a ServiceMonitor) never meets
  // the 404 of a kind the API server does not serve yet.
  if (!waited && !dryRun)
    await waitUntilServed(client, objects.filter(isCrd), options.timeoutMs ?? 60_000);
  return applied;
}

/** Each CRD Established, and each served version answering a list (discovery and storage ready). */
async function waitUntilServed(
  client: KubernetesObjectApi,
  crds: readonly CrdLike[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) {
    await pollUntil(deadline, `CRD ${crd.metadata?.name} to be Established`, async () => {
      const current = (await client.read(
        crd as CrdLike & { metadata: { name: string } },
      )) as CrdLike;
      return (
        current.status?.conditions?.some((c) => c.type === "Established" && c.status === "True") ??
        false
      );
    });
    for (const version of crd.spec.versions.filter((v) => v.served))
      await pollUntil(deadline, `${crd.spec.names.kind} ${version.name} to be served`, async () => {
        await client.list(
          `${crd.spec.group}/${version.name}`,
          crd.spec.names.kind,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          1,
        );
        return true;
      });
  }
}

async function pollUntil(
  deadline: number,
  what: string,
  done: () => Promise<boolean>,
): Promise<void> {
  let last = "";
  for (;;) {
    try {
      if (await done()) return;
    } catch (error) {
      last = `: ${apiMessage(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Deletes each object (background propagation); one already gone counts as deleted. */
export async function deleteObjects(
  config: KubeConfig,
  objects: readonly KubernetesObject[],
  report: Report = () => {},
): Promise<void> {
  const client = KubernetesObjectApi.makeApiClient(config);
  for (const object of objects) {
    try {
      await client.delete(object, undefined, undefined, undefined, undefined, "Background");
      report(`deleted ${describe(object)}`);
    } catch (error) {
      if (isNotFound(error)) report(`already gone: ${describe(object)}`);
      else throw new Error(`deleting ${describe(object)}: ${apiMessage(error)}`);
    }
  }
}
