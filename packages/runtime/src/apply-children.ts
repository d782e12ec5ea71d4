// Server-side applies every child in order and reports, as one part of the pass, which of them
// are not ready yet. A manifest the API server rejects is a TerminalError: sending it again
// cannot succeed until the spec (or the builder) changes. Each child's creation policy
// (creation-policy.ts) decides whether it is written at all: None is skipped, Merge is written
// only into an object that exists (read first: an apply would create it).

import type { KubernetesObject } from "@kubernetes/client-node";
import { isChildReady } from "./child-readiness.ts";
import { creationPolicyOf } from "./creation-policy.ts";
import { TerminalError, errorMessage, isInvalid } from "./errors.ts";
import type { PartResult } from "./parts.ts";
import type { ResourceClient } from "./resource-client.ts";

export interface AppliedChildren extends PartResult {
  /** The children as the API server returned them, in apply order. */
  applied: KubernetesObject[];
}

export async function applyChildren(
  client: Pick<ResourceClient<KubernetesObject>, "applyChild" | "readChild">,
  children: readonly KubernetesObject[],
  signal?: AbortSignal,
): Promise<AppliedChildren> {
  const applied: KubernetesObject[] = [];
  const notReady: string[] = [];
  const missing: string[] = [];
  for (const child of children) {
    const policy = creationPolicyOf(child);
    if (policy === "None") continue;
    if (policy === "Merge" && (await client.readChild(child, { signal })) === undefined) {
      missing.push(`${child.kind}/${child.metadata?.name}`);
      continue;
    }
    let result: KubernetesObject;
    try {
      result = await client.applyChild(child, { signal });
    } catch (err) {
      if (isInvalid(err)) {
        throw new TerminalError(
          "InvalidChild",
          `${child.kind} ${child.metadata?.name}: ${errorMessage(err)}`,
          { cause: err },
        );
      }
      throw err;
    }
    applied.push(result);
    if (!isChildReady(result)) notReady.push(`${result.kind}/${result.metadata?.name}`);
  }
  // As external-secrets does: a missing Merge target is waited for, never created.
  if (missing.length > 0)
    return {
      applied,
      ready: false,
      waiting: true,
      reason: "ChildMissing",
      message: `${missing.join(", ")} does not exist; creationPolicy Merge never creates it`,
    };
  return notReady.length === 0
    ? { applied, ready: true, waiting: false, reason: "ChildrenReady", message: "" }
    : {
        applied,
        ready: false,
        waiting: true,
        reason: "ChildrenNotReady",
        message: `waiting for ${notReady.join(", ")}`,
      };
}
