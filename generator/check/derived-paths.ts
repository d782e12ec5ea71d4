// The project files and identifiers the render stage derives from names in the spec, stated
// here so check can find, before anything is rendered, the names that would produce a file name
// too long for the file system or two outputs with one path. A render test keeps this list and
// the rendered tree in agreement.

import {
  derivePlural,
  deriveSingular,
  inputPropertyName,
  toCamel,
  toKebab,
  toPascal,
} from "./derive-names.ts";
import { adoptsExisting } from "./check-resource-identity.ts";
import { childKindEntries } from "./child-kind-choice.ts";
import { childBuilderName, childFileName } from "./child-name-template.ts";
import { isObject, obj, objects, str, strings } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export interface DerivedName {
  /** What the name is, as a message says it: "file name", "label value", "condition type". */
  what: "file" | "label value" | "condition type" | "identifier" | "type name";
  value: string;
  /** The spec node the name comes from: where a diagnostic about it points. */
  source: Path;
  /** How the user calls the source, e.g. `external resource "aBc"`. */
  sourceLabel: string;
  /** For identifiers: the generated module they are declared or imported in. */
  scope?: string;
}

/** Files the generator writes whatever the spec says, in the folders user names also land in. */
export const FIXED_FILES: Readonly<Record<string, string>> = {
  "src/children/index.ts": "the generated child list",
  "src/children/service-names.ts": "the generated Service names",
  "src/reconciler/finalize.ts": "the generated finalizer",
  "src/hooks/index.ts": "the generated hook index",
  "src/hooks/types.ts": "the generated hook interfaces",
  "src/conversion.ts": "the generated conversion wiring",
};

/**
 * Identifiers the generated modules import or declare whatever the spec says, by module: a kind,
 * binding or child that derives one of them would be a duplicate declaration there.
 */
export const FIXED_IDENTIFIERS: Readonly<Record<string, readonly string[]>> = {
  reconciler: [
    "KubernetesObject",
    "setCondition",
    "ConditionUpdate",
    "ReconcileResult",
    "Reconciler",
    "TerminalError",
    "errorMessage",
    "isInvalid",
    "isChildReady",
    "hasFinalizer",
    "isBeingDeleted",
    "withFinalizer",
    "Logger",
    "ObjectKey",
    "ResourceClient",
    "writeStatusIfChanged",
    "FINALIZER",
    "FAILED_PHASE",
    "PROGRESSING_PHASE",
    "READY_PHASE",
    "canTransition",
    "isTerminalPhase",
    "nextPhase",
    "desiredChildren",
    "foldParts",
    "PartResult",
    "applyVerdict",
    "applyChildren",
    "deletionPolicyOverride",
    "adoptionPolicy",
    "DELETION_POLICY_ANNOTATION",
    "ADOPTION_ANNOTATION",
    "readyCondition",
    "recordFailedPass",
    "recordNotPermitted",
    "isPaused",
    "recordPaused",
    "PAUSE_MARK",
    "cascadeDeletion",
    "CASCADE_FINALIZERS",
    "CASCADE_RECHECK_MS",
    "OWNED_KINDS",
    "directTenancyGate",
    "cleanUpVanished",
    "sweptResources",
    "SchemaDefaults",
    "withSchemaDefaults",
    "STATUS_DEFAULTS",
    "generationInReady",
    // Without the status subresource (spec-tracking-view.ts).
    "observedSpec",
    "specHash",
    "specGeneration",
    "HASHED_TOP_LEVEL_FIELDS",
    "specReconciled",
  ],
  children: ["desiredChildren", "withCreationPolicy"],
  "hooks types": ["KubernetesObject", "ConditionVerdict", "PartResult"],
  "hooks index": ["hooks"],
  // Keys of the observation the status hooks get, next to one per external resource.
  "status observation": ["obj", "generation", "children"],
};

/**
 * Names a generated type derived from the kind must not take: it is declared in the API types
 * module and imported next to these, or shadows them (kind Record turns every Record<K, V> in
 * the types module into "Type 'Record' is not generic"). The PascalCase names the templates
 * import (a test keeps this list complete) and the global types generated code uses.
 */
