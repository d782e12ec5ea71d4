// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.

// Reconciles WebApp objects. One call = one level-triggered pass: read everything fresh, decide,
// act idempotently, record what was observed. Any step may run twice or be cut short by a crash;
// the next pass starts from the same fresh read and converges without duplicating or leaking.
//
// This file is yours. The TODO(user) comments mark where domain logic goes.

import type { KubernetesObject } from "@kubernetes/client-node";
import { setCondition, type ConditionUpdate } from "../runtime/conditions.ts";
import type { ReconcileResult, Reconciler } from "../runtime/controller.ts";
import { TerminalError, errorMessage, isInvalid } from "../runtime/errors.ts";
import { isChildReady } from "../runtime/child-readiness.ts";
import { isBeingDeleted } from "../runtime/finalizers.ts";
import type { Logger } from "../runtime/logger.ts";
import type { ObjectKey, ResourceClient } from "../runtime/resource-client.ts";
import { writeStatusIfChanged } from "../runtime/status.ts";
import { type WebApp, type WebAppStatus } from "../api/v1/web-app-types.ts";
import {
  FAILED_PHASE,
  PROGRESSING_PHASE,
  READY_PHASE,
  canTransition,
  isTerminalPhase,
  nextPhase,
} from "../api/v1/phases.ts";
import { desiredChildren } from "../children/index.ts";
import { finalizeWebApp } from "./finalize.ts";

export interface WebAppReconcilerDeps {
  client: ResourceClient<WebApp>;
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

export class WebAppReconciler implements Reconciler {
  readonly #deps: WebAppReconcilerDeps;

  constructor(deps: WebAppReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(key: ObjectKey): Promise<ReconcileResult> {
    const { client } = this.#deps;
    // 1. Level-triggered: decide from a fresh read of the whole object, never from the event.
    let obj = await client.get(key);
    // Gone: children are garbage-collected through their ownerReferences.
    if (obj === undefined) return {};
    // 2. Deletion first: an object that is going away is never provisioned again.
    if (isBeingDeleted(obj)) return finalizeWebApp(obj, this.#deps);
    // 3. No external resources, so no finalizer: children go with their owner through garbage
    //    collection. Add one (see finalize.ts) before adding any side effect outside the cluster.
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

  #reconcilingStatus(obj: WebApp, generation: number): WebAppStatus {
    const status: WebAppStatus = { ...obj.status };
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
    obj: WebApp,
    generation: number,
  ): Promise<{ status: WebAppStatus; waiting: boolean }> {
    const status: WebAppStatus = { ...obj.status };
    const now = this.#now();
    const parts: PartResult[] = [];

    // Children see the status computed so far (e.g. outputs of external resources).
    parts.push(await this.#applyChildren({ ...obj, status }));

    // TODO(user): observe whatever else the WebApp depends on and record it here; push a
    // PartResult for anything that must be ready before Ready=True.
    // TODO(user): set status.replicas from what was observed.
    // TODO(user): set status.selector from what was observed.
    // TODO(user): set status.url from what was observed.
    // TODO(user): set the Progressing condition (setCondition with observedGeneration: generation).

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

  async #applyChildren(obj: WebApp): Promise<PartResult> {
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

  #failedStatus(obj: WebApp, generation: number, err: TerminalError): WebAppStatus {
    const status: WebAppStatus = { ...obj.status };
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

function requireUid(obj: WebApp): string {
  const uid = obj.metadata.uid;
  // Objects read from the API server always have a UID; without one there is no stable identity.
  if (!uid) throw new Error(`WebApp ${obj.metadata.name} has no metadata.uid`);
  return uid;
}
