// Applying YAML files with server-side apply, and waiting for CRDs to be usable. A CRD is
// usable only when it is Established, its resource appears in discovery (clients that resolve
// kinds through discovery, like kubectl and KubernetesObjectApi, fail before) and its storage
// answers (requests get 429 while the new resource's watch cache initializes).

import {
  ApiException,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  loadAllYaml,
  type KubernetesObject,
  type V1CustomResourceDefinition,
} from "@kubernetes/client-node";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pollUntil, type Get } from "./https-client.ts";

export const FIELD_MANAGER = "envtest";

/** Every YAML document in the files, skipping empty ones. */
export function readManifests(paths: string[]): KubernetesObject[] {
  return paths.flatMap((path) =>
    loadAllYaml(readFileSync(path, "utf8")).filter(
      (doc): doc is KubernetesObject => doc !== null && typeof doc === "object",
    ),
  );
}

export function yamlFilesIn(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => /\.ya?ml$/.test(name) && name !== "kustomization.yaml")
    .sort()
    .map((name) => join(directory, name));
}

const isCrd = (o: KubernetesObject): o is V1CustomResourceDefinition =>
  o.kind === "CustomResourceDefinition" && o.apiVersion === "apiextensions.k8s.io/v1";

/**
 * Namespaces first, then CRDs (and waits until they are served), then everything else, so one
 * call can apply a CRD with its samples. Namespaces that namespaced objects name are created
 * when missing, because the API server refuses objects in a namespace that does not exist.
 */
export async function applyObjects(
  admin: KubeConfig,
  get: Get,
  objects: KubernetesObject[],
  namespace: string | undefined,
  timeoutMs: number,
): Promise<KubernetesObject[]> {
  const config = new KubeConfig();
  config.loadFromString(admin.exportConfig());
  if (namespace !== undefined) {
    const context = config.getContextObject(config.getCurrentContext());
    if (context) Object.assign(context, { namespace });
  }
  // makeApiClient reads the context's namespace: it becomes the default for namespaced objects.
  const client = KubernetesObjectApi.makeApiClient(config);
  const apply = (o: KubernetesObject) =>
    client
      .patch(o, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply)
      .catch((error: unknown) => {
        // The API server's message says which rule refused the object; the whole response is noise.
        throw new Error(`envtest: applying ${o.kind} ${o.metadata?.name}: ${reason(error)}`);
      });

  // Namespaces that objects name but the files do not declare: created first, not returned.
  const named = new Set(objects.map((o) => o.metadata?.namespace).filter((n) => n !== undefined));
  if (namespace !== undefined) named.add(namespace);
  for (const o of objects) if (o.kind === "Namespace") named.delete(o.metadata?.name ?? "");
  for (const name of named)
    await apply({ apiVersion: "v1", kind: "Namespace", metadata: { name } });

  const applied = new Map<KubernetesObject, KubernetesObject>();
  const crds = objects.filter(isCrd);
  for (const o of objects.filter((o) => o.kind === "Namespace")) applied.set(o, await apply(o));
  for (const o of crds) applied.set(o, await apply(o));
  if (crds.length > 0) await waitForCrdsServed(get, crds, Date.now() + timeoutMs);
  for (const o of objects) if (!applied.has(o)) applied.set(o, await apply(o));
  return objects.map((o) => applied.get(o)!);
}

function reason(error: unknown): string {
  if (!(error instanceof ApiException)) return String(error);
  try {
    return `${error.code} ${(JSON.parse(String(error.body)) as { message: string }).message}`;
  } catch {
    return `${error.code} ${String(error.body)}`;
  }
}

/** Waits for Established=True, then for every served version to be in discovery and to answer a list. */
export async function waitForCrdsServed(
  get: Get,
  crds: V1CustomResourceDefinition[],
  deadline: number,
): Promise<void> {
  for (const crd of crds) {
    const name = crd.metadata?.name ?? "";
    await pollUntil(
      deadline,
      20,
      async () => {
        const res = await get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`);
        if (res.status !== 200) return undefined;
        const current = JSON.parse(res.body) as V1CustomResourceDefinition;
        const established = current.status?.conditions?.some(
          (c) => c.type === "Established" && c.status === "True",
        );
        return established ? true : undefined;
      },
      () => `CRD ${name} was not Established in time`,
    );
    for (const version of crd.spec.versions.filter((v) => v.served)) {
      const path = `/apis/${crd.spec.group}/${version.name}`;
      await pollUntil(
        deadline,
        20,
        async () => {
          const res = await get(path);
          if (res.status !== 200) return undefined;
          const list = JSON.parse(res.body) as { resources?: { name: string }[] };
          return list.resources?.some((r) => r.name === crd.spec.names.plural) ? true : undefined;
        },
        () => `${crd.spec.names.plural} is not in discovery at ${path} in time`,
      );
      // Discovery lists the resource before its watch cache is filled; until then requests get
      // 429 "storage is (re)initializing". A list answering 200 is the resource being usable.
      const list = `${path}/${crd.spec.names.plural}?limit=1`;
      await pollUntil(
        deadline,
        20,
        async () => ((await get(list)).status === 200 ? true : undefined),
        () => `GET ${list} did not answer 200 in time`,
      );
    }
  }
}