export const TEMPLATE_TYPE_NAMES: ReadonlySet<string> = new Set([
  // imported by templates
  ...["AccessCheck", "ApiError", "BackoffSettings", "Binaries", "BindingFixture"],
  ...["CertificateAuthority", "ChildProcess", "ClientTls", "Condition", "ConditionUpdate"],
  ...["ConflictError", "ContractCases", "ControlPlane", "Controller", "CoordinationV1Api"],
  ...["CoreV1Api", "CustomResourceApi", "CustomResourceRef", "FakeResourceClient", "Get"],
  ...["KeyPairPem", "KubeConfig", "KubeResourceClient", "KubernetesObject", "LeaderElector"],
  ...["Logger", "ManagedProcess", "MemoryProvider", "ObjectKey", "OperatorIdentity", "Pki"],
  ...["RbacAuthorizationV1Api", "ReconcileResult", "Reconciler", "RequestOptions"],
  ...["ResourceApi", "ResourceClient", "ResourceObject", "Running", "Server", "Spec"],
  ...["TerminalError", "V1ConfigMap", "V1Deployment", "V1ObjectMeta", "V1OwnerReference"],
  ...["V1ResourceAttributes", "V1Secret", "V1Service", "WorkQueue", "Providers", "Resource"],
  ...[
    "ConditionVerdict",
    "PartResult",
    "ConditionStatus",
    "Hooks",
    "ObservedCondition",
    "OpenCondition",
  ],
  ...["StatusCase", "ChildInstance", "NamedChildFixture", "ConditionalChildFixture"],
  ...["SchemaDefaults", "PauseMark", "OwnerNameFixture", "CreationPolicyFixture"],
  ...["CascadeFinalizers"],
  ...["CustomObjectsApi", "Informer", "KubernetesListObject", "ObjectCache", "Watch"],
  ...["KubernetesObjectApi", "PatchStrategy", "V1MicroTime", "V1Lease", "ApiException"],
  ...["ApiextensionsV1Api", "V1ClusterRoleBinding", "V1CustomResourceDefinition", "V1Pod"],
  ...["V1Status", "AuthorizationV1Api", "AppsV1Api", "BatchV1Api", "V1CronJob", "V1DaemonSet"],
  ...["V1Ingress", "V1Job", "V1NetworkPolicy", "V1PersistentVolume", "V1PersistentVolumeClaim"],
  ...["V1PodDisruptionBudget", "V1PodSpec", "V1PodTemplateSpec", "V1StatefulSet", "Connection"],
  ...["OwnWrites", "ReconcileContext", "Observable", "ConfigurationOptions", "RequestContext"],
  ...["ResponseContext", "DeadlineExceededError", "RateLimiter", "CallOptions", "TimeoutError"],
  // imported by test/envtest/fault-proxy.ts (branch fault-proxy)
  ...["FaultProxy", "IncomingMessage", "ServerResponse", "Agent", "AddressInfo", "ApiRequest"],
  ...["Verb"],
  ...["CachedResourceClient", "OwnedKind", "OwnerKind", "InformerOptions", "WatchEvent"],
  ...["HttpMethod", "OwnedInformers"],
  ...["OperatorMetrics", "ControllerMetrics", "QueueMetrics", "Counter", "Gauge", "Histogram"],
  ...["Registry", "KubeMetricsAuthorizer", "MetricsAuthorizer", "CertificatePem", "EventRecord"],
  ...["KubeEventRecorder", "EventRecorder", "EventsV1Api", "EventsV1Event", "AsyncLocalStorage"],
  ...["AuthenticationV1Api", "X509Certificate"],
  ...["Manager", "LeaderElectionOptions", "OperatorReplica", "LeaseTimings", "ReconcileLog"],
  ...["FaultEnvironment"],
  ...["ExternalOwner", "DeletionPolicyOverride", "NaturalKeyFixture", "KeyedMemoryProvider"],
  ...["RecordedOwner"],
  // the orphan sweep (the runtime's OrphanSweeper, wired in src/main.ts and the fault suite)
  ...["OrphanSweeper", "SweptResource"],
  // the orphan report (the runtime's orphan-report.ts; src/main.ts, finalize.ts, the suites)
  ...["ConfigMapOrphanReport", "OrphanReport", "KeptOrphan", "KeptReason", "MemoryOrphanReport"],
  ...["OrphanReportFullError"],
  // truthful status (issue 24): the reconciler's wrappers of provider and hook calls
  ...["ProviderCallMetrics", "ProviderError", "HookError", "ObjectLag"],
  // the tenant boundary (src/tenancy.ts, the reconciler, test/integration/tenancy.test.ts)
  ...[
    "TenancyGate",
    "TenancyRule",
    "TenancyDefinition",
    "TenancyFixture",
    "AdmissionregistrationV1Api",
  ],
  // the manager's command line and kubeconfig (src/main.ts, src/config.ts, test/main.test.ts)
  ...["parseCommandLine", "loadKubeConfig", "Setting", "SETTINGS"],
  ...["loadOperatorConfig", "operatorSettings", "OperatorConfig"],
  // the idempotency token ensure() is given (the runtime's EnsureRequest, src/providers/*-provider.ts)
  ...["EnsureRequest", "UidMemoryProvider"],
  // the runtime's transport (runtime/transport.ts) and its test
  ...["KubeTransport", "RequestOutcome", "ServerConfiguration", "Configuration", "HttpLibrary"],
  ...["SecurityAuthentication", "AgentOptions", "TLSSocket"],
  // test/support/event-loop-watchdog.ts
  ...["Worker", "EventLoopWatchdog"],
  // reference fields: runtime/references.ts, src/references.ts and the client-node models a
  // reference to a namespaced built-in kind resolves to
  ...["CacheReferenceReader", "ReferenceField", "ReferenceReader", "ReferenceTarget"],
  ...["ReferencedKind", "ReferencedObject", "ResolvedReferences", "ReferenceIndex"],
  ...["ReferenceWatch", "ReferenceInformer", "V1ServiceAccount", "V1Role", "V1RoleBinding"],
  // imported by the crash, drift and write-fault suites
  ...["FaultMatch", "InjectedFault", "ReplicaOptions", "Socket"],
  // binding parts word their outcomes through runtime/parts.ts
  ...["ConditionedPart"],
  // main.ts states the operator and the runtime runs it (runtime/run-operator.ts); finalize.ts
  // records kept resources through runtime/kept-resources.ts
  ...["OperatorDefinition", "OperatorWiring", "Abandon", "KeptResource"],
  // main.ts wires the idle collection (runtime/idle-collector.ts)
  ...["IdleCollector", "IdleCollectorOptions"],
  // several API versions (issue 19): src/conversion.ts and src/api/<kind>-conversion.ts
  ...["ConversionWebhook", "StorageMigrator", "WebhookCertificates", "KindConversion"],
  ...["SecretWebhookCertificates", "WebhookCertificatesOptions", "CertificateTimings"],
  ...["certificateAuthority", "issueServingCertificate", "TLSSocket"],
  ...["JsonObject", "Conversion", "ConversionOptions", "ConversionRegistry"],
  // test/conversion-round-trip.test.ts and test/support/version-arbitraries.ts (fast-check)
  ...["fc", "objectsOf"],
  // the deploy kit (@create-operator/runtime/deploy): test/integration/installer.test.ts and
  // test/cluster/sample-ready.test.ts
  ...["VersionApi", "InstallerOptions", "HeldObject", "UninstallRefusedError"],
  // global types and values
  ...["Array", "ReadonlyArray", "Record", "Readonly", "Partial", "Required", "Pick", "Omit"],
  ...["Exclude", "Extract", "NonNullable", "ReturnType", "Awaited", "Promise", "PromiseLike"],
  ...["Map", "ReadonlyMap", "Set", "ReadonlySet", "WeakMap", "Date", "Error", "TypeError"],
  ...["Object", "String", "Number", "Boolean", "Symbol", "BigInt", "Function", "RegExp"],
  ...["JSON", "Math", "NodeJS", "Buffer", "URL", "AbortController", "AbortSignal", "Iterable"],
]);

