// Whole operator.yaml specs, valid by construction over the whole format: identity (both scopes,
// names, scale), spec and status fields (or no spec at all), spec-level rules, phases (enum or
// open, PascalCase or free text) and conditions (prefixed types, full or relaxed shape), external
// resources (keyed on the UID or on a natural key), children of every built-in kind plus a
// non-built-in one, reference fields, RBAC, printer columns, selectable fields and operator
// settings.

import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { stringify } from "yaml";
import { BUILTIN_KINDS } from "../../../generator/check/builtin-kinds.ts";
import { readyPhaseKnown, reconcilerMoves } from "../../../generator/check/phase-roles.ts";
import { objectRule } from "./cel-rules.ts";
import { withNewerShapes } from "./newer-shapes.ts";
import { defsOf, fieldMap, objectSamples } from "./fields.ts";
import {
  BINDING_NAMES,
  CONDITION_TYPES,
  dnsLabel,
  group,
  kind as kindName,
  PHASE_NAMES,
  prose,
  version,
} from "./names.ts";
import type { Def, GenField } from "./scalars.ts";

export type Spec = Record<string, any>;
type Entries = Array<[string, GenField, boolean]>;

/**
 * A kind that is not built in: another project's CRD, so plural and scope are spelled out and the
 * CRD is supplied beside the spec (FOREIGN_CHILD_CRD, copied next to every spec file written).
 */
export const FOREIGN_CHILD = {
  apiVersion: "things.other.example.com/v1",
  kind: "Gizmo",
  plural: "gizmos",
  scope: "Namespaced",
  crd: "gizmos.yaml",
} as const;

/** The folder holding FOREIGN_CHILD's CRD: in-process specs are read as if they lived there. */
export const FOREIGN_CHILD_CRD_DIR: string = fileURLToPath(
  new URL("../fixtures/", import.meta.url),
);

/** Up to `max` distinct elements of a list, in random order. */
function subset<T>(list: readonly T[], max: number): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...list], { maxLength: Math.min(max, list.length) });
}

