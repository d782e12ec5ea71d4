// The manifests a kustomization names, read without kustomize: the deploy kit follows
// `resources:` (files and directories) and `components:` the way `kubectl kustomize` does, in
// order, and refuses every other kustomize feature by name rather than ignoring it. The generated
// config/ uses only these two, so the kit needs neither kubectl nor a kustomize binary; a user who
// adds patches or generators is told to build with kustomize instead.

import { loadAllYaml, type KubernetesObject } from "@kubernetes/client-node";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Keys that carry no transformation: everything else would change the output and is refused. */
const KNOWN_KEYS = new Set(["apiVersion", "kind", "metadata", "resources", "components"]);

export class UnsupportedKustomizationError extends Error {
  override name = "UnsupportedKustomizationError";
}

interface Kustomization {
  resources?: string[];
  components?: string[];
  [key: string]: unknown;
}

/** Every YAML document in a file, skipping empty ones. */
export function readYamlObjects(path: string): KubernetesObject[] {
  return (loadAllYaml(readFileSync(path, "utf8")) as unknown[]).filter(
    (doc): doc is KubernetesObject => doc !== null && typeof doc === "object",
  );
}

/**
 * The objects of the kustomization in `directory`, then those of `extraComponents` (directories,
 * as `components:` entries added by the caller), in kustomize's order.
 */
export function kustomizationObjects(
  directory: string,
  extraComponents: readonly string[] = [],
  root = directory,
): KubernetesObject[] {
  const file = join(directory, "kustomization.yaml");
  if (!existsSync(file))
    throw new UnsupportedKustomizationError(
      `${relative(root, directory) || "."} has no kustomization.yaml`,
    );
  const kustomization = (loadAllYaml(readFileSync(file, "utf8"))[0] ?? {}) as Kustomization;
  // `sortOptions: {order: fifo}` asks kustomize for the listed order, which is the kit's own
  // (config/samples lists a tenancy parameters object before the sample it admits).
  const unknown = Object.keys(kustomization).filter(
    (key) => !KNOWN_KEYS.has(key) && !(key === "sortOptions" && isFifo(kustomization[key])),
  );
  if (unknown.length > 0)
    throw new UnsupportedKustomizationError(
      `${relative(root, file)} uses ${unknown.join(", ")}, which the deploy kit does not apply ` +
        "(it reads resources and components only); build the manifests with `kubectl kustomize` instead",
    );
  const objects: KubernetesObject[] = [];
  for (const entry of kustomization.resources ?? []) {
    const path = join(directory, entry);
    if (!existsSync(path))
      throw new UnsupportedKustomizationError(
        `${relative(root, file)} names ${entry}, which does not exist`,
      );
    objects.push(
      ...(statSync(path).isDirectory()
        ? kustomizationObjects(path, [], root)
        : readYamlObjects(path)),
    );
  }
  for (const component of [
    ...(kustomization.components ?? []).map((c) => join(directory, c)),
    ...extraComponents,
  ])
    objects.push(...kustomizationObjects(component, [], root));
  return objects;
}

function isFifo(sortOptions: unknown): boolean {
  return (sortOptions as { order?: unknown } | null)?.order === "fifo";
}
