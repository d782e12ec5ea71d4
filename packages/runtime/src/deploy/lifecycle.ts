// deploy, undeploy and uninstall: what `npm run deploy|undeploy|uninstall` do to the cluster of
// the current kubeconfig.
//
// - deploy applies the installer (server-side apply, so re-running it is an upgrade).
// - undeploy removes the operator and keeps the API: CRDs (and with them every custom resource),
//   the namespace (custom resources and leader-election leases may live there; deleting it would
//   delete them) and the tenancy admission policies (they guard who may create custom resources,
//   operator or not). Deploying again picks up where the operator left off.
// - uninstall removes everything, and refuses while custom resources carry finalizers: deleting a
//   CRD deletes its objects, and an object with a finalizer stays until the finalizer is removed,
//   which only the running operator does once the external resources behind it are cleaned up.
//   Without the operator that deletion hangs, and forcing it leaks the external resources.

import { KubeConfig, KubernetesObjectApi, type KubernetesObject } from "@kubernetes/client-node";
import {
  applyServerSide,
  apiMessage,
  deleteObjects,
  describe,
  isCrd,
  isNotFound,
  type Report,
} from "./server-apply.ts";

/** Kinds undeploy keeps: the API and its guard rails, which outlive the operator. */
const KEPT_BY_UNDEPLOY = new Set([
  "CustomResourceDefinition",
  "Namespace",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionPolicyBinding",
]);

export function deploy(
  config: KubeConfig,
  installer: readonly KubernetesObject[],
  report?: Report,
): Promise<KubernetesObject[]> {
  return applyServerSide(config, installer, report ? { report } : {});
}

export async function undeploy(
  config: KubeConfig,
  installer: readonly KubernetesObject[],
  report?: Report,
): Promise<void> {
  const removed = installer.filter((o) => !KEPT_BY_UNDEPLOY.has(o.kind ?? "")).reverse();
  await deleteObjects(config, removed, report);
}

/** A custom resource that still carries finalizers. */
export interface HeldObject {
  kind: string;
  namespace?: string;
  name: string;
  finalizers: string[];
}

export class UninstallRefusedError extends Error {
  override name = "UninstallRefusedError";
  readonly held: HeldObject[];
  constructor(held: HeldObject[]) {
    super(
      `uninstall refused: ${held.length} custom resource${held.length === 1 ? "" : "s"} still ` +
        `carr${held.length === 1 ? "ies" : "y"} finalizers:\n` +
        held
          .map(
            (h) =>
              `  ${h.kind} ${h.namespace ? `${h.namespace}/` : ""}${h.name} (finalizers: ${h.finalizers.join(", ")})`,
          )
          .join("\n") +
        "\nDeleting the CRDs would delete these objects, and each would hang until its finalizer is " +
        "removed. Only the running operator removes it, after cleaning up the external resources " +
        "the object stands for; without the operator they leak. Delete these objects while the " +
        "operator runs, wait until they are gone, and run uninstall again; or pass --force to " +
        "delete the CRDs anyway.",
    );
    this.held = held;
  }
}

/** Every object of the installer's CRDs, in any namespace, whose finalizers are not empty. */
export async function objectsWithFinalizers(
  config: KubeConfig,
  installer: readonly KubernetesObject[],
): Promise<HeldObject[]> {
  const client = KubernetesObjectApi.makeApiClient(config);
  const held: HeldObject[] = [];
  for (const crd of installer.filter(isCrd)) {
    const version = crd.spec.versions.find((v) => v.served);
    if (version === undefined) continue;
    let items: KubernetesObject[];
    try {
      items = (await client.list(`${crd.spec.group}/${version.name}`, crd.spec.names.kind)).items;
    } catch (error) {
      // A CRD that is not installed has no objects; anything else stops the uninstall.
      if (
        isNotFound(error) ||
        /Failed to fetch resource metadata|Unrecognized API version and kind/.test(String(error))
      )
        continue;
      throw new Error(`listing ${crd.spec.names.kind} objects: ${apiMessage(error)}`);
    }
    for (const item of items) {
      const finalizers = item.metadata?.finalizers ?? [];
      if (finalizers.length > 0)
        held.push({
          kind: crd.spec.names.kind,
          ...(item.metadata?.namespace ? { namespace: item.metadata.namespace } : {}),
          name: item.metadata?.name ?? "",
          finalizers,
        });
    }
  }
  return held;
}

export async function uninstall(
  config: KubeConfig,
  installer: readonly KubernetesObject[],
  options: { force?: boolean; report?: Report } = {},
): Promise<void> {
  const held = await objectsWithFinalizers(config, installer);
  if (held.length > 0 && !options.force) throw new UninstallRefusedError(held);
  for (const h of held)
    options.report?.(
      `--force: deleting with finalizers still on ${h.kind} ${h.namespace ? `${h.namespace}/` : ""}${h.name}`,
    );
  // The operator first, the API last: the reverse of the installer's order.
  await deleteObjects(config, [...installer].reverse(), options.report);
}

export { describe };
