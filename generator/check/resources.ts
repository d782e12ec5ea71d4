// The manager container's CPU and memory when operator.resources leaves them out, and the heap the
// generated Deployment gives Node.js: three quarters of the memory limit, the rest is native
// memory (buffers, the code itself) that V8's heap limit does not count.

import { parseQuantity } from "./cel-quantity.ts";

export const DEFAULT_RESOURCES = {
  requests: { cpu: "10m", memory: "64Mi" },
  limits: { cpu: "500m", memory: "256Mi" },
} as const;

/** Below this a Node.js operator does not start reliably. */
export const MIN_MEMORY_LIMIT = "64Mi";

export function heapMiB(memoryLimit: string): number {
  return Math.floor((parseQuantity(memoryLimit).value / 2 ** 20) * 0.75);
}

/**
 * V8's young generation per semi-space, in MiB. Node's default (16 MiB on 64-bit) lets the young
 * generation grow to 32 MiB and more, every page of it resident: measured with the Database
 * example's operator (npm run bench:operator, 1,000 objects), 2 MiB took its idle RSS from 130 to
 * 112 MiB and its peak from 235 to 145 MiB, at no measurable CPU cost (7.3 against 7.0 CPU
 * seconds to converge); 1 MiB saved nothing more and cost 14 % more CPU in scavenges.
 */
export const SEMI_SPACE_MIB = 2;
