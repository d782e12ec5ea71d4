// Two CRDs, old against new: identity (group, names, scope), subresources and printer columns
// here; the list of versions in version-diff; the schema of every version that was served is
// compared by schema-diff.

import { isDeepStrictEqual } from "node:util";
import type { Path } from "../check/report.ts";
import type { ApiSnapshot, CrdVersion } from "./api-snapshot.ts";
import { ROOT, show, type Change } from "./change.ts";
import type { DiffContext } from "./diff-context.ts";
import { diffSchema } from "./schema-diff.ts";
import { diffVersions } from "./version-diff.ts";

export function diffCrds(
  old: ApiSnapshot,
  next: ApiSnapshot,
  valueAt: DiffContext["valueAt"],
): Change[] {
  const out: Change[] = [];
  const a = old.crd.spec;
  const b = next.crd.spec;
  const crd = (change: Omit<Change, "version">) => out.push({ ...change, version: null });
  const identity: Array<[string, string, string, Path]> = [
    ["group", a.group, b.group, ["api", "group"]],
    ["kind", a.names.kind, b.names.kind, ["api", "kind"]],
    [
      "plural",
      a.names.plural,
      b.names.plural,
      valueAt("new", ["api", "plural"]) === undefined ? ["api", "kind"] : ["api", "plural"],
    ],
  ];
  for (const [what, before, after, path] of identity)
    if (before !== after)
      crd({
        code: "COMPAT031",
        side: "new",
        specPath: path,
        message: `api.${what} changed from ${show(before)} to ${show(after)}: this is a different API (a new CRD named ${b.names.plural}.${b.group}); objects stored under ${a.names.plural}.${a.group} are no longer seen by the operator and every client and manifest must change`,
        hint: `Keep api.${what} ${show(before)}; a new name is a new API that needs a migration of every object; or pass --allow-breaking if no cluster stores these objects yet.`,
      });
  if (a.scope !== b.scope)
    crd({
      code: "COMPAT029",
      side: "new",
      specPath: ["api", "scope"],
      message: `api.scope changed from ${a.scope} to ${b.scope}: the API server cannot change the scope of an existing CRD, objects already stored ${a.scope === "Namespaced" ? "live in namespaces a cluster-scoped kind does not have" : "have no namespace"}, and the operator's RBAC and the generated tests change with it`,
      hint: "Keep the scope; a kind with the other scope is a new API (new group or kind) with a migration of every object; or pass --allow-breaking if no cluster stores these objects yet.",
    });
  for (const key of ["shortNames", "categories"] as const)
    if (!isDeepStrictEqual(a.names[key] ?? [], b.names[key] ?? []))
      crd({
        code: "COMPAT005",
        side: "new",
        specPath: ["api", key],
        message: `api.${key} changed from ${show(a.names[key] ?? [])} to ${show(b.names[key] ?? [])}: stored objects are untouched; scripts that use the old names in kubectl must change`,
        hint: "Tell the users of kubectl about the new names.",
      });
  if (a.names.singular !== b.names.singular && a.names.kind === b.names.kind)
    crd({
      code: "COMPAT005",
      side: "new",
      specPath: ["api", "singular"],
      message: `api.singular changed from ${show(a.names.singular)} to ${show(b.names.singular)}: stored objects are untouched; kubectl commands that use the old name must change`,
      hint: "Tell the users of kubectl about the new name.",
    });
  out.push(...diffVersions(old, next));
  for (const version of a.versions) {
    if (!version.served) continue;
    // A renamed version is compared with the new storage version, so field changes still show.
    const counterpart =
      b.versions.find((v) => v.name === version.name) ??
      b.versions.find((v) => v.storage) ??
      b.versions[0];
    if (counterpart) diffVersion(version, counterpart, valueAt, out);
  }
  return out;
}

