// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.

// Reconciles DNSZone objects. One call = one level-triggered pass: read everything fresh, decide,
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
import { FINALIZER, type DNSZone, type DNSZoneStatus } from "../api/v1beta1/dns-zone-types.ts";
import {
  desiredHostedZone,
  type HostedZoneObserved,
  type HostedZoneProvider,
} from "../providers/hosted-zone-provider.ts";
import { desiredChildren } from "../children/index.ts";
import { finalizeDNSZone } from "./finalize.ts";

export interface DNSZoneReconcilerDeps {
  client: ResourceClient<DNSZone>;
  hostedZoneProvider: HostedZoneProvider;
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

export class DNSZoneReconciler implements Reconciler {
  readonly #deps: DNSZoneReconcilerDeps;

  constructor(deps: DNSZoneReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(key: ObjectKey): Promise<ReconcileResult> {
    const { client } = this.#deps;
    // 1. Level-triggered: decide from a fresh read of the whole object, never from the event.
    let obj = await client.get(key);
    // Gone: children are garbage-collected through their ownerReferences.
    if (obj === undefined) return {};
    // 2. Deletion first: an object that is going away is never provisioned again.
    if (isBeingDeleted(obj)) return finalizeDNSZone(obj, this.#deps);
    // 3. Our finalizer goes on before the first external side effect, so cleanup cannot be skipped.
    if (!hasFinalizer(obj, FINALIZER))
      obj = await client.setFinalizers(obj, withFinalizer(obj, FINALIZER));
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

  #reconcilingStatus(obj: DNSZone, generation: number): DNSZoneStatus {
    const status: DNSZoneStatus = { ...obj.status };
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
    obj: DNSZone,
    generation: number,
  ): Promise<{ status: DNSZoneStatus; waiting: boolean }> {
    const status: DNSZoneStatus = { ...obj.status };
    const now = this.#now();
    const parts: PartResult[] = [];

    const hostedZoneResult = await this.#reconcileHostedZone(obj, generation);
    status.conditions = setCondition(status.conditions, hostedZoneResult.condition, now);
    if (hostedZoneResult.observed !== undefined) {
      status.nameServers = hostedZoneResult.observed.nameServers;
      status.zoneId = hostedZoneResult.observed.zoneId;
    }
    parts.push(hostedZoneResult);

    // TODO(user): observe whatever else the DNSZone depends on and record it here; push a
    // PartResult for anything that must be ready before Ready=True.
    // TODO(user): set the Delegated condition (setCondition with observedGeneration: generation).

    const blocking = parts.find((part) => !part.ready);
    const waiting = parts.some((part) => part.waiting);
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

  /** A hosted zone at the DNS provider. deletionPolicy Retain, driftPolicy Report. */
  async #reconcileHostedZone(
    obj: DNSZone,
    generation: number,
  ): Promise<
    PartResult & { condition: ConditionUpdate; observed: HostedZoneObserved | undefined }
  > {
    const provider = this.#deps.hostedZoneProvider;
    const uid = requireUid(obj);
    const desired = desiredHostedZone(obj);
    // TODO(user): reject desired settings the provider can never accept with a TerminalError
    // (e.g. a combination the cloud API refuses); everything else is left to the provider.
    const type = "HostedZoneReady";
    // driftPolicy Report: an out-of-band change is surfaced, not reverted. The operator writes
    // again only when the spec itself changes (a new generation), so it never fights a human.
    const found = await provider.find(uid);
    if (found?.drifted === true && obj.status?.observedGeneration === generation) {
      const message = `${found.driftDetails ?? "changed outside the operator"}; not reverted (driftPolicy: Report)`;
      return {
        observed: found,
        ready: false,
        waiting: false,
        reason: "Drifted",
        message: `hostedZone: ${message}`,
        condition: {
          type,
          status: "False",
          reason: "Drifted",
          message,
          observedGeneration: generation,
        },
      };
    }
    // ensure() is keyed on the UID and looks up before creating: a repeat after a crash adopts the
    // resource instead of creating a second one.
    const observed = await provider.ensure(uid, desired);
    if (!observed.ready) {
      const message = `waiting for ${observed.providerId} to become ready`;
      return {
        observed,
        ready: false,
        waiting: true,
        reason: "Provisioning",
        message: `hostedZone: ${message}`,
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

  async #applyChildren(obj: DNSZone): Promise<PartResult> {
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

  #failedStatus(obj: DNSZone, generation: number, err: TerminalError): DNSZoneStatus {
    const status: DNSZoneStatus = { ...obj.status };
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

function requireUid(obj: DNSZone): string {
  const uid = obj.metadata.uid;
  // Objects read from the API server always have a UID; without one there is no stable identity.
  if (!uid) throw new Error(`DNSZone ${obj.metadata.name} has no metadata.uid`);
  return uid;
}
