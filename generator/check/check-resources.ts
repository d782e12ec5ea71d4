// operator.resources: requests within limits, and a memory limit a Node.js process can live in.

import { compareQuantities, parseQuantity } from "./cel-quantity.ts";
import type { CheckContext } from "./context.ts";
import { obj, str } from "./raw-spec.ts";
import { DEFAULT_RESOURCES, MIN_MEMORY_LIMIT } from "./resources.ts";

export function checkResources({ data, report }: CheckContext): void {
  const resources = obj(obj(data.operator).resources);
  const requests = obj(resources.requests);
  const limits = obj(resources.limits);
  for (const resource of ["cpu", "memory"] as const) {
    const request = str(requests[resource]);
    const limit = str(limits[resource]);
    if (request === undefined && limit === undefined) continue;
    const r = request ?? DEFAULT_RESOURCES.requests[resource];
    const l = limit ?? DEFAULT_RESOURCES.limits[resource];
    if (compare(r, l) > 0)
      report.error(
        "SEM187",
        ["operator", "resources", request !== undefined ? "requests" : "limits", resource],
        `the ${resource} request ${r}${request === undefined ? " (the default)" : ""} is more than the limit ${l}${limit === undefined ? " (the default)" : ""}`,
        "A container cannot be scheduled with a request above its limit; raise the limit or lower the request.",
      );
  }
  const memory = str(limits.memory);
  if (memory !== undefined && compare(memory, MIN_MEMORY_LIMIT) < 0)
    report.error(
      "SEM188",
      ["operator", "resources", "limits", "memory"],
      `a memory limit of ${memory} is below ${MIN_MEMORY_LIMIT}`,
      `Node.js needs room for its heap and native memory; give the manager at least ${MIN_MEMORY_LIMIT}.`,
    );
}

/** Malformed quantities are the schema's to report (SPEC codes); they compare as equal here. */
function compare(a: string, b: string): number {
  try {
    return compareQuantities(parseQuantity(a), parseQuantity(b));
  } catch {
    return 0;
  }
}
