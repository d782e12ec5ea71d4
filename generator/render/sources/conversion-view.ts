// What the conversion templates print (src/api/<kind>-conversion.ts, src/conversion.ts and the
// user's src/hooks/<kind>-conversion.ts): names and the plans as literals, computed here.

import type { FieldCopy, SpokePlan } from "../../model/conversion-plan.ts";
import type { CelRule, FieldModel, OperatorModel, VersionModel } from "../../model/types.ts";
import { exampleObject, exampleSpec, exampleValue } from "../manifests/example-values.ts";
import { objectViolations } from "../manifests/field-violations.ts";
import { toCamel, toPascal } from "../../check/derive-names.ts";
import { recordArbitrary } from "./arbitrary-view.ts";

export interface ConversionView {
  /** The KindConversion constant, e.g. databaseConversion. */
  constName: string;
  /** The interface of the user's hooks, e.g. DatabaseConversionHooks. */
  hooksType: string;
  hub: string;
  /** JSON, and as words: every served version but the hub, oldest first (the migration test stores in each). */
  olderJson: string;
  olderList: string;
  annotation: string;
  crdName: string;
  /** Webhook strategy: the operator serves conversions (else only the migrator runs). */
  webhook: boolean;
  webhookPort: number;
  webhookService: string;
  caSecret: string;
  /** api.conversion.certificates: cert-manager: served from the Secret cert-manager writes. */
  certManager: boolean;
  /** That Secret's name. */
  servingSecret: string;
  spokes: Array<{ version: string; planJson: string; hooked: boolean }>;
  /**
   * Versions with hook-converted fields, each field with its path and its type on both sides,
   * read from each version's own types module (src/api/<version>/), and each side's object type.
   */
  hookVersions: Array<{
    version: string;
    objectType: string;
    fields: Array<{ hub: string; version: string; hubType: string; versionType: string }>;
  }>;
  /** The hub's object type in the hooks interface, e.g. v1.Database. */
  hubObjectType: string;
  /** `import type * as <version>` of the hub's and every hooked version's types, from src/api/. */
  typeImports: Array<{ namespace: string; module: string }>;
  hasHooks: boolean;
  /** The README's list of versions: what each one shows of the hub, and under which names. */
  versionNotes: VersionNote[];
  /**
   * JSON: per version, a spec the API server accepts in it with a value for every top-level
   * field it can (so renamed and one-sided fields are exercised), for the generated round trips.
   */
  examplesJson: string;
  /** JSON: the hub version's example spec. */
  hubExampleJson: string;
  /** JSON: per version other than the hub, the hub paths it cannot hold. */
  hubOnlyJson: string;
  /**
   * JSON: per served version, hub specs a CEL rule with examples accepts or refuses (spec-level
   * rules, and rules on the items of a top-level list or values of a map), with the message, for
   * the versions whose schema keeps the rule (rewritten into its names).
   */
  ruleCasesJson: string;
  hasRuleCases: boolean;
  /** JSON: the served versions other than the hub, oldest first. */
  spokesJson: string;
  /** JSON: every version name, oldest first, and the served ones. */
  versionsJson: string;
  servedJson: string;
  /**
   * Per served version, oldest first, fast-check arbitraries of its spec and of its declared
   * status fields as TypeScript source (the generated round-trip test's objects).
   */
  arbitraries: Array<{ version: string; spec: string; status: string }>;
  /** The module paths, from src/. */
  module: string;
  hooksModule: string;
}

export interface VersionNote {
  name: string;
  /** "served, storage", "served, deprecated", "not served" … */
  state: string;
  storage: boolean;
  /** Hub paths an object read in this version does not show (kept in the annotation). */
  cannotSee: string[];
  /** Paths only this version has (kept in the annotation while the object is stored). */
  onlyHere: string[];
  /** Fields under another name here: this version's path and the hub's. */
  renamed: Array<{ here: string; hub: string }>;
  /** Fields of another type here, converted by the user's hooks. */
  hooked: Array<{ here: string; hub: string }>;
  /** src/api/<version>/<kind>-types.ts */
  typesModule: string;
  /** Not the storage version, and its objects look like the storage version's. */
  same: boolean;
}

