// Why the deployed manager cannot run, read from the cluster while `npm run test:cluster` waits
// for a sample to be Ready: a pod that will not start (unschedulable, an image that cannot be
// pulled, a crash loop), a ReplicaSet that may not create pods, or no pods at all (a bare API
// server) ends the wait at once with the reason, instead of after the Ready timeout.

import {
  AppsV1Api,
  CoreV1Api,
  type KubeConfig,
  type KubernetesObject,
  type V1Deployment,
  type V1Pod,
} from "@kubernetes/client-node";

/** Container waiting reasons a pod does not leave by itself (ErrImagePull alone may be a blip). */
const STUCK_WAITING = new Set([
  "ImagePullBackOff",
  "InvalidImageName",
  "ErrImageNeverPull",
  "CreateContainerConfigError",
  "CrashLoopBackOff",
]);

/** How long a Deployment may have no pods before that is the problem (a cluster needs seconds). */
export const NO_POD_GRACE_MS = 30_000;

/** Why this pod will not run as it is, or undefined while it may still. */
export function podProblem(pod: V1Pod): string | undefined {
  const name = pod.metadata?.name ?? "?";
  const statuses = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  for (const status of statuses) {
    const waiting = status.state?.waiting;
    if (waiting?.reason === undefined || !STUCK_WAITING.has(waiting.reason)) continue;
    const last = status.lastState?.terminated;
    const exited =
      waiting.reason === "CrashLoopBackOff" && last
        ? ` (last exit ${last.exitCode}${last.reason ? ` ${last.reason}` : ""})`
        : "";
    return `pod ${name}: container ${status.name} is ${waiting.reason}${exited}${waiting.message ? `: ${waiting.message}` : ""}`;
  }
  const scheduled = pod.status?.conditions?.find((c) => c.type === "PodScheduled");
  if (scheduled?.status === "False" && scheduled.reason === "Unschedulable")
    return `pod ${name} is Pending, unschedulable: ${scheduled.message ?? "no node fits"}`;
  return undefined;
}

/**
 * Why the installer's manager Deployment cannot run, or undefined while it may still.
 * `deployedAt`: when it was applied (Date.now()), for the grace before "no pods" counts.
 */
export async function managerRolloutProblem(
  config: KubeConfig,
  installer: readonly KubernetesObject[],
  deployedAt: number,
  noPodGraceMs = NO_POD_GRACE_MS,
): Promise<string | undefined> {
  const manifest = installer.find((o) => o.kind === "Deployment") as V1Deployment | undefined;
  const namespace = manifest?.metadata?.namespace;
  const name = manifest?.metadata?.name;
  if (!manifest || namespace === undefined || name === undefined) return undefined;
  const where = `Deployment ${namespace}/${name}`;
  const deployment = await config.makeApiClient(AppsV1Api).readNamespacedDeployment({
    namespace,
    name,
  });
  const failure = deployment.status?.conditions?.find(
    (c) => c.type === "ReplicaFailure" && c.status === "True",
  );
  if (failure) return `${where} cannot create pods (${failure.reason}): ${failure.message ?? ""}`;
  const labels = deployment.spec?.selector.matchLabels ?? {};
  const labelSelector = Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(",");
  const pods = await config
    .makeApiClient(CoreV1Api)
    .listNamespacedPod({ namespace, labelSelector });
  for (const pod of pods.items) {
    const problem = podProblem(pod);
    if (problem) return `${where}: ${problem}`;
  }
  if (pods.items.length === 0 && Date.now() - deployedAt > noPodGraceMs)
    return (
      `${where} has no pods ${Math.round(noPodGraceMs / 1000)} s after deploy: nothing creates ` +
      "them (no controller manager runs; a bare API server, such as the test harness's, stores " +
      "the Deployment but never runs it)"
    );
  return undefined;
}
