// A bare API server runs no controllers, and the unit tests' fake runs no API server: in both, the
// tests stand in for the controllers that would report a child ready. The status written here is
// what each kind's own controller writes when it is done, so the reconciler's readiness rules
// (src/runtime/child-readiness.ts) are met the way a cluster meets them, and the API server's
// status validation (e.g. a Job's Complete condition needs completionTime and SuccessCriteriaMet)
// accepts it.

import type { KubernetesObject } from "@kubernetes/client-node";
import { readinessRule } from "../child-readiness.ts";

interface Stored extends KubernetesObject {
  spec?: { replicas?: number; completions?: number | null };
}

const DONE_AT = "2025-01-01T00:00:00Z";
const condition = (type: string) => ({
  type,
  status: "True",
  reason: "StandIn",
  message: "written by the test's stand-in controller",
  lastTransitionTime: DONE_AT,
  lastProbeTime: DONE_AT,
});

/** The status a finished controller would write, or undefined for kinds that need none. */
export function readyStatus(child: Stored): Record<string, unknown> | undefined {
  if (readinessRule(child) === undefined) return undefined;
  const observedGeneration = child.metadata?.generation;
  const replicas = child.spec?.replicas ?? 1;
  const rollout = {
    observedGeneration,
    replicas,
    readyReplicas: replicas,
    updatedReplicas: replicas,
    availableReplicas: replicas,
  };
  switch (`${child.apiVersion}/${child.kind}`) {
    case "apps/v1/Deployment":
    case "apps/v1/ReplicaSet":
      return rollout;
    case "apps/v1/StatefulSet":
      return { ...rollout, currentReplicas: replicas };
    case "apps/v1/DaemonSet":
      return {
        observedGeneration,
        currentNumberScheduled: 1,
        desiredNumberScheduled: 1,
        numberMisscheduled: 0,
        numberReady: 1,
      };
    case "batch/v1/Job":
      return {
        startTime: DONE_AT,
        completionTime: DONE_AT,
        active: 0,
        ready: 0,
        succeeded: child.spec?.completions ?? 1,
        conditions: [condition("SuccessCriteriaMet"), condition("Complete")],
      };
    case "v1/Pod":
      return {
        phase: "Running",
        conditions: [condition("PodScheduled"), condition("Ready")],
      };
    case "v1/PersistentVolumeClaim":
      return { phase: "Bound" };
    default:
      throw new Error(
        `no stand-in status for ${child.apiVersion} ${child.kind}, which has a readiness rule`,
      );
  }
}

/**
 * The status a controller writes when a child that was ready no longer is (pods crashed, a node
 * went away, a volume was lost), or undefined for kinds that never go back (a complete Job).
 */
export function unreadyStatus(child: Stored): Record<string, unknown> | undefined {
  const observedGeneration = child.metadata?.generation;
  const replicas = child.spec?.replicas ?? 1;
  switch (`${child.apiVersion}/${child.kind}`) {
    case "apps/v1/Deployment":
    case "apps/v1/ReplicaSet":
    case "apps/v1/StatefulSet":
      // Rolled out, and then every pod stopped being ready.
      return {
        observedGeneration,
        replicas,
        updatedReplicas: replicas,
        readyReplicas: 0,
        availableReplicas: 0,
      };
    case "apps/v1/DaemonSet":
      return {
        observedGeneration,
        currentNumberScheduled: 1,
        desiredNumberScheduled: 1,
        numberMisscheduled: 0,
        numberReady: 0,
      };
    case "v1/Pod":
      return {
        phase: "Running",
        conditions: [condition("PodScheduled"), { ...condition("Ready"), status: "False" }],
      };
    case "v1/PersistentVolumeClaim":
      return { phase: "Lost" };
    default:
      return undefined;
  }
}
