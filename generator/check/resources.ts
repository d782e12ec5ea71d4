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
