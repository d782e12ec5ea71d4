// Events for the transitions a user looks for in `kubectl describe` / `kubectl events`: each
// change of the Ready condition's status or reason (Reconciled, a terminal error's reason,
// Deleting, CleanupFailed, DeletionStuck, ...) becomes one Event, Warning unless the object is
// ready or on its way. It wraps the ResourceClient, so the reconciler stays unaware of Events:
// the Ready condition every status write carries is compared with the last one this client saw.
// A status write the API server refuses (403 when RBAC lacks the status subresource, 422, 5xx)
// is a Warning Event too, StatusUpdateFailed, and reported to `onStatusWriteError` (the metric
// operator_status_update_errors_total): otherwise the object would show nothing at all while its
// status silently stays behind. A 409 is no failure (the pass runs again on the newer version).

import type { KubernetesObject } from "@kubernetes/client-node";
import type { OpenCondition } from "./conditions.ts";
import { errorMessage, isConflict, isNotFound } from "./errors.ts";
import type { EventRecorder, ObjectReference } from "./events.ts";
import {
  keyOf,
  keyToString,
  type CallOptions,
  type ObjectKey,
  type ResourceClient,
} from "./resource-client.ts";

/** Ready=False reasons that mean "in progress", not "something is wrong". */
export const PROGRESS_REASONS: ReadonlySet<string> = new Set(["Reconciling", "Deleting"]);

type WithConditions = KubernetesObject & { status?: { conditions?: OpenCondition[] } };

export interface TransitionEventOptions {
  /** Called with each error of a status write other than a conflict (after its Event). */
  onStatusWriteError?: (err: unknown) => void;
}

export function withTransitionEvents<T extends WithConditions>(
  client: ResourceClient<T>,
  recorder: EventRecorder,
  options: TransitionEventOptions = {},
): ResourceClient<T> {
  /** The Ready status and reason last seen per object (by UID, so a recreated one starts over). */
  const lastReady = new Map<string, string>();
  // A fleet has few Ready states (a status and a reason): one copy of each, not one per object.
  const states = new Map<string, string>();
  const remember = (obj: T | undefined): void => {
    const uid = obj?.metadata?.uid;
    if (obj === undefined || !uid) return;
    const state = readyState(obj);
    let known = states.get(state);
    if (known === undefined) {
      known = state;
      if (states.size < 1_000) states.set(state, state);
    }
    lastReady.delete(uid); // most recently seen last: the oldest entry is the one evicted
    lastReady.set(uid, known);
    if (lastReady.size > 10_000) lastReady.delete(lastReady.keys().next().value!);
  };
  return {
    async get(key: ObjectKey, options?: CallOptions) {
      const obj = await client.get(key, options);
      remember(obj);
      return obj;
    },
    getFromServer: (key: ObjectKey, options?: CallOptions) => client.getFromServer(key, options),
    async replaceStatus(obj: T, callOptions?: CallOptions) {
      let stored: T;
      try {
        stored = await client.replaceStatus(obj, callOptions);
      } catch (err) {
        // A conflict is retried, and a 404 means the object is gone (no one to tell; the
        // reconciler cleans up after it: vanished-owner.ts).
        if (!isConflict(err) && !isNotFound(err) && !callOptions?.signal?.aborted) {
          recorder.record({
            regarding: regardingOf(obj, obj),
            type: "Warning",
            reason: "StatusUpdateFailed",
            action: "UpdateStatus",
            note: `the status could not be written: ${errorMessage(err)}`,
          });
          options.onStatusWriteError?.(err);
        }
        throw err;
      }
      const uid = stored.metadata?.uid;
      const before = uid ? lastReady.get(uid) : undefined;
      const ready = findReady(stored);
      if (ready !== undefined && readyState(stored) !== before) {
        // Another writer's relaxed condition may have no reason or message.
        const reason = ready.reason ?? "Unknown";
        const fine = ready.status === "True" || PROGRESS_REASONS.has(reason);
        recorder.record({
          regarding: regardingOf(stored, obj),
          type: fine ? "Normal" : "Warning",
          reason,
          action: stored.metadata?.deletionTimestamp ? "Finalize" : "Reconcile",
          note: `Ready=${ready.status}: ${ready.message ?? ""}`,
        });
      }
      remember(stored);
      return stored;
    },
    setFinalizers: async (obj, finalizers, options) => {
      const stored = await client.setFinalizers(obj, finalizers, options);
      remember(stored);
      return stored;
    },
    applyChild: (child, options) => client.applyChild(child, options),
    readChild: (child, options) => client.readChild(child, options),
    listOwnedChildren: (kind, owner, options) => client.listOwnedChildren(kind, owner, options),
    deleteChild: (child, options) => client.deleteChild(child, options),
  };
}

function regardingOf(stored: KubernetesObject, sent: KubernetesObject): ObjectReference {
  const uid = stored.metadata?.uid ?? sent.metadata?.uid;
  return {
    apiVersion: stored.apiVersion ?? sent.apiVersion ?? "",
    kind: stored.kind ?? sent.kind ?? "",
    name: stored.metadata?.name ?? keyToString(keyOf(sent)),
    ...(stored.metadata?.namespace ? { namespace: stored.metadata.namespace } : {}),
    ...(uid ? { uid } : {}),
  };
}

function findReady(obj: WithConditions): OpenCondition | undefined {
  return obj.status?.conditions?.find((c) => c.type === "Ready");
}

function readyState(obj: WithConditions): string {
  const ready = findReady(obj);
  return ready === undefined ? "" : `${ready.status}/${ready.reason}`;
}