export function conversionView(model: OperatorModel): ConversionView | undefined {
  const conversion = model.conversion;
  if (conversion === undefined) return undefined;
  const hub = conversion.hub;
  const typeAt = (version: string, path: string) => fieldTypeIn(model, version, path);
  const hookVersions = conversion.spokes
    .filter((spoke) => spoke.hooked.length > 0)
    .map((spoke) => ({
      version: spoke.version,
      objectType: `${spoke.version}.${model.api.kind}`,
      fields: spoke.hooked.map((field) => ({
        hub: field.hub,
        version: field.version,
        hubType: typeAt(hub, field.hub),
        versionType: typeAt(spoke.version, field.version),
      })),
    }));
  const rules = ruleCases(model);
  return {
    constName: `${toCamel(model.api.kind)}Conversion`,
    hooksType: `${toPascal(model.api.kind)}ConversionHooks`,
    hub: conversion.hub,
    olderJson: JSON.stringify(olderServed(model)),
    olderList: olderServed(model).join(", "),
    annotation: conversion.annotation,
    crdName: model.api.crdName,
    webhook: conversion.strategy === "Webhook",
    webhookPort: conversion.webhook.port,
    webhookService: conversion.webhook.service,
    caSecret: conversion.webhook.caSecret,
    certManager: conversion.webhook.certificates === "cert-manager",
    servingSecret: conversion.webhook.certManager.servingSecret,
    spokes: conversion.spokes.map((spoke) => ({
      version: spoke.version,
      planJson: JSON.stringify({
        copy: spoke.copy.map(copyLiteral),
        hubOnly: spoke.hubOnly,
        versionOnly: spoke.versionOnly,
        hooked: spoke.hooked.map((h) => ({ hub: h.hub, version: h.version, types: h.types })),
      }),
      hooked: spoke.hooked.length > 0,
    })),
    hookVersions,
    versionNotes: versionNotes(model),
    hubObjectType: `${hub}.${model.api.kind}`,
    typeImports: [hub, ...hookVersions.map((v) => v.version)].map((version) => ({
      namespace: version,
      module: `./${version}/${model.names.kindFile}-types.ts`,
    })),
    hasHooks: hookVersions.length > 0,
    examplesJson: JSON.stringify(
      Object.fromEntries(
        model.api.versions.map((v) => [v.name, fullExample(v.schema?.spec ?? model.spec)]),
      ),
    ),
    hubExampleJson: JSON.stringify(fullExample(model.spec)),
    hubOnlyJson: JSON.stringify(
      Object.fromEntries(
        conversion.spokes.map((spoke) => [
          spoke.version,
          hubOnlyPaths(spoke, fullExample(model.spec)),
        ]),
      ),
    ),
    ruleCasesJson: JSON.stringify(rules),
    hasRuleCases: rules.length > 0,
    spokesJson: JSON.stringify(olderServed(model)),
    versionsJson: JSON.stringify(model.api.versions.map((v) => v.name)),
    servedJson: JSON.stringify(model.api.versions.filter((v) => v.served).map((v) => v.name)),
    arbitraries: model.api.versions
      .filter((v) => v.served)
      .map((v) => ({
        version: v.name,
        spec: recordArbitrary(v.schema?.spec.fields ?? model.spec.fields),
        status: recordArbitrary(v.schema?.statusFields ?? model.status.fields),
      })),
    module: `api/${model.names.kindFile}-conversion.ts`,
    hooksModule: `hooks/${model.names.kindFile}-conversion.ts`,
  };
}

/** A copy entry as the plan literal prints it: object and each only where they say something. */
function copyLiteral(copy: FieldCopy): object {
  const each = copy.each && { ...copy.each, copy: copy.each.copy.map(copyLiteral) };
  return {
    hub: copy.hub,
    version: copy.version,
    ...(copy.object ? { object: true } : {}),
    ...(each ? { each } : {}),
  };
}

const SCALARS = new Set(["string", "integer", "number", "boolean"]);

/**
 * The version's example spec with every scalar top-level field set, and every list (map) of
 * objects holding one item (value) with all its fields, as long as the schema still accepts it:
 * so renamed, moved and one-sided fields inside items are exercised too. A field whose value it
 * would refuse (a rule across fields) is left out.
 */
