// Names that differ only in case are distinct JSON keys, but not distinct to the people and tools
// around the API: Go's encoding/json matches keys case-insensitively (a Go client of this CRD
// would read `storage` and `storagE` into one field), kubectl users cannot tell them apart, and
// files derived from them collide on case-insensitive file systems. Refuse them where they stand.

import type { CheckContext } from "./context.ts";
import type { FieldVisit } from "./field-walk.ts";
import { objects, obj, str } from "./raw-spec.ts";
import type { Anchor, Path } from "./report.ts";

interface Named {
  name: string;
  path: Path;
}

export function checkCaseCollisions(ctx: CheckContext): void {
  const { data } = ctx;
  for (const siblings of siblingFields([...ctx.specFields, ...ctx.statusFields]))
    refuseCaseTwins(ctx, siblings, "field", "key");
  const named = (list: unknown, key: string, section: Path): Named[] =>
    objects(list).flatMap(([i, item]) => {
      const name = str(item[key]);
      return name === undefined ? [] : [{ name, path: [...section, i, key] }];
    });
  refuseCaseTwins(
    ctx,
    named(data.externalResources, "name", ["externalResources"]),
    "external resource",
  );
  const status = obj(data.status);
  refuseCaseTwins(
    ctx,
    named(status.conditions, "type", ["status", "conditions"]),
    "condition type",
  );
  refuseCaseTwins(ctx, named(status.phases, "name", ["status", "phases"]), "phase");
  refuseCaseTwins(ctx, named(data.printerColumns, "name", ["printerColumns"]), "printer column");
}

/** Field names grouped by the object that declares them (the section root, or a parent field). */
function siblingFields(visits: readonly FieldVisit[]): Named[][] {
  const groups = new Map<string, Named[]>();
  for (const v of visits) {
    if (v.role !== "field") continue;
    const owner = `${v.section}:${v.parent ? v.parent.docPath.join(".") : ""}`;
    const group = groups.get(owner) ?? [];
    group.push({ name: v.name, path: v.docPath });
    groups.set(owner, group);
  }
  return [...groups.values()];
}

/** Fields are reported at their key; list entries (`name: x`, `type: x`) at the name's value. */
function refuseCaseTwins(
  ctx: CheckContext,
  names: readonly Named[],
  what: string,
  at: Anchor = "value",
): void {
  const first = new Map<string, Named>();
  for (const n of names) {
    const key = n.name.toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, n);
      continue;
    }
    if (earlier.name === n.name) continue; // exact duplicates are another check's finding
    ctx.report.error(
      "SEM155",
      n.path,
      `${what} "${n.name}" differs from "${earlier.name}" (${ctx.report.where(earlier.path, at)}) only in case`,
      "Go clients decode JSON keys case-insensitively and case-insensitive file systems merge derived files: rename one of them.",
      at,
    );
  }
}
