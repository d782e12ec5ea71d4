// The idempotency token of a create: the same for every attempt of one reconcile of one owner
// generation (retries, a pass repeated after a crash or a restart), different for the next
// generation. A provider passes it to its cloud's create call as the client token or request ID
// (EC2's ClientToken, Google Cloud's requestId, an Idempotency-Key header): a create whose answer
// was lost, or that was still running when the operator died, is then answered with the resource
// the first attempt made instead of a second one, which look-up-before-create cannot promise
// while the first create is not yet visible to the look-up.

import { createHash } from "node:crypto";

/** What ensure() is told besides the resource's identity and desired state. */
export interface EnsureRequest {
  /**
   * A UUID derived from the owner's UID and generation (idempotencyToken()): pass it as the
   * create call's client token or request ID. Clouds keep a token for a while (EC2: at least
   * hours) and answer it with the first resource even after that resource was deleted: when the
   * cloud says the token's resource is gone, create without it.
   */
  idempotencyToken: string;
}

/**
 * A UUID (version 8, RFC 9562: name-based on SHA-256) of `ownerUid` and `generation`: 36 ASCII
 * characters, which fit the clouds' limits (EC2: 64) and formats (Google Cloud: a UUID).
 */
export function idempotencyToken(ownerUid: string, generation: number): string {
  const hash = createHash("sha256").update(`${ownerUid}/${generation}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80; // version 8
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
