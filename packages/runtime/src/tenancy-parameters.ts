// Each namespace's tenancy parameters (the one object a cluster admin creates there, the binding's
// paramRef), read from a watched cache rather than with a GET on every pass: the parameters kind
// joins the referenced kinds (one informer per watched namespace, or one for the cluster), and
// every object of the reconciled kind references its own namespace's parameters object. So a
// pass costs no request for them, and a change (limits loosened or tightened, the object created
// or deleted) requeues that namespace's objects at once through the reference index, instead of
// taking effect at the next resync.

import type { KubeConfig, KubernetesObject } from "@kubernetes/client-node";
import type { InformerOptions } from "./informer.ts";
import { KubeResourceClient } from "./kube-resource-client.ts";
import type { Logger } from "./logger.ts";
import {
  CacheReferenceReader,
  referenceInformers,
  type ReferencedKind,
  type ReferenceInformer,
  type ReferenceReader,
  type ReferenceTarget,
} from "./references.ts";
import type { ObjectKey } from "./resource-client.ts";
import { tenancyGate, type TenancyGate, type TenancyRule } from "./tenancy.ts";

/** operator.yaml's tenancy, as a project's src/tenancy.ts declares it. */
export interface TenancyDefinition {
  /** The admission policy's validations the operator re-checks, in the policy's order. */
  rules: readonly TenancyRule[];
  parameters?: TenancyParametersKind;
}

/** The policy's paramKind, and the binding's paramRef. */
export interface TenancyParametersKind {
  /** "" for the core group. */
  group: string;
  version: string;
  plural: string;
  kind: string;
  /** The one object each namespace holds. */
  name: string;
  /** The binding's parameterNotFoundAction. */
  missing: "Deny" | "Allow";
}

/** The parameters kind as a referenced kind: cached in the watched namespaces. */
export function parametersKind(parameters: TenancyParametersKind): ReferencedKind {
  const { group, version, kind, plural } = parameters;
  return {
    apiVersion: group === "" ? version : `${group}/${version}`,
    kind,
    plural,
    anyNamespace: false,
  };
}

/** What the operator caches and watches for references, and its tenancy gate reading from them. */
export interface WatchedReferences<T extends KubernetesObject> {
  informers: ReferenceInformer[];
  reader: ReferenceReader;
  /** The objects `obj` references: its spec's, and its namespace's parameters object. */
  targetsOf: (obj: T) => ReferenceTarget[];
  /** Present when the operator re-checks a tenancy policy. */
  tenancy?: TenancyGate;
}

/**
 * The reference informers of `kinds`, plus the tenancy parameters kind when `tenancy` has one,
 * and the gate over `tenancy`'s rules that reads each namespace's parameters from them.
 */
export function watchedReferences<T extends KubernetesObject>(
  kubeConfig: KubeConfig,
  references: {
    kinds: readonly ReferencedKind[];
    targetsOf: (obj: T) => ReferenceTarget[];
    tenancy?: TenancyDefinition | undefined;
  },
  namespaces: readonly string[],
  logger: Logger,
  options: Partial<InformerOptions> = {},
): WatchedReferences<T> {
  const { kinds, targetsOf, tenancy } = references;
  const parameters = tenancy?.parameters;
  const paramsKind = parameters === undefined ? undefined : parametersKind(parameters);
  const informers = referenceInformers(
    kubeConfig,
    paramsKind === undefined ? kinds : [...kinds, paramsKind],
    namespaces,
    logger,
    options,
  );
  const reader = new CacheReferenceReader(informers);
  const watched: WatchedReferences<T> = {
    informers,
    reader,
    targetsOf:
      paramsKind === undefined
        ? targetsOf
        : (obj) => [
            ...targetsOf(obj),
            {
              kind: paramsKind,
              key: { namespace: obj.metadata?.namespace, name: parameters!.name },
            },
          ],
  };
  if (tenancy !== undefined)
    watched.tenancy = tenancyGate(
      tenancy.rules,
      paramsKind === undefined
        ? undefined
        : { ...parameters!, reader: { get: (key: ObjectKey) => reader.get(paramsKind, key) } },
    );
  return watched;
}

/**
 * The gate with a direct read of the parameters on every call (a quorum GET): for tests and tools
 * that judge one object without running the operator's caches.
 */
export function directTenancyGate(
  tenancy: TenancyDefinition,
  kubeConfig: KubeConfig,
  fieldManager: string,
): TenancyGate {
  const parameters = tenancy.parameters;
  if (parameters === undefined) return tenancyGate(tenancy.rules);
  const { group, version, plural } = parameters;
  const resource = { group, version, plural, namespaced: true };
  const reader = new KubeResourceClient(kubeConfig, resource, fieldManager);
  return tenancyGate(tenancy.rules, { ...parameters, reader });
}