function derivedPlural(kind: string): string {
  const s = kind.toLowerCase();
  if (/[^aeiou]y$/.test(s)) return `${s.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(s)) return `${s}es`;
  return `${s}s`;
}

const identity = fc
  .record({
    kind: kindName,
    group,
    scope: fc.constantFrom(undefined, "Namespaced", "Cluster"),
    version,
    customPlural: fc.boolean(),
    saySingular: fc.boolean(),
    shortNames: fc.option(fc.uniqueArray(fc.stringMatching(/^[a-z]{2,4}$/), { maxLength: 2 })),
    categories: fc.option(fc.constantFrom(["all"], ["things", "all"], ["platform"])),
    scale: fc.option(fc.boolean()),
  })
  .map((r) => {
    const singular = r.kind.toLowerCase();
    const plural = r.customPlural ? `${singular}list` : derivedPlural(r.kind);
    const api: Def = { group: r.group, kind: r.kind };
    if (r.customPlural) api.plural = plural;
    if (r.saySingular) api.singular = singular;
    const shortNames = (r.shortNames ?? []).filter((s) => s !== plural && s !== singular);
    if (r.shortNames) api.shortNames = shortNames;
    if (r.categories) api.categories = r.categories;
    if (r.scope) api.scope = r.scope;
    api.versions = [{ name: r.version }];
    if (r.scale !== null)
      api.scale = {
        specReplicasPath: ".spec.replicas",
        statusReplicasPath: ".status.replicas",
        ...(r.scale ? { labelSelectorPath: ".status.selector" } : {}),
      };
    return api;
  });

const metadata = fc.record(
  {
    name: fc.tuple(dnsLabel(24), fc.boolean()).map(([n, suffix]) => (suffix ? `${n}-operator` : n)),
    description: prose,
    image: fc.constantFrom(
      "ghcr.io/example/op:0.1.0",
      "registry.example.com:5000/team/op@sha256:" + "a".repeat(64),
    ),
    namespace: dnsLabel(30),
  },
  { requiredKeys: ["name"] },
);

/** Every dotted spec path reachable through object fields (what inputs may name). */
/**
 * Spec fields an external resource may be keyed on (SEM200–SEM204): strings without an enum,
 * present from creation on (every step required or defaulted, none nullable), immutable on the
 * way.
 */
function naturalKeyPaths(
  fields: Record<string, Def>,
  prefix = "",
  immutableAbove = false,
): string[] {
  return Object.entries(fields).flatMap(([name, def]) => {
    const present = (def.required === true || "default" in def) && def.nullable !== true;
    if (!present) return [];
    const path = prefix ? `${prefix}.${name}` : name;
    const immutable = immutableAbove || def.immutable !== undefined;
    if (def.type === "object")
      return naturalKeyPaths(def.fields as Record<string, Def>, path, immutable);
    return def.type === "string" && def.enum === undefined && immutable ? [path] : [];
  });
}

/**
 * Top-level optional string fields fit to be a natural key with identity.fallback: metadata.name
 * (never nullable, no enum, immutable since creation, so present or absent from creation on).
 */
function fallbackKeyPaths(fields: Record<string, Def>): string[] {
  return Object.entries(fields).flatMap(([name, def]) => {
    const since = (def.immutable as { since?: string } | undefined)?.since;
    const optional = def.required !== true && !("default" in def) && def.nullable !== true;
    return optional && def.type === "string" && def.enum === undefined && since === "creation"
      ? [name]
      : [];
  });
}

function dottedPaths(fields: Record<string, Def>, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, def]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const nested =
      def.type === "object" ? dottedPaths(def.fields as Record<string, Def>, path) : [];
    return [path, ...nested];
  });
}

const phases = fc
  .tuple(
    fc.shuffledSubarray([...PHASE_NAMES], { minLength: 1, maxLength: 4 }),
    fc.boolean(),
    fc.array(prose, { maxLength: 4 }),
  )
  .map(([names, lastTerminal, descriptions]) =>
    names.map((name, i) => {
      const phase: Def = { name };
      if (i === 0) phase.initial = true;
      const last = i === names.length - 1;
      if (last && lastTerminal && names.length > 1) phase.terminal = true;
      else phase.next = [names[last ? 0 : i + 1]];
      if (descriptions[i]) phase.description = descriptions[i];
      return phase;
    }),
  )
  .map(withReadyMarked)
  .map(withReconcilerMoves);

/**
 * Free-text phases say nothing of which one is ready, so the author marks it (SEM245): the last
 * phase that can be left, as CloudNativePG's "Cluster in healthy state" is.
 */
function withReadyMarked(phases: Def[]): Def[] {
  const table = phases.map((p) => ({
    name: p.name as string,
    initial: p.initial === true,
    terminal: p.terminal === true,
    next: [],
  }));
  if (readyPhaseKnown(table)) return phases;
  const ready = [...phases].reverse().find((p) => p.terminal !== true)!;
  return phases.map((p) => (p === ready ? { ...p, ready: true } : p));
}

/**
 * A chain of phases plus the moves the generated reconciler makes (SEM157): each missing one is
 * added as the user would, to `next`, lifting `terminal` if needed. Lifting it can change which
 * phase plays which role, hence the loop; a table of at most 4 phases settles in a few rounds.
 */
function withReconcilerMoves(chain: Def[]): Def[] {
  const phases = chain.map((p) => ({ ...p }));
  const table = () =>
    phases.map((p) => ({
      name: p.name as string,
      initial: p.initial === true,
      terminal: p.terminal === true,
      ready: p.ready === true,
      next: (p.next as string[] | undefined) ?? [],
    }));
  for (let round = 0; round < 8; round++) {
    const current = table();
    const missing = reconcilerMoves(current).filter(
      ({ from, to }) => !current.find((p) => p.name === from)!.next.includes(to),
    );
    if (missing.length === 0) return phases;
    for (const { from, to } of missing) {
      const phase = phases.find((p) => p.name === from)!;
      delete phase.terminal;
      phase.next = [...((phase.next as string[] | undefined) ?? []), to];
    }
  }
  throw new Error(`phase table does not settle: ${JSON.stringify(phases)}`);
}

const conditions = fc
  .constant(null)
  .chain(() => subset(CONDITION_TYPES, 3))
  .chain((types) =>
    fc.tuple(
      ...types.map((type) =>
        fc.option(prose).map((d) => (d ? { type, description: d } : { type })),
      ),
    ),
  );

/** Ownership works within a scope: a namespaced owner's children are namespaced, and so on. */
function childrenFor(scope: string): fc.Arbitrary<Def[]> {
  const allowed = BUILTIN_KINDS.filter((k) => k.scope === scope).map((k): Def => ({
    apiVersion: k.apiVersion,
    kind: k.kind,
  }));
  const foreignAllowed = FOREIGN_CHILD.scope === scope;
  return fc
    .tuple(subset(allowed, 3), fc.boolean())
    .map(([builtins, foreign]) =>
      withBoundRoles(foreign && foreignAllowed ? [...builtins, { ...FOREIGN_CHILD }] : builtins),
    );
}

/**
 * Names from the spec (SEM230–SEM236): any child but a role or binding may get a name template
 * over its owner, with forEach over a bounded map list keyed on a short string, or count over a
 * bounded integer. Fields read into names are short (maxLength ≤ 12), so owner names keep room.
 */
function withNaming(
  children: Def[],
  specFields: Record<string, Def>,
  noSpec: boolean,
): fc.Arbitrary<Def[]> {
  const strings = nameablePaths(specFields);
  const lists = Object.entries(specFields)
    .filter(([, def]) => {
      const items = def.items as Def | undefined;
      const keys = def.listMapKeys as string[] | undefined;
      if (def.type !== "array" || def.listType !== "map" || keys?.length !== 1) return false;
      if (typeof def.maxItems !== "number" || items?.type !== "object") return false;
      const key = (items.fields as Record<string, Def>)[keys[0]!];
      return key !== undefined && nameable(key) && def.nullable !== true;
    })
    .map(([name, def]) => [name, (def.listMapKeys as string[])[0]!] as const);
  const counts = Object.entries(specFields)
    .filter(([, def]) => def.type === "integer" && typeof def.maximum === "number")
    .filter(([, def]) => (def.maximum as number) <= 1000)
    .map(([name]) => name);
  const forms: fc.Arbitrary<Def>[] = [
    fc
      .constantFrom("{metadata.name}-x", "{metadata.name}", "named", "{metadata.name}-a1-b")
      .map((name) => ({ name })),
    ...(strings.length > 0
      ? [fc.constantFrom(...strings).map((path) => ({ name: `{metadata.name}-{spec.${path}}` }))]
      : []),
    ...(lists.length > 0
      ? [
          fc.constantFrom(...lists).map(([list, key]) => ({
            forEach: list,
            name: `{metadata.name}-{item.${key}}`,
          })),
        ]
      : []),
    ...(counts.length > 0
      ? [fc.constantFrom(...counts).map((count) => ({ count, name: "{metadata.name}-{index}" }))]
      : []),
    // Random fields seldom make a keyed list a name can read: this one comes with its field.
    ...(noSpec || Object.keys(specFields).some((k) => k.toLowerCase() === NAMED_LIST.toLowerCase())
      ? []
      : [fc.constant({ forEach: NAMED_LIST, name: "{metadata.name}-{item.name}" })]),
  ];
  const rbac = new Set(["Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"]);
  return fc.tuple(
    ...children.map((child) =>
      rbac.has(child.kind as string)
        ? fc.constant(child)
        : fc
            .option(fc.oneof(...forms), { nil: undefined, freq: 2 })
            .map((naming) => ({ ...child, ...naming })),
    ),
  );
}

/**
 * Several children of one kind (ids, SEM046/SEM238) and conditional children (when:, SEM239): a
 * child whose name reads no field may get a sibling of its kind, id extra, named <owner>-extra
 * (no Service sibling beside an Ingress, which would then need a backendService); any child but
 * a role or binding may exist only while a top-level boolean is true or an optional field is set.
 */
function withSiblingsAndConditions(
  children: Def[],
  specFields: Record<string, Def>,
  noSpec: boolean,
): fc.Arbitrary<Def[]> {
  const rbac = new Set(["Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"]);
  const conditions = noSpec
    ? []
    : Object.entries(specFields)
        .filter(
          ([, def]) =>
            def.type === "boolean" ||
            (def.required !== true && !("default" in def) && def.type !== undefined),
        )
        .map(([name]) => name);
  const hasIngress = children.some((c) => c.kind === "Ingress");
  const readsNoField = (c: Def) =>
    c.forEach === undefined &&
    c.count === undefined &&
    !String(c.name ?? "").includes("{spec.") &&
    c.name !== "{metadata.name}-extra";
  return fc
    .tuple(
      ...children.map((child) =>
        fc.record({
          sibling:
            rbac.has(child.kind as string) ||
            !readsNoField(child) ||
            (child.kind === "Service" && hasIngress) ||
            child.crd !== undefined
              ? fc.constant(false)
              : fc.boolean(),
          when:
            rbac.has(child.kind as string) || conditions.length === 0
              ? fc.constant(undefined)
              : fc.option(fc.constantFrom(...conditions), { nil: undefined, freq: 3 }),
        }),
      ),
    )
    .map((draws) =>
      children.flatMap((child, i) => {
        const { sibling, when } = draws[i]!;
        const own = when === undefined ? child : { ...child, when };
        return sibling
          ? [own, { apiVersion: child.apiVersion, kind: child.kind, id: "extra" }]
          : [own];
      }),
    );
}

/** The spec list a drawn forEach child may bring along (see withSpecFieldsFor). */
const NAMED_LIST = "namedPools";
const NAMED_LIST_DEF: Def = {
  type: "array",
  description: "Pools, one child each.",
  listType: "map",
  listMapKeys: ["name"],
  maxItems: 4,
  items: {
    type: "object",
    fields: {
      name: { type: "string", required: true, minLength: 1, maxLength: 12 },
      size: { type: "integer", minimum: 1, maximum: 9 },
    },
  },
};

/** spec.fields with the list a forEach child over NAMED_LIST reads, when one was drawn. */
function withSpecFieldsFor(
  children: Def[] | undefined,
  specFields: Record<string, Def>,
): Record<string, Def> {
  const reads = children?.some((c) => c.forEach === NAMED_LIST) ?? false;
  return reads && !(NAMED_LIST in specFields)
    ? { ...specFields, [NAMED_LIST]: structuredClone(NAMED_LIST_DEF) }
    : specFields;
}

/** A string a name may read: present from creation on, short, no pattern or enum of its own. */
function nameable(def: Def): boolean {
  return (
    def.type === "string" &&
    (def.required === true || "default" in def) &&
    def.nullable !== true &&
    typeof def.maxLength === "number" &&
    def.maxLength <= 12 &&
    def.pattern === undefined &&
    def.enum === undefined &&
    def.format === undefined &&
    (!("default" in def) || /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(String(def.default))) &&
    (def.minLength === undefined || (def.minLength as number) <= 12)
  );
}

function nameablePaths(fields: Record<string, Def>, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, def]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const present = (def.required === true || "default" in def) && def.nullable !== true;
    if (def.type === "object" && present)
      return nameablePaths(def.fields as Record<string, Def>, path);
    return nameable(def) ? [path] : [];
  });
}

/** A binding child binds its role child (SEM159): add the role where only the binding was drawn. */
function withBoundRoles(children: Def[]): Def[] {
  const kinds = new Set(children.map((c) => c.kind));
  const roles = [
    ["RoleBinding", "Role"],
    ["ClusterRoleBinding", "ClusterRole"],
  ]
    .filter(([binding, role]) => kinds.has(binding) && !kinds.has(role))
    .map(([, role]): Def => ({ apiVersion: "rbac.authorization.k8s.io/v1", kind: role }));
  return [...children, ...roles];
}

/**
 * Up to three reference fields (spec.fields with `reference:`), drawn over every form the format
 * has: a name (same namespace) or an object (name, namespace with namespaces: any, key with
 * key: true, beside a field of the author's), to a Secret, a ConfigMap, the operator's own kind,
 * another project's kind or a cluster-scoped kind (IngressClass, a custom one with scope: Cluster); at the top level, inside an object, in every entry of a list (the entry
 * itself or a field of it, the list sometimes required and non-empty) or in every value of a map.
 * A reference to a kind the generated suites can create (Secret, ConfigMap) may be required, so
 * the samples name objects the suites must create first (SEM213 refuses the others). A
 * cluster-scoped operator kind has no namespace of its own, so its references to namespaced kinds
 * are objects that may name any namespace (SEM218), never required.
 */
function referenceFields(api: Def, scope: string): fc.Arbitrary<Record<string, Def>> {
  const own = { apiVersion: `${api.group}/${(api.versions as Def[])[0]!.name}`, kind: api.kind };
  const targets: Def[] = [
    { apiVersion: "v1", kind: "Secret" },
    { apiVersion: "v1", kind: "ConfigMap" },
    // The operator's own kind, cluster-scoped or not.
    own,
    { apiVersion: "stock.other.example.com/v1", kind: "Warehouse", plural: "warehouses" },
    // Cluster-scoped kinds: named without a namespace, read cluster-wide.
    { apiVersion: "networking.k8s.io/v1", kind: "IngressClass" },
    { apiVersion: "stock.other.example.com/v1", kind: "Depot", plural: "depots", scope: "Cluster" },
  ];
  const clusterScoped = (target: Def): boolean =>
    target.scope === "Cluster" ||
    target.kind === "IngressClass" ||
    (target === own && scope === "Cluster");
  const one = fc
    .record({
      target: fc.constantFrom(...targets),
      object: scope === "Cluster" ? fc.constant(true) : fc.boolean(),
      any: scope === "Cluster" ? fc.constant(true) : fc.boolean(),
      key: fc.boolean(),
      extra: fc.boolean(),
      required: fc.boolean(),
      placement: fc.constantFrom("top", "entry", "entryField", "value"),
      description: fc.option(prose, { nil: undefined }),
    })
    .map((r): Def => {
      const keyed = r.object && r.key && r.target.apiVersion === "v1";
      const reference: Def = { ...r.target };
      // A cluster-scoped kind has no namespace to name (SEM220).
      if (r.object && r.any && !clusterScoped(r.target)) reference.namespaces = "any";
      if (keyed) reference.key = true;
      const def: Def = { type: r.object ? "object" : "string", reference };
      if (r.description) def.description = r.description;
      if (r.object && r.extra) def.fields = { kind: { type: "string", enum: [r.target.kind] } };
      // Only the suites' stand-in kinds may be named by every sample (SEM213), and a
      // cluster-scoped operator kind's sample names no namespace for a namespaced one.
      const mandatory =
        r.required &&
        (r.target.kind === "IngressClass" || (r.target.apiVersion === "v1" && scope !== "Cluster"));
      switch (r.placement) {
        case "entry":
          return {
            type: "array",
            listType: "atomic",
            items: def,
            ...(mandatory ? { required: true, minItems: 1 } : {}),
          };
        case "entryField":
          return {
            type: "array",
            listType: "atomic",
            ...(mandatory ? { required: true, minItems: 1 } : {}),
            items: {
              type: "object",
              fields: {
                label: { type: "string", maxLength: 20 },
                target: { ...def, ...(mandatory ? { required: true } : {}) },
              },
            },
          };
        case "value":
          return { type: "map", values: def };
        default:
          return mandatory ? { ...def, required: true } : def;
      }
    });
  return fc.tuple(fc.array(one, { maxLength: 3 }), fc.boolean()).map(([defs, nest]) => {
    const fields = Object.fromEntries(defs.map((def, i) => [`ref${i}Target`, def]));
    if (!nest || defs.length === 0) return fields;
    // The last one inside an object, so resolution and the index read a nested path.
    const last = `ref${defs.length - 1}Target`;
    const { [last]: nested, ...top } = fields;
    return { ...top, refHolder: { type: "object", fields: { [last]: nested! } } };
  });
}

const operatorSettings = fc.record(
  {
    concurrency: fc.integer({ min: 1, max: 64 }),
    resyncPeriod: fc.constantFrom("30s", "5m", "10m", "1h", "1h30m", "2h"),
    backoff: fc.record(
      {
        initial: fc.constantFrom("100ms", "500ms", "1s", "5s"),
        max: fc.constantFrom("30s", "1m", "5m", "10m"),
      },
      { requiredKeys: [] },
    ),
    leaderElection: fc.boolean(),
  },
  { requiredKeys: [] },
);

const PRINTER_TYPES: Readonly<Record<string, string>> = {
  string: "string",
  integer: "integer",
  number: "number",
  boolean: "boolean",
  "int-or-string": "string",
};

const SELECTABLE_TYPES = new Set(["string", "integer", "boolean"]);

/** Dotted paths to the string, integer and boolean fields reached through objects only. */
function selectablePaths(section: string, fields: Record<string, Def>, prefix = ""): string[] {
  return Object.entries(fields).flatMap(([name, def]) => {
    const path = `${prefix || `.${section}`}.${name}`;
    if (def.type === "object")
      return selectablePaths(section, def.fields as Record<string, Def>, path);
    return SELECTABLE_TYPES.has(def.type as string) ? [path] : [];
  });
}

/** Up to 3 selectable fields: declared spec and status fields, and the ones status always has. */
function selectableFields(
  specFields: Record<string, Def>,
  statusFields: Record<string, Def>,
  hasPhases: boolean,
  recordsObservedGeneration: boolean,
): fc.Arbitrary<Def[] | undefined> {
  const candidates = [
    ...selectablePaths("spec", specFields),
    ...selectablePaths("status", statusFields),
    ...(recordsObservedGeneration ? [".status.observedGeneration"] : []),
    ...(hasPhases ? [".status.phase"] : []),
  ];
  return fc.option(
    subset(candidates, 3).map((paths) => paths.map((jsonPath) => ({ jsonPath }))),
    { nil: undefined, freq: 3 },
  );
}

function printerColumns(
  specFields: Record<string, Def>,
  statusFields: Record<string, Def>,
  hasPhases: boolean,
): fc.Arbitrary<Def[] | undefined> {
  const candidates: Def[] = [
    { name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
    { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" },
    ...(hasPhases ? [{ name: "Phase", type: "string", jsonPath: ".status.phase" }] : []),
  ];
  for (const [section, fields] of [
    ["spec", specFields],
    ["status", statusFields],
  ] as const)
    for (const [name, def] of Object.entries(fields)) {
      const type = PRINTER_TYPES[def.type as string];
      if (type)
        candidates.push({ name: `${section}-${name}`, type, jsonPath: `.${section}.${name}` });
    }
  return fc.option(
    fc
      .tuple(
        subset(candidates, 4),
        fc.array(
          fc.record({ priority: fc.constantFrom(0, 1), description: prose }, { requiredKeys: [] }),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
      )
      .map(([columns, extras]) => columns.map((c, i) => ({ ...c, ...extras[i] }))),
    { nil: undefined },
  );
}

function rbacFor(scope: string): fc.Arbitrary<Def | undefined> {
  const rule = fc.record(
    {
      apiGroups: fc.constantFrom([""], ["apps"], ["", "apps"]),
      resources: fc.constantFrom(["configmaps"], ["events"], ["deployments/status"]),
      resourceNames: fc.constantFrom(["settings"], ["a", "b"]),
      verbs: fc.shuffledSubarray(["get", "list", "watch", "create", "update", "patch", "delete"], {
        minLength: 1,
      }),
    },
    { requiredKeys: ["apiGroups", "resources", "verbs"] },
  );
  return fc.option(
    fc.record(
      {
        watchNamespaces:
          scope === "Cluster" ? fc.constant([]) : fc.uniqueArray(dnsLabel(20), { maxLength: 2 }),
        rules: fc.array(rule, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  );
}

const olderShapes: fc.Arbitrary<Spec> = fc
  .record({
    metadata,
    api: identity,
    specEntries: fieldMap("spec", 2, 1, 5),
    specDescription: fc.option(prose, { nil: undefined }),
    statusEntries: fc.option(fieldMap("status", 2, 0, 4), { nil: undefined }),
    phases: fc.option(phases, { nil: undefined }),
    conditions: fc.option(conditions, { nil: undefined }),
    phaseValues: fc.constantFrom(undefined, undefined, "enum", "open"),
    conditionShape: fc.constantFrom(undefined, undefined, "full", "relaxed", "open"),
    conditionTypes: fc.constantFrom(undefined, undefined, "open", "enum"),
    // A CRD without status.observedGeneration (Argo CD's Application), one spec in four.
    observedGeneration: fc.constantFrom(undefined, undefined, true, false),
    // An optional key field (Config Connector's resourceID) for identity.fallback, one spec in four.
    resourceID: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    // A kind without spec (status only): about one spec in eight, where no scale needs spec.
    noSpec: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  })
  .chain((r) => {
    const scope = (r.api.scope as string | undefined) ?? "Namespaced";
    const scale = r.api.scale as Def | undefined;
    const noSpec = r.noSpec && !scale;
    const specEntries: Entries = noSpec ? [] : [...r.specEntries];
    // Top-level status fields are never required (SEM156): the controller writes status before
    // it knows them.
    const statusEntries: Entries = (r.statusEntries ?? []).map(([n, f]) => [n, f, false]);
    if (scale) {
      specEntries.push([
        "replicas",
        {
          def: { type: "integer", minimum: 0, maximum: 100, default: 1 },
          samples: [1, 3],
          cel: false,
        },
        false,
      ]);
      statusEntries.push([
        "replicas",
        { def: { type: "integer" }, samples: [0], cel: false },
        false,
      ]);
      if (scale.labelSelectorPath)
        statusEntries.push([
          "selector",
          { def: { type: "string" }, samples: ["app=x"], cel: false },
          false,
        ]);
    }
    if (r.resourceID && !noSpec && !specEntries.some(([name]) => name === "resourceID"))
      specEntries.push([
        "resourceID",
        {
          def: { type: "string", maxLength: 63, immutable: { since: "creation" } },
          samples: ["topic-a", "topic-b"],
          cel: true,
        },
        false,
      ]);
    const specFields = defsOf(specEntries);
    const statusFields = defsOf(statusEntries);
    const hasStatus =
      r.statusEntries !== undefined ||
      r.phases ||
      r.conditions ||
      scale ||
      r.phaseValues ||
      r.conditionShape ||
      r.conditionTypes ||
      r.observedGeneration !== undefined;
    const outputsPool = Object.keys(statusFields);
    const fallbackKeys = fallbackKeyPaths(specFields);
    const keys = [...naturalKeyPaths(specFields), ...fallbackKeys];
    const binding = fc.record(
      {
        description: prose,
        inputs: subset(dottedPaths(specFields), 4),
        outputs: subset(outputsPool, 3),
        deletionPolicy: fc.constantFrom("Delete", "Retain"),
        driftPolicy: fc.constantFrom("Enforce", "Report"),
        ...(keys.length > 0
          ? {
              identity: fc
                .record(
                  {
                    naturalKey: fc.constantFrom(...keys),
                    adoption: fc.constantFrom("Adopt", "Refuse"),
                  },
                  { requiredKeys: ["naturalKey"] },
                )
                // An optional key (immutable since creation) falls back to the object's name.
                .map((identity) =>
                  fallbackKeys.includes(identity.naturalKey)
                    ? { ...identity, fallback: "metadata.name" }
                    : identity,
                ),
            }
          : {}),
      },
      { requiredKeys: ["description"] },
    );
    return fc
      .record({
        specRule: noSpec
          ? fc.constant(undefined)
          : fc.option(objectRule(specEntries, objectSamples(specEntries)), { nil: undefined }),
        bindings: fc
          .shuffledSubarray([...BINDING_NAMES], { maxLength: 2 })
          .chain((names) => fc.tuple(...names.map((name) => binding.map((b) => ({ name, ...b }))))),
        children: fc.option(
          childrenFor(scope)
            .chain((children) => withNaming(children, specFields, noSpec))
            .chain((children) => withSiblingsAndConditions(children, specFields, noSpec)),
          { nil: undefined },
        ),
        rbac: rbacFor(scope),
        printerColumns: printerColumns(specFields, statusFields, (r.phases?.length ?? 0) > 0),
        selectableFields: selectableFields(
          specFields,
          statusFields,
          (r.phases?.length ?? 0) > 0,
          r.observedGeneration !== false,
        ),
        operator: fc.option(operatorSettings, { nil: undefined }),
        references: noSpec ? fc.constant({}) : referenceFields(r.api, scope),
      })
      .map((more) => {
        const spec: Spec = {
          apiVersion: "create-operator.dev/v1alpha1",
          kind: "OperatorSpec",
          metadata: r.metadata,
          api: r.api,
        };
        if (!noSpec) {
          // References come last, after inputs, rules, columns and selectable fields were drawn
          // from the other fields; names the drawn fields (and the list a named child reads) already use are skipped.
          const fields = withSpecFieldsFor(more.children, specFields);
          const references = Object.entries(more.references).filter(([n]) => !(n in fields));
          spec.spec = { fields: { ...fields, ...Object.fromEntries(references) } };
          if (r.specDescription) spec.spec.description = r.specDescription;
          if (more.specRule?.rule) spec.spec.rules = [more.specRule.rule];
        }
        if (hasStatus) {
          spec.status = {};
          if (r.phaseValues) spec.status.phaseValues = r.phaseValues;
          if (r.conditionShape) spec.status.conditionShape = r.conditionShape;
          if (r.conditionTypes) spec.status.conditionTypes = r.conditionTypes;
          if (r.observedGeneration !== undefined)
            spec.status.observedGeneration = r.observedGeneration;
          if (r.phases) spec.status.phases = r.phases;
          if (r.conditions) spec.status.conditions = r.conditions;
          if (statusEntries.length > 0 || r.statusEntries) spec.status.fields = statusFields;
        }
        if (more.bindings.length > 0) spec.externalResources = more.bindings;
        if (more.children) spec.children = more.children;
        if (more.rbac) spec.rbac = more.rbac;
        if (more.printerColumns) spec.printerColumns = more.printerColumns;
        if (more.selectableFields && more.selectableFields.length > 0)
          spec.selectableFields = more.selectableFields;
        if (more.operator) spec.operator = more.operator;
        return spec;
      });
  });

/** A valid spec over the whole format: the older shapes, with the newer ones layered on. */
export const validSpec: fc.Arbitrary<Spec> = olderShapes.chain(withNewerShapes);

/** The spec as a user would write it. */
export function toYaml(spec: Spec): string {
  return stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false });
}