export function fullExample(spec: OperatorModel["spec"]): Record<string, unknown> {
  let value = exampleSpec(spec);
  for (const field of spec.fields) {
    if (field.name in value) continue;
    const candidate = { ...value, [field.name]: fullValue(field) };
    if (candidate[field.name] === undefined) continue;
    if (objectViolations(spec.fields, candidate, "spec").length === 0) value = candidate;
  }
  return value;
}

interface RuleCase {
  version: string;
  message: string;
  valid: boolean;
  spec: Record<string, unknown>;
}

/**
 * What proves on the API server that a rule written in the tree's names holds in every version
 * that keeps it: its examples, placed into the hub's full example (at the list or map its items
 * rule sits on), created in each version after conversion, must be accepted or refused as in the
 * hub. A rule is matched across versions by its message (rules keep theirs when rewritten).
 */
function ruleCases(model: OperatorModel): RuleCase[] {
  const hub = fullExample(model.spec);
  const sites: Array<{
    rules: readonly CelRule[];
    place: (example: unknown) => unknown;
    kept: (v: VersionModel) => readonly CelRule[];
  }> = [
    {
      rules: model.spec.rules,
      place: (example) => (isRecord(example) ? { ...hub, ...example } : undefined),
      kept: (v) => v.schema?.spec.rules ?? model.spec.rules,
    },
  ];
  for (const field of model.spec.fields) {
    const element = field.type === "array" || field.type === "map" ? field.items : undefined;
    if (element?.type !== "object" || element.rules.length === 0) continue;
    sites.push({
      rules: element.rules,
      place: (example) =>
        isRecord(example)
          ? { ...hub, [field.name]: field.type === "array" ? [example] : { example } }
          : undefined,
      kept: (v) =>
        (v.schema
          ? v.schema.spec.fields.find((f) => f.name === field.name)?.items?.rules
          : undefined) ?? (v.schema ? [] : element.rules),
    });
  }
  const cases: RuleCase[] = [];
  for (const site of sites)
    for (const rule of site.rules) {
      if (/\boldSelf\b/.test(rule.rule)) continue;
      const examples = [
        ...(rule.examples?.valid ?? []).map((example) => [example, true] as const),
        ...(rule.examples?.invalid ?? []).map((example) => [example, false] as const),
      ];
      for (const version of model.api.versions.filter((v) => v.served)) {
        if (!site.kept(version).some((kept) => kept.message === rule.message)) continue;
        for (const [example, valid] of examples) {
          const spec = site.place(example);
          if (!isRecord(spec) || objectViolations(model.spec.fields, spec, "spec").length > 0)
            continue;
          cases.push({ version: version.name, message: rule.message, valid, spec });
        }
      }
    }
  return cases;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A scalar's example, or a list (map) of objects with one full item (value "example"). */
function fullValue(field: FieldModel): unknown {
  if (SCALARS.has(field.type)) return exampleValue(field);
  // items is an array's element and a map's value alike.
  const element = field.type === "array" || field.type === "map" ? field.items : undefined;
  if (element?.type !== "object") return undefined;
  const item = fullObject(element.fields);
  return field.type === "array" ? [item] : { example: item };
}

/** An object with each field set that the object's schema accepts, nested objects alike. */
function fullObject(fields: readonly FieldModel[]): Record<string, unknown> {
  let value = exampleObject(fields);
  for (const field of fields) {
    if (field.name in value) continue;
    const member =
      field.type === "object"
        ? fullObject(field.fields)
        : SCALARS.has(field.type)
          ? exampleValue(field)
          : undefined;
    if (member === undefined) continue;
    const candidate = { ...value, [field.name]: member };
    if (objectViolations(fields, candidate, "item").length === 0) value = candidate;
  }
  return value;
}

/**
 * The hub paths a version cannot hold, as paths into the hub's full example: a one-sided field of
 * list items or map values at each item (spec.replicas.0.zone) the example has.
 */
function hubOnlyPaths(spoke: SpokePlan, example: Record<string, unknown>): string[] {
  const paths = [...spoke.hubOnly];
  const walk = (copies: readonly FieldCopy[], root: unknown, prefix: string) => {
    for (const copy of copies) {
      if (copy.each === undefined) continue;
      const container = pathValue(root, copy.hub);
      const keys = Array.isArray(container)
        ? container.map((_, i) => String(i))
        : Object.keys(container !== null && typeof container === "object" ? container : {});
      for (const key of keys) {
        const at = `${prefix}${copy.hub}.${key}`;
        for (const path of copy.each.hubOnly) paths.push(`${at}.${path}`);
        walk(copy.each.copy, pathValue(root, `${copy.hub}.${key}`), `${at}.`);
      }
    }
  };
  walk(spoke.copy, { spec: example }, "");
  return paths;
}

function pathValue(root: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === "object"
          ? (value as Record<string, unknown>)[key]
          : undefined,
      root,
    );
}

