// Field definitions of every type, nested through objects, arrays and maps, with flags
// (required, nullable, immutable, default), CEL rules, list types (sets of scalars, maps keyed by
// a field) and map types (atomic or granular objects, maps and free-form fields). Spec fields may
// carry defaults and rules; status fields may carry defaults, never rules. Map samples hold keys
// with dots, as real APIs' maps do (pg_stat_statements.max, topology.kubernetes.io/zone).

import fc from "fast-check";
import { objectRule, rulesFor } from "./cel-rules.ts";
import { kubernetesField } from "./kubernetes.ts";
import { fieldNames, prose } from "./names.ts";
import {
  booleanField,
  freeFormField,
  anyField as anyJsonField,
  integerField,
  intOrStringField,
  numberField,
  scalarField,
  stringField,
  type Def,
  type GenField,
} from "./scalars.ts";

export type Section = "spec" | "status";

const SET_ITEM_TYPES = new Set(["string", "integer", "number", "boolean", "int-or-string"]);

/**
 * Any field, nested at most `depth` containers deep. `correlatable` is false under the items of
 * atomic and set lists, where the API server cannot pair old and new values, so no rule there
 * may read oldSelf (immutable is such a rule).
 */
export function anyField(
  section: Section,
  depth: number,
  correlatable = true,
): fc.Arbitrary<GenField> {
  const at = { section, correlatable };
  const leaves = [
    { arbitrary: decorated(at, stringField), weight: 4 },
    { arbitrary: decorated(at, integerField), weight: 3 },
    { arbitrary: decorated(at, numberField), weight: 1 },
    { arbitrary: decorated(at, booleanField), weight: 2 },
    { arbitrary: decorated(at, intOrStringField), weight: 1 },
    { arbitrary: decorated(at, freeFormField), weight: 1 },
    { arbitrary: decorated(at, anyJsonField), weight: 1 },
    { arbitrary: decorated(at, kubernetesField), weight: 1 },
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  return fc.oneof(
    ...leaves,
    { arbitrary: decorated(at, objectField(at, depth - 1)), weight: 2 },
    { arbitrary: decorated(at, arrayField(at, depth - 1)), weight: 2 },
    { arbitrary: decorated(at, mapField(at, depth - 1)), weight: 1 },
  );
}

/** A field map: distinct names, each with a field and whether it is required. */
export function fieldMap(
  section: Section,
  depth: number,
  min: number,
  max: number,
  correlatable = true,
): fc.Arbitrary<Array<[string, GenField, boolean]>> {
  return fieldNames(min, max).chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .tuple(anyField(section, depth, correlatable), fc.boolean())
          // Required may sit with a default (WARN112: the API server allows it, and
          // CloudNativePG's instances has it).
          .map(([field, required]): [string, GenField, boolean] => [name, field, required]),
      ),
    ),
  );
}

/** Field defs keyed by name, with required flags written into the defs. */
export function defsOf(entries: ReadonlyArray<[string, GenField, boolean]>): Record<string, Def> {
  return Object.fromEntries(
    entries.map(([name, f, required]) => [name, required ? { ...f.def, required: true } : f.def]),
  );
}

/**
 * Values of an object with these fields: one with every field, one with only the required ones.
 * The samples always set every field so they stand on their own in contract tests.
 */
export function objectSamples(
  entries: ReadonlyArray<[string, GenField, boolean]>,
): Record<string, unknown>[] {
  const full = Object.fromEntries(entries.map(([name, f]) => [name, f.samples[0]]));
  const minimal = Object.fromEntries(
    entries.filter(([, , required]) => required).map(([name, f]) => [name, f.samples[0]]),
  );
  return JSON.stringify(full) === JSON.stringify(minimal) ? [full] : [full, minimal];
}

interface Place {
  section: Section;
  correlatable: boolean;
}

function objectField({ section, correlatable }: Place, depth: number): fc.Arbitrary<GenField> {
  return fieldMap(section, depth, 1, 4, correlatable).chain((entries) => {
    const samples = objectSamples(entries);
    const base: GenField = {
      def: { type: "object", fields: defsOf(entries) },
      samples,
      cel: entries.some(([, f]) => f.cel),
    };
    if (section === "status") return fc.constant(base);
    return fc.option(objectRule(entries, samples), { freq: 3 }).map((choice) => {
      if (!choice) return base;
      return {
        def: { ...base.def, rules: [choice.rule] },
        samples: choice.accepted.length > 0 ? choice.accepted : base.samples,
        cel: true,
      };
    });
  });
}

/**
 * Items of a listType: map array get a required string key `id` the items cannot lack; they may
 * be atomic (each item replaced whole by server-side apply).
 */
function mapListItems({ section, correlatable }: Place, depth: number): fc.Arbitrary<GenField> {
  return fc
    .tuple(fieldMap(section, depth, 0, 3, correlatable), fc.constantFrom(false, false, true))
    .map(([entries, atomic]) => {
      const withKey: Array<[string, GenField, boolean]> = [
        ["id", { def: { type: "string", maxLength: 63 }, samples: ["a", "b"], cel: false }, true],
        ...entries,
      ];
      const [first] = objectSamples(withKey);
      return {
        def: {
          type: "object",
          ...(atomic ? { mapType: "atomic" } : {}),
          fields: defsOf(withKey),
        },
        samples: [first!, { ...first!, id: "b" }],
        cel: entries.some(([, f]) => f.cel),
      };
    });
}

