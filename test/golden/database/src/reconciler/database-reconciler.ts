// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.

// Reconciles Database objects. One call = one level-triggered pass: read everything fresh, decide,
// act idempotently, record what was observed. Any step may run twice or be cut short by a crash;
// the next pass starts from the same fresh read and converges without duplicating or leaking.
//
// This file is yours. The TODO(user) comments mark where domain logic goes.

import type { KubernetesObject } from "@kubernetes/client-node";
import { setCondition, type ConditionUpdate } from "../runtime/conditions.ts";
import type { ReconcileResult, Reconciler } from "../runtime/controller.ts";
import { TerminalError, errorMessage, isInvalid } from "../runtime/errors.ts";
import { isChildReady } from "../runtime/child-readiness.ts";
import { hasFinalizer, isBeingDeleted, withFinalizer } from "../runtime/finalizers.ts";
import type { Logger } from "../runtime/logger.ts";
import type { ObjectKey, ResourceClient } from "../runtime/resource-client.ts";
import { writeStatusIfChanged } from "../runtime/status.ts";
import { FINALIZER, type Database, type DatabaseStatus } from "../api/v1alpha1/database-types.ts";
import {
  FAILED_PHASE,
  PROGRESSING_PHASE,
  READY_PHASE,
  canTransition,
  isTerminalPhase,
  nextPhase,
} from "../api/v1alpha1/phases.ts";
import {
  desiredInstance,
  type InstanceObserved,
  type InstanceProvider,
} from "../providers/instance-provider.ts";
import { desiredChildren } from "../children/index.ts";
import { finalizeDatabase } from "./finalize.ts";

export interface DatabaseReconcilerDeps {
  client: ResourceClient<Database>;
  instanceProvider: InstanceProvider;
  logger: Logger;
  /** Injected so tests control condition timestamps. */
  now?: () => Date;
  /** How soon to look again while something is still becoming ready. */
  pollIntervalMs?: number;
}

/** The outcome of one part of the work, folded into the Ready condition. */
interface PartResult {
  ready: boolean;
  /** Not ready yet but expected to become ready without a spec change: poll. */
  waiting: boolean;
  reason: string;
  message: string;
}

export class DatabaseReconciler implements Reconciler {
  readonly #deps: DatabaseReconcilerDeps;