/**
 * A field's type as its version's types module declares it, by indexed access from the Spec or
 * Status interface (`NonNullable<v1alpha1.DatabaseSpec["backupRetention"]>`): the hooks get
 * present values only, and an object's type is the one of its own version, never the hub's.
 */
function fieldTypeIn(model: OperatorModel, version: string, path: string): string {
  const [section, ...segments] = path.split(".");
  const root = section === "status" ? model.names.statusType : model.names.specType;
  return segments.reduce(
    (type, segment) => `NonNullable<${type}[${JSON.stringify(segment)}]>`,
    `${version}.${root}`,
  );
}

/** Per version, oldest first: how an object looks to its clients next to the storage version. */
function versionNotes(model: OperatorModel): VersionNote[] {
  const spokes = new Map(model.conversion!.spokes.map((spoke) => [spoke.version, spoke]));
  return model.api.versions.map((version) => {
    const spoke = spokes.get(version.name);
    const state = [
      version.served ? "served" : "not served",
      ...(version.storage ? ["storage"] : []),
      ...(version.deprecated ? ["deprecated"] : []),
    ].join(", ");
    return {
      name: version.name,
      state,
      storage: version.storage,
      cannotSee: spoke ? flatPlan(spoke).hubOnly : [],
      onlyHere: spoke ? flatPlan(spoke).versionOnly : [],
      renamed: (spoke ? flatPlan(spoke).copy : [])
        .filter((copy) => copy.hub !== copy.version)
        .map((copy) => ({ here: copy.version, hub: copy.hub })),
      hooked: (spoke?.hooked ?? []).map((field) => ({ here: field.version, hub: field.hub })),
      typesModule: `src/api/${version.name}/${model.names.kindFile}-types.ts`,
      same:
        spoke !== undefined &&
        spoke.hubOnly.length + spoke.versionOnly.length + spoke.hooked.length === 0 &&
        spoke.copy.every((copy) => copy.hub === copy.version && copy.each === undefined),
    };
  });
}

/**
 * The plan with the items' (values') plans spelled out as paths into each list (map):
 * spec.replicas[].zone, spec.pools{}.labels, for the README's list of what a version shows.
 */
function flatPlan(plan: Pick<SpokePlan, "copy" | "hubOnly" | "versionOnly">): {
  copy: Array<{ hub: string; version: string }>;
  hubOnly: string[];
  versionOnly: string[];
} {
  const flat = {
    copy: [...plan.copy],
    hubOnly: [...plan.hubOnly],
    versionOnly: [...plan.versionOnly],
  };
  for (const copy of plan.copy) {
    if (copy.each === undefined) continue;
    const mark = copy.each.kind === "items" ? "[]" : "{}";
    const inner = flatPlan(copy.each);
    flat.copy.push(
      ...inner.copy.map((c) => ({
        ...c,
        hub: `${copy.hub}${mark}.${c.hub}`,
        version: `${copy.version}${mark}.${c.version}`,
        object: false,
      })),
    );
    flat.hubOnly.push(...inner.hubOnly.map((p) => `${copy.hub}${mark}.${p}`));
    flat.versionOnly.push(...inner.versionOnly.map((p) => `${copy.version}${mark}.${p}`));
  }
  return flat;
}

function olderServed(model: OperatorModel): string[] {
  return model.api.versions
    .filter((v) => v.served && v.name !== model.conversion!.hub)
    .map((v) => v.name);
}
