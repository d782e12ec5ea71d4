// Real rules from public CRDs (gateway-api, cluster-api, cert-manager, crossplane; see
// scripts/cel-corpus-extract.ts) and from the Kubernetes documentation: the API server accepts
// every one, so the type checker must too. Each is checked against the schema it sits on, turned
// into the spec's field format the way the generator would write it back.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { compileRule } from "../cel-compile.ts";
import { declTypeOf } from "../cel-decl-type.ts";
import type { RawObject } from "../raw-spec.ts";

interface Entry {
  source: string;
  path: string;
  rule: string;
  schema: RawObject;
}

const corpus = JSON.parse(
  readFileSync(new URL("./fixtures/cel-corpus.json", import.meta.url), "utf8"),
) as Entry[];

/** An OpenAPI v3 schema as a spec field definition. */
export function fieldFromSchema(s: RawObject, root = false): RawObject {
  const def: RawObject = {};
  for (const key of ["maxLength", "maxItems", "maxProperties", "enum", "format", "default"])
    if (s[key] !== undefined) def[key] = s[key];
  if (s["x-kubernetes-int-or-string"] === true) return { ...def, type: "int-or-string" };
  switch (s.type) {
    case "array":
      return { ...def, type: "array", items: fieldFromSchema((s.items as RawObject) ?? {}) };
    case "object": {
      if (typeof s.additionalProperties === "object" && s.additionalProperties !== null)
        return {
          ...def,
          type: "map",
          values: fieldFromSchema(s.additionalProperties as RawObject),
        };
      const properties = (s.properties as Record<string, RawObject>) ?? {};
      if (
        Object.keys(properties).length === 0 &&
        s["x-kubernetes-preserve-unknown-fields"] === true
      )
        return { ...def, type: "free-form" };
      const required = new Set((s.required as string[]) ?? []);
      const fields: Record<string, RawObject> = {};
      for (const [name, child] of Object.entries(properties))
        fields[name] = {
          ...fieldFromSchema(child),
          ...(required.has(name) ? { required: true } : {}),
        };
      if (root || s["x-kubernetes-embedded-resource"] === true) {
        fields.apiVersion ??= { type: "string" };
        fields.kind ??= { type: "string" };
        fields.metadata = {
          type: "object",
          fields: {
            name: { type: "string", maxLength: 253 },
            generateName: { type: "string", maxLength: 252 },
          },
        };
      }
      return { ...def, type: "object", fields };
    }
    case undefined:
      return { ...def, type: "free-form" };
    default:
      return { ...def, type: s.type };
  }
}

test(`the ${corpus.length} rules of the public CRD corpus type-check`, () => {
  assert.ok(corpus.length >= 90, "the corpus is present");
  const refused = corpus.flatMap((e) => {
    const self = declTypeOf(
      fieldFromSchema(e.schema, e.schema["x-create-operator-root"] === true),
      ["corpus"],
    );
    const result = compileRule(e.rule, self);
    return result.status === "syntax" || result.status === "type" || result.status === "blank"
      ? [
          `${e.source} ${e.path}: ${e.rule}\n    -> ${"message" in result ? result.message : result.status}`,
        ]
      : [];
  });
  assert.deepEqual(refused, []);
});

const int = { type: "integer" };
const str = { type: "string" };
const strings = { type: "array", items: { type: "string" } };
function obj(fields: Record<string, RawObject>): RawObject {
  return { type: "object", fields };
}

const DOCS: [string, RawObject][] = [
  // https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules
  [
    "self.minReplicas <= self.replicas && self.replicas <= self.maxReplicas",
    obj({ minReplicas: int, replicas: int, maxReplicas: int }),
  ],
  ["self.replicas == oldSelf.replicas || self.replicas > 0", obj({ replicas: int })],
  ["'Available' in self.stateCounts", obj({ stateCounts: { type: "map", values: int } })],
  ["(size(self.list1) == 0) != (size(self.list2) == 0)", obj({ list1: strings, list2: strings })],
  [
    "!('MY_KEY' in self.map1) || self.map1['MY_KEY'].matches('^[a-zA-Z]*$')",
    obj({ map1: { type: "map", values: str } }),
  ],
  [
    "self.envars.filter(e, e.name == 'MY_ENV').all(e, e.value.matches('^[a-zA-Z]*$'))",
    obj({ envars: { type: "array", items: obj({ name: str, value: str }) } }),
  ],
  [
    "has(self.expired) && self.created + self.ttl < self.expired",
    obj({
      created: { type: "string", format: "date-time" },
      ttl: { type: "string", format: "duration" },
      expired: { type: "string", format: "date-time" },
    }),
  ],
  ["self.health.startsWith('ok')", obj({ health: str })],
  [
    "self.widgets.exists(w, w.key == 'x' && w.foo < 10)",
    obj({ widgets: { type: "array", items: obj({ key: str, foo: int }) } }),
  ],
  ["type(self) == string ? self == '100%' : self == 1000", { type: "int-or-string" }],
  ["self.metadata.name.startsWith(self.prefix)", { ...obj({ prefix: str }), "x-root": true }],
  ["self.set1.all(e, !(e in self.set2))", obj({ set1: strings, set2: strings })],
  [
    "size(self.names) == size(self.details) && self.names.all(n, n in self.details)",
    obj({ names: strings, details: { type: "map", values: str } }),
  ],
  [
    "size(self.clusters.filter(c, c.name == self.primary)) == 1",
    obj({ primary: str, clusters: { type: "array", items: obj({ name: str }) } }),
  ],
  ["self == oldSelf", str],
  ["self.all(x, x.matches('^[a-z]+$'))", strings],
  ["url(self).getScheme() == 'https'", str],
  ["isQuantity(self) && quantity(self).isGreaterThan(quantity('1Mi'))", str],
  ["!format.dns1123Label().validate(self).hasValue()", str],
  ["isCIDR(self) && cidr(self).prefixLength() <= 24", str],
  ["self.all(k, v, v > 0)", { type: "map", values: int }],
  ["self.?spec.?name.orValue('') != ''", obj({ spec: obj({ name: str }) })],
  ["self.sum() < 100 && self.isSorted()", { type: "array", items: int }],
  ["self.map(x, x * 2).exists_one(y, y == 4)", { type: "array", items: int }],
  ["self.lowerAscii().split('-').size() <= 3 && self.replace('_', '-') == self", str],
  ["self.find('[0-9]+') != '' && self.findAll('[a-z]').size() > 1", str],
];

test("the rules of the Kubernetes documentation type-check", () => {
  const refused = DOCS.flatMap(([rule, def]) => {
    const withMeta = def["x-root"] === true ? fieldFromSchema(toSchema(def), true) : def;
    const result = compileRule(rule, declTypeOf(withMeta, ["docs"]));
    return result.status === "ok" || result.status === "unchecked"
      ? []
      : [`${rule} -> ${"message" in result ? result.message : result.status}`];
  });
  assert.deepEqual(refused, []);
});

function toSchema(def: RawObject): RawObject {
  const fields = (def.fields as Record<string, RawObject>) ?? {};
  return {
    type: "object",
    properties: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { type: v.type }])),
  };
}
