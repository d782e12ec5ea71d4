// Random polymorphic references (kinds drawn from built-in, cluster-scoped and custom ones, with
// or without a default, a key, an optional name, any namespace, in a list or not): check reports
// exactly the per-kind and per-list errors the rules state, and a reference it accepts expands to
// a kind field that is an enum of its kinds, defaulted to defaultKind or else required.
// A fixed seed, 200 specs.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseSpec } from "../../parse/parse-spec.ts";
import { expandReferences } from "../references.ts";
import { check, MINIMAL } from "./helpers.ts";

interface Kind {
  apiVersion: string;
  kind: string;
  plural?: string;
  scope?: "Cluster";
  keyed: boolean;
  cluster: boolean;
}

const POOL: Kind[] = [
  { apiVersion: "v1", kind: "Secret", keyed: true, cluster: false },
  { apiVersion: "v1", kind: "ConfigMap", keyed: true, cluster: false },
  { apiVersion: "v1", kind: "ServiceAccount", keyed: false, cluster: false },
  { apiVersion: "networking.k8s.io/v1", kind: "IngressClass", keyed: false, cluster: false },
  {
    apiVersion: "store.example.com/v1",
    kind: "Store",
    plural: "stores",
    keyed: false,
    cluster: false,
  },
  {
    apiVersion: "store.example.com/v1",
    kind: "ClusterStore",
    plural: "clusterstores",
    scope: "Cluster" as const,
    keyed: false,
    cluster: true,
  },
].map((k) => ({ ...k, cluster: k.cluster || k.kind === "IngressClass" }));

const reference = fc.record({
  kinds: fc.uniqueArray(fc.constantFrom(...POOL), {
    minLength: 2,
    maxLength: 4,
    selector: (k) => k.kind,
  }),
  defaultKind: fc.option(fc.constantFrom("Secret", "Store", "ClusterStore", "Missing"), {
    nil: undefined,
  }),
  kindField: fc.option(fc.constantFrom("kind", "sourceKind", "type"), { nil: undefined }),
  key: fc.constantFrom(undefined, true, "optional"),
  name: fc.constantFrom(undefined, "optional"),
  anyNamespace: fc.boolean(),
  inList: fc.boolean(),
});

type Drawn = typeof reference extends fc.Arbitrary<infer T> ? T : never;

function specOf(r: Drawn): string {
  const kinds = r.kinds
    .map(
      (k) =>
        `{ apiVersion: ${k.apiVersion}, kind: ${k.kind}${k.plural ? `, plural: ${k.plural}` : ""}${k.scope ? `, scope: ${k.scope}` : ""} }`,
    )
    .join(", ");
  const options = [
    `kinds: [${kinds}]`,
    r.defaultKind !== undefined ? `defaultKind: ${r.defaultKind}` : "",
    r.kindField !== undefined ? `kindField: ${r.kindField}` : "",
    r.key !== undefined ? `key: ${r.key}` : "",
    r.name !== undefined ? `name: ${r.name}` : "",
    r.anyNamespace ? "namespaces: any" : "",
  ]
    .filter((o) => o !== "")
    .join(", ");
  const def = `type: object\n      reference: { ${options} }`;
  const field = r.inList
    ? `    sources:\n      type: array\n      items:\n        ${def.replace("\n      ", "\n        ")}\n`
    : `    source:\n      ${def}\n`;
  return MINIMAL.replace("  fields:\n", `  fields:\n${field}`);
}

/** The error codes the rules give for `r`, one per offending kind where they are per kind. */
function expectedErrors(r: Drawn): string[] {
  const codes: string[] = [];
  for (const k of r.kinds) {
    if (r.key !== undefined && !k.keyed) codes.push("SEM216");
    if (r.anyNamespace && k.cluster) codes.push("SEM220");
  }
  if (r.defaultKind !== undefined && !r.kinds.some((k) => k.kind === r.defaultKind))
    codes.push("SEM363");
  return codes.sort();
}

test("random polymorphic references: exactly the stated errors; accepted ones expand to an enum kind field", () => {
  fc.assert(
    fc.property(reference, (r) => {
      const source = specOf(r);
      const errors = check(source)
        .filter((d) => d.severity === "error")
        .map((d) => d.code)
        .sort();
      assert.deepEqual(errors, expectedErrors(r), source);
      if (errors.length > 0) return;
      const parsed = parseSpec(source, "operator.yaml");
      assert.ok(parsed.ok);
      const fields = (expandReferences(parsed.spec.data) as any).spec.fields;
      const def = r.inList ? fields.sources.items : fields.source;
      const kindField = def.fields[r.kindField ?? "kind"];
      assert.deepEqual(
        kindField.enum,
        r.kinds.map((k) => k.kind),
      );
      assert.equal(kindField.default, r.defaultKind);
      assert.equal(kindField.required, r.defaultKind === undefined ? true : undefined);
      assert.equal(def.fields.name.required, r.name === "optional" ? undefined : true);
      assert.equal(def.fields.key?.required, r.key === true ? true : undefined);
      assert.equal(def.fields.namespace !== undefined, r.anyNamespace);
    }),
    { seed: 20261205, numRuns: 200 },
  );
});
