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
 * `--expose-gc` lets the runtime run V8's memory-reducing collection once the work queue has been
 * quiet for a while (runtime/idle-collector.ts): RSS 30 s after converging 111.7 MiB instead of
 * 124.6. `--jitless` (V8's interpreter only) is measured and left out: it took the peak from 123.5
 * to 97.9 MiB and the RSS after converging to 87.8, but the operator then spent 13.7 to 14.4 CPU
 * seconds converging instead of 8.2 (undici parses HTTP in JavaScript without WebAssembly), more
 * than 0.9 times the controller-runtime operator's whole converge time on an idle machine, and
 * more than a 500m CPU limit gives in the time the peer needs.
 */
export const NODE_FLAGS = ["--expose-gc"] as const;
