// The public API of @create-operator/runtime: what generated operators and their users import.
// Everything else under src/ is internal and may change in any release; the package's `exports`
// map makes only this module (and ./testing) reachable. Grouped by the module that defines it.

export { raceAbort } from "./abort.ts";
export { annotationManager } from "./annotation-manager.ts";
export { applyChildren } from "./apply-children.ts";
export {
  CREATION_POLICIES,
  creationPolicyOf,
  withCreationPolicy,
  type CreationPolicy,
} from "./creation-policy.ts";
export type { BackoffSettings } from "./backoff.ts";
export { CachedResourceClient } from "./cached-resource-client.ts";
export { reloadCertificateFrom } from "./certificate-reloader.ts";
export { countIndexes } from "./child-instances.ts";
export type { ChildInstance } from "./child-instances.ts";
export { findCondition, isConditionTrue, setCondition } from "./conditions.ts";
export type {
  Condition,
  ConditionStatus,
  ConditionUpdate,
  ObservedCondition,
  OpenCondition,
} from "./conditions.ts";
export { Controller, customResourceInformers } from "./controller.ts";
export type {
  OwnedInformers,
  ReconcileContext,
  ReconcileResult,
  Reconciler,
} from "./controller.ts";
export { parseCommandLine } from "./command-line.ts";
export { loadOperatorConfig, operatorSettings } from "./operator-config.ts";
export type { OperatorConfig } from "./operator-config.ts";
export type { CommandLine, Program, Setting } from "./command-line.ts";
export { ConversionFailure, ConversionRegistry } from "./conversion/converters.ts";
export type { JsonObject, KindConversion, VersionConverter } from "./conversion/converters.ts";
export {
  CONVERSION_PATH,
  DEFAULT_MAX_REQUEST_BYTES,
  startConversionWebhook,
} from "./conversion/webhook-server.ts";
export type { ConversionWebhook, ConversionWebhookOptions } from "./conversion/webhook-server.ts";
export { CA_SECRET_KEYS, WebhookCertificates } from "./conversion/webhook-certificates.ts";
export type { WebhookCertificatesOptions } from "./conversion/webhook-certificates.ts";
export { SecretWebhookCertificates, TLS_SECRET_KEYS } from "./conversion/secret-certificates.ts";
export type { SecretCertificatesOptions } from "./conversion/secret-certificates.ts";
export { migrateStorage, storageVersionOf } from "./conversion/storage-migration.ts";
export type {
  StorageMigrationOptions,
  StorageMigrationResult,
} from "./conversion/storage-migration.ts";
export { StorageMigrator } from "./conversion/storage-migrator.ts";
export type { StorageMigratorOptions } from "./conversion/storage-migrator.ts";
export { crashOnUnhandled } from "./crash-on-unhandled.ts";
export { deletionPolicyOverride, effectiveDeletionPolicy } from "./deletion-policy.ts";
export { adoptionPolicy } from "./adoption-policy.ts";
export type { AdoptionBehaviour, AdoptionDecision, AdoptionPolicy } from "./adoption-policy.ts";
export type { DeletionPolicyOverride } from "./deletion-policy.ts";
export {
  ConflictError,
  HookError,
  ProviderError,
  TerminalError,
  describeApiError,
  errorMessage,
  isConflict,
  statusCode,
} from "./errors.ts";
export type { ApiErrorDetails } from "./errors.ts";
export { KubeEventRecorder, noopEventRecorder } from "./events.ts";
export { KubeConfigNotFoundError, loadKubeConfig } from "./kube-config.ts";
export type {
  EventRecord,
  EventRecorder,
  KubeEventRecorderOptions,
  ObjectReference,
} from "./events.ts";
export { describeOwner, isHeldBy, liveHolder, ownerOf, recheckDelayMs } from "./external-owner.ts";
export type { ExternalOwner } from "./external-owner.ts";
export {
  failedPassStatus,
  failureMessage,
  failureReason,
  recordFailedPass,
} from "./failure-status.ts";
export type { FailedPhase } from "./failure-status.ts";
export { hasFinalizer, isBeingDeleted, withFinalizer, withoutFinalizer } from "./finalizers.ts";
export { startHealthServer, stopServer } from "./health.ts";
export { idempotencyToken } from "./idempotency-token.ts";
export type { EnsureRequest } from "./idempotency-token.ts";
export { memoryReducingGc } from "./idle-collector.ts";
export { limitJitMemory } from "./jit-memory.ts";
export { INFORMER_BACKOFF, Informer } from "./informer.ts";
export { annotationRequester, keptEntries } from "./kept-resources.ts";
export type { Abandon, KeptResource } from "./kept-resources.ts";
export { KubeResourceClient } from "./kube-resource-client.ts";
export type { CustomResourceRef } from "./kube-resource-client.ts";
export { LeaderElector } from "./leader-election.ts";
export { listPage, WatchStalledError } from "./list-watch.ts";
export {
  cachesReady,
  type CacheHealth,
  SERVER_BOOKMARK_INTERVAL_MS,
  UNREACHABLE_GRACE_MS,
  WATCH_IDLE_TIMEOUT_MS,
} from "./watch-health.ts";
export { createLogger, silentLogger } from "./logger.ts";
export type { Logger } from "./logger.ts";
export { ALSO_STOP_TIMEOUT_MS, Manager } from "./manager.ts";
export type { LeaseSettings, ManagedController, ManagerOptions } from "./manager.ts";
export { OperatorMetrics } from "./metrics.ts";
export type { ConversionMetrics, MigrationMetrics } from "./metrics.ts";
export { KubeMetricsAuthorizer } from "./metrics-auth.ts";
export { metricsCertificate, startMetricsServer } from "./metrics-server.ts";
export { ConfigMapOrphanReport } from "./configmap-orphan-report.ts";
export type { ConfigMapOrphanReportOptions } from "./configmap-orphan-report.ts";
export {
  keptOrphanKey,
  ORPHAN_REPORT_MAX_BYTES,
  parseEntries as parseOrphanReport,
  OrphanReportFullError,
  orphanReportName,
} from "./orphan-report.ts";
export type { KeptOrphan, KeptReason, OrphanReport } from "./orphan-report.ts";
export { ObjectLag } from "./object-lag.ts";
export type { ObjectLagOptions, ObjectLagSnapshot } from "./object-lag.ts";
export { OrphanSweeper, sweepOrphans } from "./orphan-sweep.ts";
export type {
  Orphan,
  OrphanSweepOptions,
  OwnerTaggedResource,
  SweptResource,
} from "./orphan-sweep.ts";
export { cachedOwnerUids, storedOwnerUids } from "./owner-uids.ts";
export { OwnWrites } from "./own-writes.ts";
export { ownedInformers } from "./owned-kinds.ts";
export type { OwnedKind } from "./owned-kinds.ts";
export { childMetadata, labelValueOf, nameForContent, selectorLabels } from "./ownership.ts";
export { applyVerdict, bindingOutcomes, foldParts, readyCondition, requireUid } from "./parts.ts";
export type { ConditionedPart, ConditionVerdict, FoldedParts, PartResult } from "./parts.ts";
export { hookCalls, isRateLimited, providerCalls } from "./provider-calls.ts";
export type { ProviderCall, ProviderCallMetrics } from "./provider-calls.ts";
export { pruneChildren } from "./prune-children.ts";
export {
  CacheReferenceReader,
  chosenKind,
  referenceEntries,
  referencedKinds,
  referenceInformers,
  referenceTarget,
  resolveReference,
  resolveReferenceEntries,
} from "./references.ts";
export type {
  KindChoice,
  ReferenceReader,
  ReferenceTarget,
  ReferenceWatch,
  ReferencedKind,
  ReferenceEntry,
  ReferenceField,
  ReferencedObject,
} from "./references.ts";
export { keyOf, keyToString } from "./resource-client.ts";
export type { CallOptions, ObjectKey, ResourceClient } from "./resource-client.ts";
export { instrumentKubeConfig } from "./rest-client-metrics.ts";
export { runOperator } from "./run-operator.ts";
export type { OperatorDefinition, OperatorService, OperatorWiring } from "./run-operator.ts";
export { withCallLimits } from "./request-options.ts";
export {
  certificateAuthority,
  issueServingCertificate,
  selfSignedCertificate,
} from "./self-signed-certificate.ts";
export type { CertificatePem } from "./self-signed-certificate.ts";
export { withSchemaDefaults } from "./schema-defaults.ts";
export type { SchemaDefaults } from "./schema-defaults.ts";
export { sameJson, writeStatusIfChanged } from "./status.ts";
export {
  canonicalJson,
  observedSpec,
  specGeneration,
  specHash,
  specReconciled,
} from "./spec-hash.ts";
export type { ObservedSpec, SpecHashed } from "./spec-hash.ts";
export {
  generationInReady,
  observedGenerationOf,
  withoutObservedGeneration,
  withReadyGeneration,
} from "./generation-in-ready.ts";
export { tenancyGate } from "./tenancy.ts";
export { recordNotPermitted } from "./not-permitted.ts";
export { isPaused, PAUSED_REASON, recordPaused, type PauseMark } from "./paused.ts";
export {
  cascadeChildren,
  cascadeDeletion,
  DELETING_CHILDREN_REASON,
  finalizersAfterCascade,
  requestedCascade,
  type CascadeFinalizers,
  type CascadeMode,
  type CascadeRequest,
} from "./cascade-finalizer.ts";
export { directTenancyGate, parametersKind, watchedReferences } from "./tenancy-parameters.ts";
export type {
  TenancyDefinition,
  TenancyParametersKind,
  WatchedReferences,
} from "./tenancy-parameters.ts";
export type { TenancyGate, TenancyParameters, TenancyRule, TenancyVerdict } from "./tenancy.ts";
export { TimeoutError, withTimeout } from "./timeout.ts";
export { withTransitionEvents } from "./transition-events.ts";
export { cleanUpVanished, writeStatusOrCleanUp } from "./vanished-owner.ts";
export type { VanishedCleanUp } from "./vanished-owner.ts";
export type { TransitionEventOptions } from "./transition-events.ts";
export { plannedConverter } from "./conversion/planned-converter.ts";
export type {
  FieldHook,
  TypedFieldHook,
  FieldPlan,
  FieldType,
  PlannedConverterOptions,
} from "./conversion/planned-converter.ts";
