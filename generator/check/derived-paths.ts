// The project files and identifiers the render stage derives from names in the spec, stated
// here so check can find, before anything is rendered, the names that would produce a file name
// too long for the file system or two outputs with one path. A render test keeps this list and
// the rendered tree in agreement.

import { derivePlural, deriveSingular, toKebab, toPascal } from "./derive-names.ts";
import { obj, objects, str } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export interface DerivedName {
  /** What the name is, as a message says it: "file name", "label value", "condition type". */
  what: "file" | "label value" | "condition type" | "identifier";
  value: string;
  /** The spec node the name comes from: where a diagnostic about it points. */
  source: Path;
  /** How the user calls the source, e.g. `external resource "aBc"`. */
  sourceLabel: string;
  /** For identifiers: the generated module they are declared or imported in. */
  scope?: string;
}

/** Files the generator writes whatever the spec says, in the folders user names also land in. */
export const FIXED_FILES: Readonly<Record<string, string>> = {
  "src/children/index.ts": "the generated child list",
  "src/reconciler/finalize.ts": "the generated finalizer",
};

/**
 * Identifiers the generated modules import or declare whatever the spec says, by module: a kind,
 * binding or child that derives one of them would be a duplicate declaration there.
 */
export const FIXED_IDENTIFIERS: Readonly<Record<string, readonly string[]>> = {
  reconciler: [
    "KubernetesObject",
    "setCondition",
    "ConditionUpdate",
    "ReconcileResult",
    "Reconciler",
    "TerminalError",
    "errorMessage",
    "isInvalid",
    "isChildReady",
    "hasFinalizer",
    "isBeingDeleted",
    "withFinalizer",
    "Logger",
    "ObjectKey",
    "ResourceClient",
    "writeStatusIfChanged",
    "FINALIZER",
    "FAILED_PHASE",
    "PROGRESSING_PHASE",
    "READY_PHASE",
    "canTransition",
    "isTerminalPhase",
    "nextPhase",
    "desiredChildren",
  ],
  children: ["desiredChildren"],
};

export const PROVIDER_FILE_SUFFIXES = ["provider", "memory", "cloud"] as const;

export function derivedNames(data: Record<string, unknown>): DerivedName[] {
  const out: DerivedName[] = [];
  const api = obj(data.api);
  const kind = str(api.kind);
  const group = str(api.group);
  const version = str(objects(api.versions)[0]?.[1].name);
  const kindLabel = `kind "${kind}"`;
  if (group && kind) {
    const plural = str(api.plural) ?? derivePlural(kind);
    const singular = str(api.singular) ?? deriveSingular(kind);
    const groupSource = { source: ["api", "group"], sourceLabel: `group "${group}"` };
    out.push({ what: "file", value: `config/crd/bases/${group}_${plural}.yaml`, ...groupSource });
    if (version)
      out.push({
        what: "file",
        value: `config/samples/${group}_${version}_${singular}.yaml`,
        ...groupSource,
      });
  }
  if (kind) {
    const kindFile = toKebab(kind);
    const kindSource = { source: ["api", "kind"], sourceLabel: kindLabel };
    if (version)
      out.push({ what: "file", value: `src/api/${version}/${kindFile}-types.ts`, ...kindSource });
    out.push({ what: "file", value: `src/reconciler/${kindFile}-reconciler.ts`, ...kindSource });
    // The component label of every child object.
    out.push({ what: "label value", value: kindFile, ...kindSource });
    out.push({ what: "identifier", value: kind, scope: "reconciler", ...kindSource });
    out.push({ what: "identifier", value: `${kind}Status`, scope: "reconciler", ...kindSource });
  }
  for (const [i, binding] of objects(data.externalResources)) {
    const name = str(binding.name);
    if (!name) continue;
    const file = toKebab(name);
    const type = toPascal(name);
    const source = {
      source: ["externalResources", i, "name"],
      sourceLabel: `external resource "${name}"`,
    };
    for (const suffix of PROVIDER_FILE_SUFFIXES)
      out.push({ what: "file", value: `src/providers/${file}-${suffix}.ts`, ...source });
    out.push({ what: "condition type", value: `${type}Ready`, ...source });
    for (const id of [`desired${type}`, `${type}Observed`, `${type}Provider`])
      out.push({ what: "identifier", value: id, scope: "reconciler", ...source });
  }
  for (const [i, condition] of objects(obj(data.status).conditions)) {
    const type = str(condition.type);
    if (type)
      out.push({
        what: "condition type",
        value: type,
        source: ["status", "conditions", i, "type"],
        sourceLabel: `condition type "${type}"`,
      });
  }
  for (const [i, child] of objects(data.children)) {
    const kindName = str(child.kind);
    if (!kindName) continue;
    const source = { source: ["children", i, "kind"], sourceLabel: `child kind "${kindName}"` };
    out.push({ what: "file", value: `src/children/${toKebab(kindName)}.ts`, ...source });
    out.push({ what: "identifier", value: `desired${kindName}`, scope: "children", ...source });
  }
  return out;
}
