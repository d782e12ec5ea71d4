// The shapes issue 21 added to the format, layered onto a spec validSpec already drew, each in
// about one spec of three so that they meet each other and the older shapes: polymorphic
// references (kinds, defaultKind, optional name or key), read-only external sources
// (access: read), fields beside spec and status (topLevel), untyped (type: any) and deprecated
// fields, spec.required true or false, a child named from an optional field with the owner's
// name as fallback, children's creationPolicy (fixed, or chosen by a spec field), and management
// (a pause annotation or label, the deletion-policy and adoption annotations' keys, the adoption
// annotation's own values). Each is drawn within the checks that constrain it (named beside it),
// so every spec stays valid; status.conditionShape and conditionTypes are drawn in spec.ts.

import fc from "fast-check";
import type { Spec } from "./spec.ts";

type Def = Record<string, any>;

const RBAC_KINDS = new Set(["Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"]);

/** Names this module adds to spec.fields; a drawn spec that already has one keeps its own. */
const ADDED = {
  polymorphic: "storeRef",
  untyped: "extraValue",
  sourceKey: "sourceName",
  childName: "targetName",
  childPolicy: "childPolicy",
} as const;

/**
 * A reference whose kind a sibling field chooses (SEM360–SEM364: object form, two distinct kinds,
 * a defaultKind among them): Secret or ConfigMap (with an optional or required key, as Flux's
 * valuesFrom), or a namespaced and a cluster-scoped custom kind (as external-secrets'
 * SecretStore | ClusterSecretStore). Never required (SEM213). A cluster-scoped operator kind has
 * no namespace of its own: its reference names one (SEM218), so only to namespaced kinds (SEM220).
 */
function polymorphicReference(scope: string): fc.Arbitrary<Def> {
  const secretOrConfigMap = [
    { apiVersion: "v1", kind: "Secret" },
    { apiVersion: "v1", kind: "ConfigMap" },
  ];
  const stores = [
    { apiVersion: "stock.other.example.com/v1", kind: "Warehouse", plural: "warehouses" },
    {
      apiVersion: "stock.other.example.com/v1",
      kind: "Depot",
      plural: "depots",
      scope: "Cluster",
    },
  ];
  return fc
    .record({
      stores: scope === "Cluster" ? fc.constant(false) : fc.boolean(),
      defaultKind: fc.boolean(),
      optionalName: fc.boolean(),
      key: fc.constantFrom(undefined, true, "optional"),
      kindField: fc.constantFrom(undefined, "storeKind"),
    })
    .map((r) => {
      const kinds = r.stores ? stores : secretOrConfigMap;
      const reference: Def = { kinds: structuredClone(kinds) };
      if (r.defaultKind) reference.defaultKind = kinds[0]!.kind;
      if (r.kindField) reference.kindField = r.kindField;
      if (r.optionalName) reference.name = "optional";
      if (!r.stores && r.key !== undefined) reference.key = r.key;
      if (scope === "Cluster") reference.namespaces = "any";
      return { type: "object", description: "The store to read from.", reference };
    });
}

/** An optional untyped value (type: any: any JSON, kept as sent), sometimes deprecated. */
const untypedField: fc.Arbitrary<Def> = fc.boolean().map((deprecated) => ({
  type: "any",
  description: "Anything the provider understands, kept as sent.",
  ...(deprecated ? { deprecated: "use the provider's own settings instead" } : {}),
}));

/**
 * Fields beside spec and status (SEM413: not apiVersion, kind, metadata, spec or status; SEM414:
 * optional and plain, no default, rules, immutable or versions), as a ConfigMap-like kind's data.
 */
const topLevel: fc.Arbitrary<Def> = fc
  .record({ data: fc.boolean(), provider: fc.boolean(), any: fc.boolean() })
  .map((r) => {
    const fields: Def = {};
    if (r.data || (!r.provider && !r.any))
      fields.data = { type: "map", values: { type: "string" }, description: "Entries to hold." };
    if (r.provider)
      fields.provider = {
        type: "object",
        fields: { region: { type: "string", maxLength: 20 }, retries: { type: "integer" } },
      };
    if (r.any) fields.extra = { type: "any" };
    return { fields };
  });

