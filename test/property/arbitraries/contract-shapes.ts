// Specs built around the shapes whose generated contract cases real CRDs broke (issue 21): one-of
// objects (maxProperties: 1, optional alternatives, sometimes required with minProperties: 1),
// spec-level rules over optional siblings ("exactly one of", "at most one of"), the scale
// subresource's specReplicasPath (top level or nested, any bounds and format the server takes),
// and printer columns on labels and annotations (escaped dots too). The rest of the spec is
// random fields of the whole format, so the shapes meet everything else.

import fc from "fast-check";
import { anyField, defsOf, fieldMap } from "./fields.ts";
import type { Spec } from "./spec.ts";

type Def = Record<string, unknown>;

/** A one-of object: 2-3 alternatives of any type, none required, none defaulted itself. */
const oneOf = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom("git", "bucket", "inline", "image", "regexp"), {
      minLength: 2,
      maxLength: 3,
    }),
    fc.array(anyField("spec", 1), { minLength: 3, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([names, fields, required]) => {
    // A defaulted alternative would be present beside every other one: the server would refuse
    // them all. Members inside an alternative may default.
    const alternatives = Object.fromEntries(
      names.map((name, i) => {
        const { default: _default, ...def } = fields[i]!.def;
        return [name, def];
      }),
    );
    const def: Def = { type: "object", maxProperties: 1, fields: alternatives };
    if (required) Object.assign(def, { required: true, minProperties: 1 });
    return def;
  });

const HOST = { type: "object", fields: { host: { type: "string", required: true } } };

/** Two optional objects and a spec-level rule over them, with examples a real spec would write. */
const siblingRule = fc.constantFrom(
  {
    rule: "has(self.primary) != has(self.replica)",
    message: "set exactly one of primary or replica",
    examples: {
      valid: [{ primary: { host: "a" } }],
      invalid: [{}, { primary: { host: "a" }, replica: { host: "b" } }],
    },
  },
  {
    rule: "!(has(self.primary) && has(self.replica))",
    message: "primary and replica exclude each other",
    examples: {
      valid: [{}, { replica: { host: "b" } }],
      invalid: [{ primary: { host: "a" }, replica: { host: "b" } }],
    },
  },
);

const INT32 = 2 ** 31 - 1;

/** The integer the scale subresource reads, with bounds and a format the check accepts. */
const replicas = fc
  .tuple(
    fc.constantFrom(undefined, -5, 0, 1),
    fc.constantFrom(undefined, 10, INT32, 100_000_000_000),
    fc.constantFrom(undefined, "int32", "int64"),
    fc.boolean(),
  )
  .map(([minimum, maximum, format, nested]) => {
    const def: Def = { type: "integer" };
    if (minimum !== undefined) def.minimum = minimum;
    if (maximum !== undefined) def.maximum = maximum;
    if (format === "int64" || (format === "int32" && (maximum ?? 0) <= INT32)) def.format = format;
    return { def, nested };
  });

/**
 * A field rule and a spec-level rule on one integer field, the field rule's valid example being
 * one the spec rule refuses (`self > 3` with example 9 beside `self.limit > 9`), the class that
 * made new refuse valid specs: beside a Kubernetes-typed member (whose presence once left the
 * spec rule unjudged), a child made only when the field is set and a field selector on it.
 */
const ruleClash = fc
  .record({
    low: fc.integer({ min: -5, max: 100 }),
    gap: fc.integer({ min: 1, max: 50 }),
    kubernetesMember: fc.boolean(),
    conditionalChild: fc.boolean(),
    selectable: fc.boolean(),
  })
  .map(({ low, gap, kubernetesMember, conditionalChild, selectable }) => {
    const example = low + gap;
    const limit: Def = {
      type: "integer",
      maximum: example + 100,
      rules: [
        {
          rule: `self > ${low}`,
          message: `must be greater than ${low}`,
          examples: { valid: [example], invalid: [low] },
        },
      ],
    };
    const rule = {
      rule: `!has(self.limit) || self.limit > ${example}`,
      message: `limit must be greater than ${example}`,
      fieldPath: ".limit",
      examples: { valid: [{ limit: example + 7 }], invalid: [{ limit: example }] },
    };
    return { limit, rule, kubernetesMember, conditionalChild, selectable };
  });

const LABEL_COLUMNS = [
  { name: "Team", type: "string", jsonPath: ".metadata.labels.team" },
  { name: "Cluster", type: "string", jsonPath: ".metadata.labels.example\\.com/cluster" },
  { name: "App", type: "string", jsonPath: ".metadata.labels.app\\.kubernetes\\.io/name" },
  { name: "Owner", type: "string", jsonPath: ".metadata.annotations.owner" },
];

export interface ContractShapes {
  spec: Spec;
  /** Which of the four shapes the spec holds, for the counts the test prints. */
  shapes: {
    oneOf: boolean;
    specRule: boolean;
    scale: boolean;
    labelColumns: boolean;
    ruleClash: boolean;
  };
}

export const contractShapesSpec: fc.Arbitrary<ContractShapes> = fc
  .record({
    background: fieldMap("spec", 1, 0, 3),
    oneOf: fc.option(oneOf, { nil: undefined }),
    specRule: fc.option(siblingRule, { nil: undefined }),
    scale: fc.option(replicas, { nil: undefined }),
    columns: fc.subarray(LABEL_COLUMNS),
    clash: fc.option(ruleClash, { nil: undefined }),
  })
  .map(({ background, oneOf, specRule, scale, columns, clash }) => {
    // The targeted fields replace a background field of the same name.
    const fields: Record<string, Def> = defsOf(background);
    if (oneOf) fields.route = oneOf;
    if (clash) {
      fields.limit = clash.limit;
      if (clash.kubernetesMember)
        fields.resources = { type: "core/v1.ResourceRequirements", required: true };
    }
    if (specRule || clash) {
      if (specRule) Object.assign(fields, { primary: HOST, replica: HOST });
      // Top-level defaults would make spec itself default to an object the rule may refuse
      // (SEM108, the server refuses such a CRD): a spec with such a rule declares none.
      for (const [name, def] of Object.entries(fields)) {
        const { default: _dropped, ...rest } = def;
        fields[name] = rest;
      }
    }
    if (scale)
      fields[scale.nested ? "pool" : "replicas"] = scale.nested
        ? { type: "object", fields: { size: scale.def } }
        : scale.def;
    const api: Def = { group: "shapes.example.com", kind: "Shape", versions: [{ name: "v1" }] };
    if (scale)
      api.scale = {
        specReplicasPath: scale.nested ? ".spec.pool.size" : ".spec.replicas",
        statusReplicasPath: ".status.replicas",
      };
    const spec: Spec = {
      apiVersion: "create-operator.dev/v1alpha1",
      kind: "OperatorSpec",
      metadata: { name: "shape-operator" },
      api,
      spec: {
        fields,
        ...(specRule || clash ? { rules: [specRule, clash?.rule].filter((r) => r) } : {}),
      },
      status: {
        conditions: [{ type: "Ready" }],
        ...(scale ? { fields: { replicas: { type: "integer" } } } : {}),
      },
      ...(columns.length > 0 ? { printerColumns: columns } : {}),
      ...(clash?.conditionalChild
        ? { children: [{ apiVersion: "v1", kind: "ConfigMap", when: "limit" }] }
        : {}),
      ...(clash?.selectable ? { selectableFields: [{ jsonPath: ".spec.limit" }] } : {}),
    };
    return {
      spec,
      shapes: {
        oneOf: oneOf !== undefined,
        specRule: specRule !== undefined,
        scale: scale !== undefined,
        labelColumns: columns.length > 0,
        ruleClash: clash !== undefined,
      },
    };
  });
