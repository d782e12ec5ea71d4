// An external source (externalResources[].access: read) is only looked up, never created,
// changed or deleted: a shared network, a pre-provisioned zone, a secret store's entry. The
// operator can find it again only by a name the user gives, so it needs identity.naturalKey (a UID
// tag would have to be written on it first); and every key that describes what to write or how to
// clean up means nothing for it, so it is refused where it is written rather than ignored.

import type { CheckContext } from "./context.ts";
import { has, isObject, objects, str } from "./raw-spec.ts";

/** The keys only a managed resource takes, with why a read-only one has no use for them. */
const MANAGED_ONLY: ReadonlyArray<{ path: readonly string[]; why: string }> = [
  { path: ["inputs"], why: "inputs feed what the operator writes, and nothing is written" },
  { path: ["deletionPolicy"], why: "nothing is deleted, so there is nothing to retain" },
  { path: ["driftPolicy"], why: "nothing is written, so there is nothing to revert or report" },
  {
    path: ["identity", "adoption"],
    why: "adoption marks the resource as held by the object, and nothing is marked",
  },
];

/** Whether binding `resource` of the raw spec is an external source (access: read). */
export function isReadOnly(resource: Record<string, unknown>): boolean {
  return str(resource.access) === "read";
}

export function checkExternalSources({ data, report }: CheckContext): void {
  for (const [i, resource] of objects(data.externalResources)) {
    if (!isReadOnly(resource)) continue;
    const name = str(resource.name) ?? `#${i}`;
    if (!isObject(resource.identity) || str(resource.identity.naturalKey) === undefined)
      report.error(
        "SEM410",
        ["externalResources", i, "access"],
        `external source "${name}" (access: read) has no identity.naturalKey`,
        "A source the operator only reads is found by a name from the spec: add identity: { naturalKey: <dotted path of a required string spec field> }.",
      );
    for (const { path, why } of MANAGED_ONLY) {
      const parent = path.length === 1 ? resource : resource[path[0]!];
      if (!isObject(parent) || !has(parent, path[path.length - 1]!)) continue;
      report.error(
        "SEM411",
        ["externalResources", i, ...path],
        `external source "${name}" is read only (access: read), so ${path.join(".")} does not apply: ${why}`,
        `Remove ${path.join(".")}, or drop access: read if the operator should create and delete the resource.`,
      );
    }
  }
}
