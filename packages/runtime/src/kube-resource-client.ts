// ResourceClient on @kubernetes/client-node 2.x. Maps 404 to `undefined` and 409 to ConflictError
// so the reconciler never inspects HTTP details.
//
// The two writes of every pass (the status PUT and the finalizer merge patch) go out on the
// runtime's transport rather than client-node's CustomObjectsApi: each answers with the whole
// stored object, and a tenant may have put 256 KiB into its annotations. Parsed whole, 800 such
// objects converging in 30 s made hundreds of MiB of large strings and pushed the operator to its
// Deployment's 256 MiB limit (issue 24). Given the cache's kept annotations, the response is read
// through the same AnnotationFilter the informers' LIST and WATCH use, and returned in the cache's
// shape (cache-shape.ts), so no write ever materializes a tenant's annotation. The GET stays on
// client-node and whole: it reads managedFields (who set an annotation) and runs only when a
// deletion keeps external resources.

import {
  CustomObjectsApi,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject,
} from "@kubernetes/client-node";
import { signalOptions } from "./abort.ts";
import { AnnotationFilter, OBJECT_ANNOTATIONS, readFiltered } from "./annotation-filter.ts";
import { apiRequest } from "./api-request.ts";
import { stripForCache } from "./cache-shape.ts";
import { ConflictError, isConflict, isNotFound } from "./errors.ts";
import type { OwnedKind } from "./owned-kinds.ts";
import { isControlledBy } from "./prune-children.ts";
import type { CallOptions, ObjectKey, ResourceClient } from "./resource-client.ts";
import { SignalObjectApi } from "./signal-object-api.ts";
import { makeApiClient, readAll } from "./transport.ts";

export interface CustomResourceRef {
  group: string;
  version: string;
  plural: string;
  namespaced: boolean;
  /**
   * Whether the CRD serves the status subresource (default true). Without it, replaceStatus
   * patches the object itself (see there); spec-hash.ts says how the reconciler then tells a new
   * spec from its own status write.
   */
  statusSubresource?: boolean;
}

export interface KubeResourceClientOptions {
  /**
   * The annotations the owner's cache keeps (the informers' keptAnnotations): a write's response
   * holds these alone, in the cache's shape. Unset, responses are returned whole.
   */
  keptAnnotations?: readonly string[];
}

export class KubeResourceClient<T extends KubernetesObject> implements ResourceClient<T> {
  readonly #kubeConfig: KubeConfig;
  readonly #custom: CustomObjectsApi;
  readonly #objects: SignalObjectApi;
  readonly #ref: CustomResourceRef;
  readonly #fieldManager: string;
  readonly #keptAnnotations: readonly string[] | undefined;
  readonly #statusSubresource: boolean;

  constructor(
    kubeConfig: KubeConfig,
    ref: CustomResourceRef,
    fieldManager: string,
    options: KubeResourceClientOptions = {},
  ) {
    this.#kubeConfig = kubeConfig;
    this.#custom = makeApiClient(kubeConfig, CustomObjectsApi);
    this.#objects = SignalObjectApi.forConfig(kubeConfig);
    this.#ref = ref;
    this.#fieldManager = fieldManager;
    this.#keptAnnotations = options.keptAnnotations;
    this.#statusSubresource = ref.statusSubresource ?? true;
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
    if (this.#statusSubresource)
      return this.#write(
        "PUT",
        `${this.#objectPath(obj)}/status`,
        obj,
        "application/json",
        options,
      );
    // No status subresource: a JSON patch of the object that replaces .status alone, so a spec
    // read from a stale cache is never written back, and sets metadata.resourceVersion, which the
    // API server checks like a PUT's (409 when the object changed since it was read).
    const body = [
      { op: "replace", path: "/metadata/resourceVersion", value: obj.metadata?.resourceVersion },
      { op: "add", path: "/status", value: (obj as { status?: unknown }).status ?? {} },
    ];
    return this.#write("PATCH", this.#objectPath(obj), body, PatchStrategy.JsonPatch, options);
  }

  async setFinalizers(obj: T, finalizers: string[], options: CallOptions = {}): Promise<T> {
    const body = { metadata: { resourceVersion: obj.metadata?.resourceVersion, finalizers } };
    return this.#write("PATCH", this.#objectPath(obj), body, PatchStrategy.MergePatch, options);
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

  async readChild(
    child: KubernetesObject,
    options: CallOptions = {},
  ): Promise<KubernetesObject | undefined> {
    try {
      return await this.#objects.read(
        {
          apiVersion: child.apiVersion,
          kind: child.kind,
          metadata: { name: child.metadata?.name ?? "", namespace: child.metadata?.namespace },
        },
        undefined,
        undefined,
        undefined,
        this.#objects.configurationWithSignal(options.signal),
      );
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
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

  /** The object's path on the API server (without a subresource). */
  #objectPath(obj: T): string {
    const { group, version, plural, namespaced } = this.#ref;
    const name = obj.metadata?.name ?? "";
    const scope = namespaced
      ? `/namespaces/${encodeURIComponent(requireNamespace({ name, namespace: obj.metadata?.namespace }))}`
      : "";
    const groupVersion = group === "" ? `/api/${version}` : `/apis/${group}/${version}`;
    return `${groupVersion}${scope}/${plural}/${encodeURIComponent(name)}`;
  }

  /**
   * One write with the field manager; its response read through the annotation filter when the
   * cache keeps only some annotations. A 409 becomes a ConflictError; other failures are the
   * server's Status as an ApiStatusError (404 included: callers map it as they need).
   */
  async #write(
    method: "PUT" | "PATCH",
    path: string,
    body: unknown,
    contentType: string,
    options: CallOptions,
  ): Promise<T> {
    const { signal } = options;
    try {
      const response = await apiRequest(
        this.#kubeConfig,
        path,
        { fieldManager: this.#fieldManager },
        {
          method,
          headers: { "content-type": contentType },
          body: JSON.stringify(body),
          ...(signal === undefined ? {} : { signal }),
        },
      );
      const kept = this.#keptAnnotations;
      const bytes =
        kept === undefined
          ? await readAll(response.body, signal)
          : await readFiltered(
              response.body,
              new AnnotationFilter(kept, OBJECT_ANNOTATIONS),
              signal,
            );
      const stored = JSON.parse(bytes.toString("utf8")) as T;
      // The filter leaves each dropped annotation as "": the cache's shape has no such keys.
      return kept === undefined ? stored : stripForCache(stored, kept);
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
