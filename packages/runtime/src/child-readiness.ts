// Creating a Deployment is not the same as running pods: readiness of the kinds that have a
// notion of it is read from their status, as their own controllers and kubectl read it. Workload
// kinds count only a status that reflects their current generation.

import type { KubernetesObject } from "@kubernetes/client-node";

interface Condition {
  type?: string;
  status?: string;
}

interface ChildWithStatus extends KubernetesObject {
  spec?: { replicas?: number; completions?: number | null };
  status?: {
    observedGeneration?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    numberReady?: number;
    desiredNumberScheduled?: number;
    phase?: string;
    conditions?: Condition[];
  };
}

type ReadinessRule = (child: ChildWithStatus) => boolean;

function current(child: ChildWithStatus): boolean {
  const generation = child.metadata?.generation;
  return (
    child.status !== undefined &&
    (generation === undefined || child.status.observedGeneration === generation)
  );
}

function conditionTrue(child: ChildWithStatus, type: string): boolean {
  return (child.status?.conditions ?? []).some((c) => c.type === type && c.status === "True");
}

function rolledOut(child: ChildWithStatus): boolean {
  const wanted = child.spec?.replicas ?? 1;
  return (
    current(child) &&
    (child.status?.readyReplicas ?? 0) >= wanted &&
    (child.status?.updatedReplicas ?? 0) >= wanted
  );
}

/**
 * The kinds with a notion of readiness, by `apiVersion/kind`. Every other kind (Service,
 * ConfigMap, CronJob, RBAC objects, …) is ready once the API server has accepted it.
 */
export const READINESS_RULES: Readonly<Record<string, ReadinessRule>> = {
  "apps/v1/Deployment": rolledOut,
  "apps/v1/StatefulSet": rolledOut,
  "apps/v1/ReplicaSet": rolledOut,
  "apps/v1/DaemonSet": (child) =>
    current(child) &&
    (child.status?.numberReady ?? 0) >= (child.status?.desiredNumberScheduled ?? 0),
  // A Job is done when its controller says so; counting succeeded pods misses success policies.
  "batch/v1/Job": (child) => conditionTrue(child, "Complete"),
  "v1/Pod": (child) => conditionTrue(child, "Ready"),
  "v1/PersistentVolumeClaim": (child) => child.status?.phase === "Bound",
};

/** The readiness rule for a kind, or undefined for kinds that are ready once they exist. */
export function readinessRule(child: KubernetesObject): ReadinessRule | undefined {
  return READINESS_RULES[`${child.apiVersion}/${child.kind}`];
}

/** Whether an applied child is ready; kinds without a readiness notion are ready once applied. */
export function isChildReady(child: KubernetesObject): boolean {
  return readinessRule(child)?.(child as ChildWithStatus) ?? true;
}