/** Top-level optional spec fields a `deprecated` marker may go on (any type works). */
function deprecatable(fields: Def): string[] {
  return Object.entries(fields)
    .filter(([, def]) => def.required !== true && def.reference === undefined)
    .map(([name]) => name);
}

/**
 * Children that a name template, a fallback or a creationPolicy may be given to: named after
 * their owner so far, and alone of their kind (two names of one kind must differ: SEM238).
 */
function plainChildren(children: Def[] | undefined): number[] {
  const ofKind = (kind: string) => (children ?? []).filter((c) => c.kind === kind).length;
  return (children ?? []).flatMap((child, i) =>
    RBAC_KINDS.has(child.kind) ||
    ofKind(child.kind) > 1 ||
    child.name !== undefined ||
    child.forEach !== undefined ||
    child.count !== undefined ||
    child.id !== undefined
      ? []
      : [i],
  );
}

function keyed(binding: Def): boolean {
  return (
    binding.access !== "read" && (binding.identity as Def | undefined)?.naturalKey !== undefined
  );
}

interface Draw {
  polymorphic: boolean;
  untyped: boolean;
  deprecate: number | undefined;
  topLevel: Def | undefined;
  specRequired: boolean | undefined;
  readSource: boolean;
  childName: number | undefined;
  childPolicy: { at: number; fixed: string | undefined } | undefined;
  management: {
    pause: Def | undefined;
    deletionPolicyAnnotation: boolean;
    adoption: { values: Def | undefined } | undefined;
  };
}