  constructor(deps: DatabaseReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(key: ObjectKey): Promise<ReconcileResult> {
    const { client } = this.#deps;
    // 1. Level-triggered: decide from a fresh read of the whole object, never from the event.
    let obj = await client.get(key);
    // Gone: children are garbage-collected through their ownerReferences.
    if (obj === undefined) return {};
    // 2. Deletion first: an object that is going away is never provisioned again.
    if (isBeingDeleted(obj)) return finalizeDatabase(obj, this.#deps);
    // 3. Our finalizer goes on before the first external side effect, so cleanup cannot be skipped.
    if (!hasFinalizer(obj, FINALIZER))
      obj = await client.setFinalizers(obj, withFinalizer(obj, FINALIZER));
    // A terminal phase is left only by deletion; the Ready condition already says why.
    if (isTerminalPhase(obj.status?.phase)) return {};
    const generation = obj.metadata.generation ?? 0;
    try {
      // 4. A spec the status does not reflect yet: say so before acting, so nobody reads an old
      //    Ready=True as an answer about the new spec.
      if (obj.status?.observedGeneration !== generation) {
        obj = await writeStatusIfChanged(client, obj, this.#reconcilingStatus(obj, generation));
      }
      // 5. Converge, then record what was observed (compare before write: no change, no write).
      const { status, waiting } = await this.#converge(obj, generation);
      obj = await writeStatusIfChanged(client, obj, status);
      return waiting ? { requeueAfterMs: this.#deps.pollIntervalMs ?? 10_000 } : {};
    } catch (err) {
      // A ConflictError goes back to the controller, which requeues at once for a fresh read;
      // any other non-terminal error is retried with backoff.
      if (!(err instanceof TerminalError)) throw err;
      this.#deps.logger.error("terminal error", { key, reason: err.reason, err: err.message });
      await writeStatusIfChanged(client, obj, this.#failedStatus(obj, generation, err));
      return {};
    }
  }

  #reconcilingStatus(obj: Database, generation: number): DatabaseStatus {
    const status: DatabaseStatus = { ...obj.status };
    status.phase = nextPhase(status.phase, PROGRESSING_PHASE);
    status.conditions = setCondition(
      status.conditions,
      {
        type: "Ready",
        status: "False",
        reason: "Reconciling",
        message: `reconciling generation ${generation}`,
        observedGeneration: generation,
      },
      this.#now(),
    );
    return status;
  }

  async #converge(
    obj: Database,
    generation: number,
  ): Promise<{ status: DatabaseStatus; waiting: boolean }> {
    const status: DatabaseStatus = { ...obj.status };
    const now = this.#now();
    const parts: PartResult[] = [];

    const instanceResult = await this.#reconcileInstance(obj, generation);
    status.conditions = setCondition(status.conditions, instanceResult.condition, now);
    if (instanceResult.observed !== undefined) {
      status.endpoint = instanceResult.observed.endpoint;
      status.instanceId = instanceResult.observed.instanceId;
    }
    parts.push(instanceResult);

    // Children see the status computed so far (e.g. outputs of external resources).
    parts.push(await this.#applyChildren({ ...obj, status }));

    // TODO(user): observe whatever else the Database depends on and record it here; push a
    // PartResult for anything that must be ready before Ready=True.

    const blocking = parts.find((part) => !part.ready);
    const waiting = parts.some((part) => part.waiting);
    status.phase = nextPhase(
      status.phase,
      blocking === undefined ? READY_PHASE : PROGRESSING_PHASE,
    );
    const ready: ConditionUpdate =
      blocking === undefined
        ? {
            type: "Ready",
            status: "True",
            reason: "Reconciled",
            message: `generation ${generation} is in place`,
            observedGeneration: generation,
          }
        : {
            type: "Ready",
            status: "False",
            reason: blocking.reason,
            message: blocking.message,
            observedGeneration: generation,
          };
    status.conditions = setCondition(status.conditions, ready, now);
    status.observedGeneration = generation;
    return { status, waiting };
  }

  /** A managed database instance in the cloud provider. deletionPolicy Delete, driftPolicy Enforce. */
  async #reconcileInstance(
    obj: Database,
    generation: number,
  ): Promise<PartResult & { condition: ConditionUpdate; observed: InstanceObserved | undefined }> {
    const provider = this.#deps.instanceProvider;
    const uid = requireUid(obj);
    const desired = desiredInstance(obj);
    // TODO(user): reject desired settings the provider can never accept with a TerminalError
    // (e.g. a combination the cloud API refuses); everything else is left to the provider.
    const type = "InstanceReady";
    // ensure() is keyed on the UID and looks up before creating: a repeat after a crash adopts the
    // resource instead of creating a second one, and an out-of-band change is reverted
    // (driftPolicy: Enforce).
    const observed = await provider.ensure(uid, desired);
    if (!observed.ready) {
      const message = `waiting for ${observed.providerId} to become ready`;
      return {
        observed,
        ready: false,
        waiting: true,
        reason: "Provisioning",
        message: `instance: ${message}`,
        condition: {
          type,
          status: "False",
          reason: "Provisioning",
          message,
          observedGeneration: generation,
        },
      };
    }
    const message = `${observed.providerId} matches the spec`;
    return {
      observed,
      ready: true,
      waiting: false,
      reason: "Available",
      message,
      condition: {
        type,
        status: "True",
        reason: "Available",
        message,
        observedGeneration: generation,
      },
    };
  }

  async #applyChildren(obj: Database): Promise<PartResult> {
    const notReady: string[] = [];
    for (const child of desiredChildren(obj)) {
      let applied: KubernetesObject;
      try {
        applied = await this.#deps.client.applyChild(child);
      } catch (err) {
        // The API server rejected the manifest itself: sending it again cannot succeed.
        if (isInvalid(err)) {
          throw new TerminalError(
            "InvalidChild",
            `${child.kind} ${child.metadata?.name}: ${errorMessage(err)}`,
            { cause: err },
          );
        }
        throw err;
      }
      if (!isChildReady(applied)) notReady.push(`${applied.kind}/${applied.metadata?.name}`);
    }
    return notReady.length === 0
      ? { ready: true, waiting: false, reason: "ChildrenReady", message: "" }
      : {
          ready: false,
          waiting: true,
          reason: "ChildrenNotReady",
          message: `waiting for ${notReady.join(", ")}`,
        };
  }

  #failedStatus(obj: Database, generation: number, err: TerminalError): DatabaseStatus {
    const status: DatabaseStatus = { ...obj.status };
    if (FAILED_PHASE !== undefined && canTransition(status.phase, FAILED_PHASE))
      status.phase = FAILED_PHASE;
    status.conditions = setCondition(
      status.conditions,
      {
        type: "Ready",
        status: "False",
        reason: err.reason,
        message: err.message,
        observedGeneration: generation,
      },
      this.#now(),
    );
    status.observedGeneration = generation;
    return status;
  }

  #now(): Date {
    return this.#deps.now?.() ?? new Date();
  }
}

function requireUid(obj: Database): string {
  const uid = obj.metadata.uid;
  // Objects read from the API server always have a UID; without one there is no stable identity.
  if (!uid) throw new Error(`Database ${obj.metadata.name} has no metadata.uid`);
  return uid;
}