function diffVersion(
  a: CrdVersion,
  b: CrdVersion,
  valueAt: DiffContext["valueAt"],
  out: Change[],
): void {
  const version = b.name;
  const push = (change: Omit<Change, "version">) => out.push({ ...change, version });
  const ctx: DiffContext = {
    version,
    out,
    valueAt,
    declares: (side, path) => valueAt(side, path) !== undefined,
  };
  const before = a.schema?.openAPIV3Schema;
  const after = b.schema?.openAPIV3Schema;
  if (before && after) diffSchema(before, after, ROOT, ctx);
  if (a.subresources?.status && !b.subresources?.status)
    push({
      code: "COMPAT032",
      side: "new",
      specPath: ["status"],
      message: `the status subresource was removed: status is written with the object, the operator's status writes fail and users can overwrite status`,
      hint: "Keep the status subresource.",
    });
  const scaleBefore = a.subresources?.scale;
  const scaleAfter = b.subresources?.scale;
  if (scaleBefore && !scaleAfter)
    push({
      code: "COMPAT032",
      side: "old",
      specPath: ["api", "scale"],
      message: `the scale subresource was removed: kubectl scale and every HorizontalPodAutoscaler that targets this kind stop working`,
      hint: "Keep api.scale, or remove the autoscalers first; or pass --allow-breaking if nothing scales these objects.",
    });
  else if (!scaleBefore && scaleAfter)
    push({
      code: "COMPAT006",
      side: "new",
      specPath: ["api", "scale"],
      message: `the scale subresource was added: kubectl scale and autoscalers can now target this kind`,
      hint: "Nothing to do.",
    });
  else if (scaleBefore && scaleAfter && !isDeepStrictEqual(scaleBefore, scaleAfter))
    push({
      code: "COMPAT014",
      side: "new",
      specPath: ["api", "scale"],
      message: `the scale subresource's paths changed from ${show(scaleBefore)} to ${show(scaleAfter)}: autoscalers now read and write other fields`,
      hint: "Check every autoscaler that targets this kind.",
    });
  diffPrinterColumns(a, b, valueAt, push);
  diffSelectableFields(a, b, push);
}

/** A field selector a client lists with is part of the API: removing it fails those lists. */
function diffSelectableFields(
  a: CrdVersion,
  b: CrdVersion,
  push: (change: Omit<Change, "version">) => void,
): void {
  const before = (a.selectableFields ?? []).map((f) => f.jsonPath);
  const after = (b.selectableFields ?? []).map((f) => f.jsonPath);
  for (const path of after.filter((p) => !before.includes(p)))
    push({
      code: "COMPAT007",
      side: "new",
      specPath: ["selectableFields", after.indexOf(path)],
      message: `selectable field ${path} added: clients may list with --field-selector ${path.slice(1)}=...`,
      hint: "Nothing to do.",
    });
  for (const path of before.filter((p) => !after.includes(p)))
    push({
      code: "COMPAT033",
      side: "old",
      specPath: ["selectableFields", before.indexOf(path)],
      message: `selectable field ${path} removed: lists with --field-selector ${path.slice(1)}=... now fail with "field label not supported"`,
      hint: "Keep it while any client selects by it; remove it in a new API version.",
    });
}

function diffPrinterColumns(
  a: CrdVersion,
  b: CrdVersion,
  valueAt: DiffContext["valueAt"],
  push: (change: Omit<Change, "version">) => void,
): void {
  const before = a.additionalPrinterColumns ?? [];
  const after = b.additionalPrinterColumns ?? [];
  const specIndex = (side: "old" | "new", name: string): Path => {
    const declared = valueAt(side, ["printerColumns"]);
    const index = Array.isArray(declared)
      ? declared.findIndex((c) => (c as { name?: unknown } | null)?.name === name)
      : -1;
    return index === -1 ? ["printerColumns"] : ["printerColumns", index];
  };
  for (const column of after) {
    const previous = before.find((c) => c.name === column.name);
    if (previous && isDeepStrictEqual(previous, column)) continue;
    push({
      code: "COMPAT003",
      side: "new",
      specPath: specIndex("new", column.name),
      message: previous
        ? `printer column ${show(column.name)} changed: only what kubectl get shows changes`
        : `printer column ${show(column.name)} added (${column.jsonPath}): only what kubectl get shows changes`,
      hint: "Nothing to do; scripts that parse kubectl get output by column should use -o jsonpath instead.",
    });
  }
  for (const column of before.filter((c) => !after.some((d) => d.name === c.name)))
    push({
      code: "COMPAT003",
      side: "old",
      specPath: specIndex("old", column.name),
      message: `printer column ${show(column.name)} removed: only what kubectl get shows changes`,
      hint: "Nothing to do; scripts that parse kubectl get output by column should use -o jsonpath instead.",
    });
}
