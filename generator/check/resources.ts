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

/**
 * Node flags of the manager container beside the heap sizes, measured with npm run bench:operator
 * (the Database example's bundled operator, 1,000 objects, on the shared 2-core machine):
 * - No `--jitless`, though it saved some 25 MiB of resident memory after a burst (peak RSS 97.6
 *   against 132.1 MiB): it removes WebAssembly, so undici's fetch, which parses HTTP in WASM, and
 *   every SDK built on fetch or WASM fail every call with only "fetch failed" (issue 24; proven by
 *   manager-node-flags.test.ts). A provider must be free to use them. Most of the memory it saved
 *   was what V8's optimizing compilers leave resident after a burst; the runtime's runOperator turns
 *   those off itself (limitJitMemory: Node refuses --no-opt in NODE_OPTIONS).
 * - `--expose-gc`: lets the runtime run V8's memory-reducing collection once the work queue has
 *   been quiet for a while (runtime/idle-collector.ts): RSS 20 s after converging 87.8 MiB
 *   instead of 97.7 (measured with --jitless).
 */
export const NODE_FLAGS = ["--expose-gc"] as const;
