// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The real InstanceProvider: A managed database instance in the cloud provider.
// Read the contract in instance-provider.ts first. Until a method is implemented it
// throws, so an unfinished provider fails loudly instead of pretending to work.

import type { EnsureRequest } from "@create-operator/runtime";
import type { InstanceDesired, InstanceObserved, InstanceProvider } from "./instance-provider.ts";

export class CloudInstanceProvider implements InstanceProvider {
  // `signal` aborts at the reconcile's deadline: pass it to every call your SDK makes.
  async find(uid: string, signal?: AbortSignal): Promise<InstanceObserved | undefined> {
    signal?.throwIfAborted();
    // TODO(user): look the resource up by a tag holding `uid` (e.g. "db.example.com/uid") and map it
    // to InstanceObserved; compare the live settings with the last applied ones to set `drifted`.
    throw notImplemented("find", `look up the resource tagged with UID ${uid}`);
  }

  async ensure(
    uid: string,
    desired: InstanceDesired,
    signal: AbortSignal | undefined,
    // `_request`: rename it `request` once you use it, as below (the _ marks it unused until then).
    _request: EnsureRequest,
  ): Promise<InstanceObserved> {
    signal?.throwIfAborted();
    // TODO(user): call find(uid) first and adopt what exists (the last create may have succeeded
    // with its response lost); create it tagged with `uid` when missing, update it when it differs.
    // Give the create `request.idempotencyToken` as its client token, so a create still running
    // when the operator died is answered with that resource, not made twice. For example:
    //   EC2 RunInstances: { ClientToken: request.idempotencyToken, TagSpecifications: [...] }
    //   Google Cloud Compute instances.insert: { requestId: request.idempotencyToken, ... }
    //   an HTTP API: headers: { "Idempotency-Key": request.idempotencyToken }
    // Without such a token, find(uid) first is all there is: a create cut short may leave a twin.
    throw notImplemented(
      "ensure",
      `create or update the resource tagged with UID ${uid} to match ${JSON.stringify(desired)}`,
    );
  }

  async delete(uid: string, signal?: AbortSignal): Promise<"deleted" | "gone"> {
    signal?.throwIfAborted();
    // TODO(user): delete the resource tagged with `uid`; return "gone" when none exists, so a
    // repeated delete after a crash succeeds.
    throw notImplemented("delete", `delete the resource tagged with UID ${uid}`);
  }

  async listByOwnerTag(
    signal?: AbortSignal,
  ): Promise<Array<{ ownerUid: string; providerId: string }>> {
    signal?.throwIfAborted();
    // TODO(user): list the resources carrying this cluster's and operator's tags (set them in
    // ensure next to the UID tag) and return each one's UID tag and ID; the orphan sweep (every
    // ORPHAN_SWEEP_INTERVAL_MS, leader only) deletes those whose owner is gone.
    throw notImplemented(
      "listByOwnerTag",
      "list the resources tagged by this operator in this cluster",
    );
  }
}

/** What a method not implemented yet throws: the class, the method and what it has to do. */
function notImplemented(method: string, what: string): Error {
  return new Error(`CloudInstanceProvider.${method} is not implemented: ${what}`);
}