/** Types src/hooks/types.ts declares for the kind, e.g. DatabaseReconcilerHooks. */
export const KIND_HOOK_TYPE_SUFFIXES = [
  // Not plain "Hooks": an external resource named like the kind (kind Bucket, resource bucket)
  // owns BucketHooks.
  "ReconcilerHooks",
  "StatusHooks",
  "Observation",
  "UserStatus",
  "StatusReport",
  "ChildBuilder",
  "InstanceBuilder",
  // src/api/<kind>-conversion.ts: DatabaseConversionHooks
  "ConversionHooks",
] as const;

export const PROVIDER_FILE_SUFFIXES = ["provider", "memory", "cloud"] as const;

export function derivedNames(data: Record<string, unknown>): DerivedName[] {
  const out: DerivedName[] = [];
  const api = obj(data.api);
  const kind = str(api.kind);
  const group = str(api.group);
  const version = str(objects(api.versions)[0]?.[1].name);
  const kindLabel = `kind "${kind}"`;
  if (group && kind) {
    const plural = str(api.plural) ?? derivePlural(kind);
    const singular = str(api.singular) ?? deriveSingular(kind);
    const groupSource = { source: ["api", "group"], sourceLabel: `group "${group}"` };
    out.push({ what: "file", value: `config/crd/bases/${group}_${plural}.yaml`, ...groupSource });
    // The Helm chart's copy of the CRD keeps config/'s path below chart/templates/.
    out.push({
      what: "file",
      value: `chart/templates/crd/bases/${group}_${plural}.yaml`,
      ...groupSource,
    });
    if (version)
      out.push({
        what: "file",
        value: `config/samples/${group}_${version}_${singular}.yaml`,
        ...groupSource,
      });
  }
  if (kind) {
    const kindFile = toKebab(kind);
    const kindSource = { source: ["api", "kind"], sourceLabel: kindLabel };
    // Every version's types (src/api/<version>/): the storage version's and, with several, the others'.
    const versions = objects(api.versions).map(([, v]) => str(v.name));
    for (const name of versions.length > 0 ? versions : [version])
      if (name)
        out.push({ what: "file", value: `src/api/${name}/${kindFile}-types.ts`, ...kindSource });
    out.push({ what: "file", value: `src/reconciler/${kindFile}-reconciler.ts`, ...kindSource });
    out.push({ what: "file", value: `src/hooks/${kindFile}-status.ts`, ...kindSource });
    for (const suffix of ["", "Status", ...KIND_HOOK_TYPE_SUFFIXES])
      out.push({
        what: "identifier",
        value: `${kind}${suffix}`,
        scope: "hooks types",
        ...kindSource,
      });
    out.push({
      what: "identifier",
      value: `${toCamel(kind)}StatusHooks`,
      scope: "hooks index",
      ...kindSource,
    });
    // The component label of every child object.
    out.push({ what: "label value", value: kindFile, ...kindSource });
    for (const suffix of [
      ...["", "List", "Spec", "Status", "Phase", "ConditionType", "Reconciler"],
      ...KIND_HOOK_TYPE_SUFFIXES,
    ])
      out.push({ what: "type name", value: `${kind}${suffix}`, ...kindSource });
    out.push({ what: "identifier", value: kind, scope: "reconciler", ...kindSource });
    out.push({ what: "identifier", value: `${kind}Status`, scope: "reconciler", ...kindSource });
  }
  for (const [i, binding] of objects(data.externalResources)) {
    const name = str(binding.name);
    if (!name) continue;
    const file = toKebab(name);
    const type = toPascal(name);
    const source = {
      source: ["externalResources", i, "name"],
      sourceLabel: `external resource "${name}"`,
    };
    for (const suffix of PROVIDER_FILE_SUFFIXES)
      out.push({ what: "file", value: `src/providers/${file}-${suffix}.ts`, ...source });
    out.push({ what: "condition type", value: `${type}Ready`, ...source });
    if (adoptsExisting(data, binding))
      out.push({ what: "condition type", value: `${type}Adopted`, ...source });
    for (const [j, input] of strings(binding.inputs))
      out.push({
        what: "identifier",
        value: inputPropertyName(input),
        scope: `${type}Desired type`,
        source: ["externalResources", i, "inputs", j],
        sourceLabel: `input "${input}"`,
      });
    out.push({ what: "file", value: `src/hooks/${file}.ts`, ...source });
    out.push({ what: "file", value: `src/reconciler/${file}-part.ts`, ...source });
    for (const id of [`reconcile${type}`, `${type}Provider`])
      out.push({ what: "identifier", value: id, scope: "reconciler", ...source });
    // Keyed on a natural key: read by the finalizer next to the provider type, and the part's
    // claim context.
    if (isObject(binding.identity))
      for (const id of [`${name}Key`, `${type}Claims`])
        out.push({ what: "identifier", value: id, scope: "reconciler", ...source });
    for (const id of [`${type}Hooks`, `${type}Desired`, `${type}Observed`])
      out.push({ what: "identifier", value: id, scope: "hooks types", ...source });
    out.push({ what: "identifier", value: `${name}Hooks`, scope: "hooks index", ...source });
    out.push({ what: "identifier", value: name, scope: "status observation", ...source });
  }
  for (const [i, condition] of objects(obj(data.status).conditions)) {
    const type = str(condition.type);
    if (type)
      out.push({
        what: "condition type",
        value: type,
        source: ["status", "conditions", i, "type"],
        sourceLabel: `condition type "${type}"`,
      });
  }
  // A child whose kind a field chooses has a builder per kind (kinds[j]).
  for (const [i, raw] of objects(data.children))
    for (const { entry: child, at } of childKindEntries(raw)) {
      const kindName = str(child.kind);
      if (!kindName) continue;
      const source = {
        source: ["children", i, ...at, "kind"],
        sourceLabel: `child kind "${kindName}"`,
      };
      const fileName = childFileName(kindName, str(child.id));
      out.push({ what: "file", value: `src/children/${fileName}.ts`, ...source });
      out.push({
        what: "identifier",
        value: childBuilderName(kindName, str(child.id)),
        scope: "children",
        ...source,
      });
    }
  return out;
}
