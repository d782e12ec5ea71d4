// The parts of one reconcile pass (each external resource, the children, whatever your status
// hooks observe) and how they fold into the Ready condition: the first part that is not ready
// names the reason, and any part still on its way makes the pass poll again.

import type { KubernetesObject } from "@kubernetes/client-node";
import {
  setCondition,
  type Condition,
  type ConditionStatus,
  type ConditionUpdate,
  type OpenCondition,
} from "./conditions.ts";

/** The outcome of one part of the work, folded into the Ready condition. */
export interface PartResult {
  ready: boolean;
  /** Not ready yet but expected to become ready without a spec change: poll. */
  waiting: boolean;
  /** A metav1.Condition reason (CamelCase), used for Ready when this part blocks it. */
  reason: string;
  message: string;
}

/** What a condition hook decides; the generated code adds the type and observedGeneration. */
export interface ConditionVerdict {
  status: ConditionStatus;
  reason: string;
  message: string;
}

/** A part that reports its own condition as well (each external resource binding). */
export interface ConditionedPart extends PartResult {
  condition: ConditionUpdate;
}

/**
 * Words a binding's outcomes once for both places they show: its own condition `type` (True only
 * when ready) and, when it blocks, the Ready condition, whose message then names the binding so
 * that a reader of Ready knows which external resource holds it up.
 */
export function bindingOutcomes(
  binding: string,
  type: string,
  generation: number,
): (outcome: PartResult) => ConditionedPart {
  return ({ ready, waiting, reason, message }) => ({
    ready,
    waiting,
    reason,
    message: ready ? message : `${binding}: ${message}`,
    condition: {
      type,
      status: ready ? "True" : "False",
      reason,
      message,
      observedGeneration: generation,
    },
  });
}

export interface FoldedParts {
  /** The first part that is not ready, or undefined when every part is. */
  blocking: PartResult | undefined;
  waiting: boolean;
}

export function foldParts(parts: readonly PartResult[]): FoldedParts {
  return {
    blocking: parts.find((part) => !part.ready),
    waiting: parts.some((part) => part.waiting),
  };
}

/** The object's UID: the identity of everything it owns outside the cluster. */
export function requireUid(obj: KubernetesObject): string {
  const uid = obj.metadata?.uid;
  // Objects read from the API server always have a UID; without one there is no stable identity.
  if (!uid) throw new Error(`${obj.kind} ${obj.metadata?.name} has no metadata.uid`);
  return uid;
}

/** Sets condition `type` from a hook's verdict; no verdict leaves the condition as it was. */
export function applyVerdict<C extends OpenCondition>(
  conditions: C[] | undefined,
  type: string,
  verdict: ConditionVerdict | undefined,
  generation: number,
  now: Date,
): Array<C | Condition> | undefined {
  if (verdict === undefined) return conditions;
  return setCondition(conditions, { type, ...verdict, observedGeneration: generation }, now);
}

/**
 * The Ready condition a converged pass writes: True ("generation N is in place") when no part
 * blocks, else False with the first blocking part's reason and message.
 */
export function readyCondition(
  blocking: PartResult | undefined,
  generation: number,
): ConditionUpdate {
  return blocking === undefined
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
}