/** One in three, as fast-check's option at freq 2 would give a present value. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

function draws(spec: Spec): fc.Arbitrary<Draw> {
  const scope = (spec.api.scope as string | undefined) ?? "Namespaced";
  const hasSpec = spec.spec !== undefined;
  const fields = (spec.spec?.fields as Def | undefined) ?? {};
  const children = spec.children as Def[] | undefined;
  const plain = plainChildren(children);
  const deprecatables = deprecatable(fields);
  return fc.record({
    polymorphic: hasSpec ? fc.nat(2).map((n) => n === 0) : fc.constant(false),
    untyped: hasSpec ? fc.nat(2).map((n) => n === 0) : fc.constant(false),
    deprecate:
      deprecatables.length > 0
        ? sometimes(fc.nat(deprecatables.length - 1))
        : fc.constant(undefined),
    topLevel: sometimes(topLevel),
    specRequired: hasSpec
      ? fc.constantFrom(undefined, undefined, true, false)
      : fc.constant(undefined),
    readSource: hasSpec ? fc.nat(2).map((n) => n === 0) : fc.constant(false),
    childName:
      hasSpec && plain.length > 0 ? sometimes(fc.constantFrom(...plain)) : fc.constant(undefined),
    childPolicy:
      plain.length > 0
        ? sometimes(
            fc.record({
              at: fc.constantFrom(...plain),
              // A field only where there is a spec; None alone is never fixed (SEM397).
              fixed: hasSpec
                ? fc.constantFrom(undefined, "Owner", "Orphan", "Merge", "CreateOrMerge")
                : fc.constantFrom("Owner", "Orphan", "Merge", "CreateOrMerge"),
            }),
          )
        : fc.constant(undefined),
    management: fc.record({
      pause: sometimes(
        fc
          .record({
            on: fc.constantFrom("annotation", "label"),
            value: fc.option(fc.constantFrom("true", "yes", "paused"), { nil: undefined }),
          })
          .map(({ on, value }) => ({ [on]: "example.com/paused", ...(value ? { value } : {}) })),
      ),
      deletionPolicyAnnotation: fc.boolean(),
      adoption: sometimes(
        fc.record({
          values: fc.option(
            fc.constantFrom<Def>(
              { adopt: "AdoptOnly", "adopt-or-create": "Adopt" },
              { import: "AdoptOnly", take: "Adopt", leave: "Refuse" },
            ),
            { nil: undefined },
          ),
        }),
      ),
    }),
  });
}

/** `spec` with the drawn newer shapes added, still valid. */
export function withNewerShapes(spec: Spec): fc.Arbitrary<Spec> {
  const scope = (spec.api.scope as string | undefined) ?? "Namespaced";
  return fc
    .tuple(draws(spec), polymorphicReference(scope), untypedField)
    .map(([d, reference, untyped]) => {
      const out: Spec = structuredClone(spec);
      const fields = (out.spec?.fields as Def | undefined) ?? {};
      const add = (name: string, def: Def): boolean => {
        if (out.spec === undefined || name in fields) return false;
        fields[name] = def;
        return true;
      };
      if (d.polymorphic) add(ADDED.polymorphic, reference);
      if (d.untyped) add(ADDED.untyped, untyped);
      if (d.deprecate !== undefined) {
        const name = deprecatable(fields)[d.deprecate];
        if (name !== undefined && fields[name].deprecated === undefined)
          fields[name] = { ...fields[name], deprecated: "use the newer field instead" };
      }
      if (d.topLevel) out.topLevel = d.topLevel;
      if (d.specRequired !== undefined && out.spec) out.spec.required = d.specRequired;
      // A source the operator only reads, found by a required string (SEM410; nothing it would
      // write: SEM411).
      if (
        d.readSource &&
        add(ADDED.sourceKey, { type: "string", required: true, minLength: 1, maxLength: 40 })
      ) {
        const used = new Set(
          ((out.externalResources as Def[] | undefined) ?? []).map((b) => b.name),
        );
        const name = ["upstream", "mirror"].find((n) => !used.has(n))!;
        out.externalResources = [
          ...((out.externalResources as Def[] | undefined) ?? []),
          {
            name,
            description: "A source this operator reads and never writes.",
            access: "read",
            identity: { naturalKey: ADDED.sourceKey },
          },
        ];
      }
      const children = out.children as Def[] | undefined;
      // {spec.<field> ?? metadata.name}: an optional string with a maxLength short enough for
      // every child kind's name (SEM236).
      if (
        d.childName !== undefined &&
        children &&
        add(ADDED.childName, { type: "string", maxLength: 12, description: "The child's name." })
      )
        children[d.childName] = {
          ...children[d.childName],
          name: `{spec.${ADDED.childName} ?? metadata.name}`,
        };
      if (d.childPolicy !== undefined && children) {
        const { at, fixed } = d.childPolicy;
        if (fixed !== undefined) children[at] = { ...children[at], creationPolicy: fixed };
        else if (
          add(ADDED.childPolicy, {
            type: "string",
            enum: ["Owner", "Orphan", "Merge", "None"],
            description: "Who owns the child.",
          })
        )
          // The field's enum holds only policies (SEM396).
          children[at] = { ...children[at], creationPolicy: ADDED.childPolicy };
      }
      const management: Def = {};
      if (d.management.pause) management.pause = d.management.pause;
      const bindings = (out.externalResources as Def[] | undefined) ?? [];
      // Only where there are external resources to keep or delete (WARN155), and a natural key
      // to find an existing one by (WARN170).
      if (d.management.deletionPolicyAnnotation && bindings.some((b) => b.access !== "read"))
        management.deletionPolicyAnnotation = "example.com/deletion-policy";
      if (d.management.adoption && bindings.some(keyed)) {
        management.adoptionAnnotation = "example.com/adoption-policy";
        if (d.management.adoption.values) management.adoptionValues = d.management.adoption.values;
      }
      if (Object.keys(management).length > 0) out.management = management;
      return out;
    });
}