function arrayField(place: Place, depth: number): fc.Arbitrary<GenField> {
  const { section } = place;
  const plain = fc.tuple(
    anyField(section, depth, false),
    fc.constant<"atomic" | undefined>(undefined),
  );
  // Scalars only: server-side apply cannot key objects or lists by value (SEM022).
  const set = decorated({ section, correlatable: false }, scalarField).map(
    (f) => [f, "set"] as const,
  );
  const map = mapListItems(place, depth).map((f) => [f, "map"] as const);
  return fc
    .tuple(
      fc.oneof(plain, set, map),
      fc.option(fc.integer({ min: 2, max: 50 })),
      fc.constantFrom(0, 1),
      fc.boolean(),
    )
    .map(([[items, listType], maxItems, minItems, sayAtomic]) => {
      const [first, second] = items.samples;
      const distinct = second !== undefined && JSON.stringify(first) !== JSON.stringify(second);
      const samples: unknown[] = [[first], ...(distinct ? [[first, second]] : [])];
      if (minItems === 0) samples.unshift([]);
      const def: Def = { type: "array", items: items.def };
      if (listType) def.listType = listType;
      else if (sayAtomic) def.listType = "atomic";
      // set and map lists identify items by value or key, so their items cannot be null (SEM158).
      if (listType && (items.def as Def).nullable) {
        const { nullable: _, ...notNullable } = items.def as Def;
        def.items = notNullable;
      }
      if (listType === "map") def.listMapKeys = ["id"];
      if (minItems > 0) def.minItems = minItems;
      // The API server multiplies the cost of every rule inside a list by maxItems; a rule on an
      // unbounded string costs ~315k per run against a 10M limit, so lists around rules stay
      // small enough for three levels of nesting (4^3 runs).
      const bound = items.cel ? Math.min(maxItems ?? 4, 4) : (maxItems ?? undefined);
      if (bound !== undefined) def.maxItems = bound;
      return { def, samples, cel: items.cel };
    });
}

function mapField({ section, correlatable }: Place, depth: number): fc.Arbitrary<GenField> {
  return fc
    .tuple(anyField(section, depth, correlatable), fc.option(fc.integer({ min: 2, max: 64 })))
    .map(([values, maxProperties]) => {
      const [first, second] = values.samples;
      // The first sample is the default: a key with dots and slashes reaches the CRD, the
      // contract tests and the generated types' readers.
      const samples: unknown[] = [{ "topology.kubernetes.io/zone": first }, {}];
      if (second !== undefined) samples.push({ east: first, "pg_stat_statements.max": second });
      const def: Def = { type: "map", values: values.def };
      // As for lists: maps around rules stay small enough for the rule's cost to be bounded.
      const bound = values.cel ? Math.min(maxProperties ?? 4, 4) : (maxProperties ?? undefined);
      if (bound !== undefined) def.maxProperties = bound;
      return { def, samples, cel: values.cel };
    });
}

/**
 * Description, nullable, a CEL rule of the field's own, immutable and a default. Status fields
 * get only the description, nullable and a default.
 */
function decorated(
  { section, correlatable }: Place,
  field: fc.Arbitrary<GenField>,
): fc.Arbitrary<GenField> {
  return field.chain((f) =>
    fc
      .record(
        {
          description: prose,
          nullable: fc.boolean(),
          rule: section === "spec" ? rulesFor(f, correlatable) : fc.constant(undefined),
          immutable:
            section === "spec" && correlatable && isScalarDef(f.def)
              ? fc.constantFrom<Def["immutable"]>(
                  true,
                  { since: "creation" },
                  { message: "Value is immutable once set" },
                  { message: "fixed when created", since: "creation" },
                )
              : fc.constant(false),
          // Spec fields may have a default (the record may leave the key out); status fields too
          // (Contour's currentStatus), which the reconciler applies before it compares statuses.
          withDefault: section === "spec" ? fc.constant(true) : fc.boolean(),
          mapType: MAP_TYPED.has(f.def.type as string)
            ? fc.constantFrom(undefined, undefined, "atomic", "granular")
            : fc.constant(undefined),
          deprecated: fc.constantFrom(undefined, "use another field instead"),
        },
        { requiredKeys: [] },
      )
      .map(({ description, nullable, rule, immutable, withDefault, mapType, deprecated }) => {
        const def: Def = { ...f.def };
        if (deprecated) def.deprecated = deprecated;
        if (mapType && def.mapType === undefined) def.mapType = mapType;
        let samples = f.samples;
        let cel = f.cel;
        if (description !== undefined) def.description = description;
        if (nullable) def.nullable = true;
        if (rule) {
          def.rules = [...((def.rules as Def[] | undefined) ?? []), rule.rule];
          samples = rule.accepted;
          cel = true;
        }
        // immutable forbids every change, so it cannot sit with a transition rule whose valid
        // examples change the value.
        if (immutable && !String(rule?.rule.rule ?? "").includes("oldSelf")) {
          def.immutable = immutable;
          cel = true;
        }
        if (withDefault) def.default = samples[0];
        return { def, samples, cel };
      }),
  );
}

const MAP_TYPED = new Set(["object", "map", "free-form"]);

function isScalarDef(def: Def): boolean {
  return SET_ITEM_TYPES.has(def.type as string);
}
