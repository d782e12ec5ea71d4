// ResourceClient on @kubernetes/client-node 2.x. Maps 404 to `undefined` and 409 to ConflictError
// so the reconciler never inspects HTTP details.

import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { signalOptions } from "./abort.ts";
import { ConflictError, isConflict, isNotFound } from "./errors.ts";
import type { OwnedKind } from "./owned-kinds.ts";
import { isControlledBy } from "./prune-children.ts";
import type { CallOptions, ObjectKey, ResourceClient } from "./resource-client.ts";
import { SignalObjectApi } from "./signal-object-api.ts";
import { makeApiClient } from "./transport.ts";

export interface CustomResourceRef {
  group: string;
  version: string;
  plural: string;
  namespaced: boolean;
}

export class KubeResourceClient<T extends KubernetesObject> implements ResourceClient<T> {
  readonly #custom: CustomObjectsApi;
  readonly #objects: SignalObjectApi;
  readonly #ref: CustomResourceRef;
  readonly #fieldManager: string;

  constructor(kubeConfig: KubeConfig, ref: CustomResourceRef, fieldManager: string) {
    this.#custom = makeApiClient(kubeConfig, CustomObjectsApi);
    this.#objects = SignalObjectApi.forConfig(kubeConfig);
    this.#ref = ref;
    this.#fieldManager = fieldManager;
  }

  /** Always a quorum read: a GET without resourceVersion is served from etcd. */
  getFromServer(key: ObjectKey, options: CallOptions = {}): Promise<T | undefined> {
    return this.get(key, options);
  }

  async get(key: ObjectKey, options: CallOptions = {}): Promise<T | undefined> {
    const call = signalOptions(options.signal);
    try {
      const { group, version, plural } = this.#ref;
      const found: unknown = this.#ref.namespaced
        ? await this.#custom.getNamespacedCustomObject(
            {
              group,
              version,
              plural,
              namespace: requireNamespace(key),
              name: key.name,
            },
            call,
          )
        : await this.#custom.getClusterCustomObject(
            { group, version, plural, name: key.name },
            call,
          );
      return found as T;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async replaceStatus(obj: T, options: CallOptions = {}): Promise<T> {
    const call = signalOptions(options.signal);
    const { group, version, plural } = this.#ref;
    const name = obj.metadata?.name ?? "";
    const fieldManager = this.#fieldManager;
    return this.#mapConflict(async () =>
      this.#ref.namespaced
        ? this.#custom.replaceNamespacedCustomObjectStatus(
            {
              group,
              version,
              plural,
              namespace: requireNamespace({ name, namespace: obj.metadata?.namespace }),
              name,
              body: obj,
              fieldManager,
            },
            call,
          )
        : this.#custom.replaceClusterCustomObjectStatus(
            { group, version, plural, name, body: obj, fieldManager },
            call,
          ),
    );
  }

  async setFinalizers(obj: T, finalizers: string[], options: CallOptions = {}): Promise<T> {
    const { group, version, plural } = this.#ref;
    const name = obj.metadata?.name ?? "";
    const body = { metadata: { resourceVersion: obj.metadata?.resourceVersion, finalizers } };
    // The generated client defaults to JSON Patch for patch calls; 2.x selects the content type
    // through per-call middleware options.
    const call = setHeaderOptions(
      "Content-Type",
      PatchStrategy.MergePatch,
      signalOptions(options.signal),
    );
    const fieldManager = this.#fieldManager;
    return this.#mapConflict(async () =>
      this.#ref.namespaced
        ? this.#custom.patchNamespacedCustomObject(
            {
              group,
              version,
              plural,
              namespace: requireNamespace({ name, namespace: obj.metadata?.namespace }),
              name,
              body,
              fieldManager,
            },
            call,
          )
        : this.#custom.patchClusterCustomObject(
            { group, version, plural, name, body, fieldManager },
            call,
          ),
    );
  }

  async applyChild<C extends KubernetesObject>(child: C, options: CallOptions = {}): Promise<C> {
    // Server-side apply sends only the fields we own; managedFields must not be part of the body.
    const { managedFields: _ignored, ...metadata } = child.metadata ?? {};
    return this.#objects.patch(
      { ...child, metadata },
      undefined,
      undefined,
      this.#fieldManager,
      true,
      PatchStrategy.ServerSideApply,
      this.#objects.configurationWithSignal(options.signal),
    ) as Promise<C>;
  }

  async listOwnedChildren(
    kind: OwnedKind,
    owner: KubernetesObject,
    options: CallOptions = {},
  ): Promise<KubernetesObject[]> {
    const namespace = kind.namespaced ? owner.metadata?.namespace : undefined;
    const list = await this.#objects.list(
      kind.apiVersion,
      kind.kind,
      namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      this.#objects.configurationWithSignal(options.signal),
    );
    return list.items
      .map((item) => ({ ...item, apiVersion: kind.apiVersion, kind: kind.kind }))
      .filter((item) => isControlledBy(item, owner));
  }

  async deleteChild(child: KubernetesObject, options: CallOptions = {}): Promise<void> {
    const uid = child.metadata?.uid;
    try {
      await this.#objects.delete(
        child,
        undefined,
        undefined,
        undefined,
        undefined,
        // Background: the API server removes the child's own dependents (a StatefulSet's pods).
        "Background",
        { preconditions: uid === undefined ? undefined : { uid } },
        this.#objects.configurationWithSignal(options.signal),
      );
    } catch (err) {
      // Gone already; a precondition conflict means a new object now holds the name: leave it.
      if (isNotFound(err) || isConflict(err)) return;
      throw err;
    }
  }

  async #mapConflict(write: () => Promise<unknown>): Promise<T> {
    try {
      return (await write()) as T;
    } catch (err) {
      if (isConflict(err))
        throw new ConflictError("the object changed since it was read", { cause: err });
      throw err;
    }
  }
}

function requireNamespace(key: ObjectKey): string {
  if (!key.namespace) throw new Error(`namespaced object ${key.name} has no namespace`);
  return key.namespace;
}
