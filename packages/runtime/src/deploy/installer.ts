// The installer: one YAML with everything config/default installs (CRDs, namespace, RBAC, the
// Deployment with the image set, Services, webhook and tenancy objects), in an order that applies
// top to bottom with `kubectl apply -f` too: namespaces and CRDs first, because the API server
// refuses an object in a namespace or of a kind that does not exist yet.

import { dumpYaml, type KubernetesObject } from "@kubernetes/client-node";
import { join } from "node:path";
import { kustomizationObjects } from "./kustomization.ts";

export interface InstallerOptions {
  /** The project's root; its config/default is read. */
  projectRoot: string;
  /** The operator's image, set on the Deployment's `manager` container. */
  image: string;
  /** Opt-in components under config/ (e.g. "monitoring", "network-policy"). */
  components?: readonly string[];
}

export const MANAGER_CONTAINER = "manager";

const rank = (o: KubernetesObject): number =>
  o.kind === "Namespace" ? 0 : o.kind === "CustomResourceDefinition" ? 1 : 2;

export function installerObjects(options: InstallerOptions): KubernetesObject[] {
  const config = join(options.projectRoot, "config");
  const objects = kustomizationObjects(
    join(config, "default"),
    (options.components ?? []).map((c) => join(config, c)),
    options.projectRoot,
  );
  let managers = 0;
  const withImage = objects.map((o) => {
    if (o.kind !== "Deployment") return o;
    const copy = structuredClone(o) as KubernetesObject & {
      spec: { template: { spec: { containers: { name: string; image?: string }[] } } };
    };
    for (const container of copy.spec.template.spec.containers)
      if (container.name === MANAGER_CONTAINER) {
        container.image = options.image;
        managers++;
      }
    return copy;
  });
  if (managers === 0)
    throw new Error(
      `config/default holds no Deployment with a container named "${MANAGER_CONTAINER}" to set the image on`,
    );
  // A stable sort: within each rank, kustomize's order.
  return withImage
    .map((o, index) => ({ o, index }))
    .sort((a, b) => rank(a.o) - rank(b.o) || a.index - b.index)
    .map(({ o }) => o);
}

export function installerYaml(objects: readonly KubernetesObject[], image: string): string {
  const header =
    "# The operator's installer, written by `npm run installer` from config/default" +
    ` with image ${image}.\n# Apply it with \`npm run deploy\` or \`kubectl apply --server-side -f\`.\n`;
  return (
    header + objects.map((o) => `---\n${dumpYaml(o, { lineWidth: -1, noRefs: true })}`).join("")
  );
}
