// The few CRD calls the conversion machinery makes (read, merge-patch the spec, merge-patch the
// status), through CustomObjectsApi, which addresses any group's resources by path. The typed
// ApiextensionsV1Api would add its whole group's request code to every operator's bundle
// (test/bundle-cost.test.ts); the CRD type is only a type.

import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type KubeConfig,
  type V1CustomResourceDefinition,
} from "@kubernetes/client-node";
import { makeApiClient } from "../transport.ts";

const CRDS = { group: "apiextensions.k8s.io", version: "v1", plural: "customresourcedefinitions" };
const MERGE_PATCH = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

export class CrdClient {
  readonly #api: CustomObjectsApi;

  constructor(kubeConfig: KubeConfig) {
    this.#api = makeApiClient(kubeConfig, CustomObjectsApi);
  }

  async read(name: string): Promise<V1CustomResourceDefinition> {
    return (await this.#api.getClusterCustomObject({
      ...CRDS,
      name,
    })) as V1CustomResourceDefinition;
  }

  /** A JSON merge patch of the CRD; a metadata.resourceVersion in it makes it conditional. */
  async mergePatch(name: string, body: object): Promise<void> {
    await this.#api.patchClusterCustomObject({ ...CRDS, name, body }, MERGE_PATCH);
  }

  /** The same through the status subresource (status.storedVersions). */
  async mergePatchStatus(name: string, body: object): Promise<void> {
    await this.#api.patchClusterCustomObjectStatus({ ...CRDS, name, body }, MERGE_PATCH);
  }
}
