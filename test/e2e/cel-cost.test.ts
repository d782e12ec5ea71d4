// The generator's CEL verdicts against the real API server's. For each rule in the table the
// generated CRD is created on kube-apiserver with a server-side dry run, and so is the CRD as the
// spec declares it (without the maxLengths the generator derives): the server must refuse exactly
// the CRDs the generator refuses, and the declared-only CRD exactly when the generator's own cost
// estimate says it is over the limit. That proves the estimate, not just the examples.

import type { KubeConfig, V1CustomResourceDefinition } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import type { RequestOptions } from "node:https";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import {
  planCelBounds,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT,
} from "../../generator/check/cel-bounds.ts";
import { checkSpec } from "../../generator/check/check-spec.ts";
import { buildModel } from "../../generator/model/build-model.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import { REPO_ROOT } from "../support.ts";

interface Case {
  name: string;
  /** The spec-level rule's fieldPath. */
  fieldPath?: string;
  /** YAML of spec.fields entries (indented by four spaces) and optional spec-level rules. */
  fields: string;
  rules?: string;
}

const CASES: Case[] = [
  {
    name: "has()-only on an unbounded string",
    fields: "name:\n  type: string",
    rules: "has(self.name)",
  },
  {
    name: "an unbounded string compared with a literal",
    fields: "name:\n  type: string",
    rules: "self.name != 'admin'",
  },
  { name: "an immutable unbounded string", fields: "name:\n  type: string\n  immutable: true" },
  {
    name: "an optional immutable field named like a CEL keyword: the rule uses its escaped name",
    fields: "namespace:\n  type: string\n  maxLength: 63\n  immutable: true",
  },
  {
    name: "contains() on two unbounded strings: needs a maxLength",
    fields: "name:\n  type: string\npart:\n  type: string",
    rules: "self.name.contains(self.part)",
  },
  {
    name: "contains() with one string bounded to 100: needs the other bounded",
    fields: "name:\n  type: string\npart:\n  type: string\n  maxLength: 100",
    rules: "self.name.contains(self.part)",
  },
  {
    name: "contains() with one string bounded to 10: cheap enough as declared",
    fields: "name:\n  type: string\npart:\n  type: string\n  maxLength: 10",
    rules: "self.name.contains(self.part)",
  },
  {
    name: "a cheap rule on the items of an unbounded list",
    fields:
      "ports:\n  type: array\n  items:\n    type: object\n    fields:\n      port:\n        type: integer\n    rules:\n      - rule: self.port > 0\n        message: m",
  },
  {
    name: "a costly rule on strings in an unbounded list",
    fields:
      "tags:\n  type: array\n  items:\n    type: string\n  rules:\n    - rule: self.all(t, t.matches('^[a-z]+$'))\n      message: m",
  },
  {
    name: "the same rule over 15 items: just under the limit",
    fields:
      "tags:\n  type: array\n  maxItems: 15\n  items:\n    type: string\n  rules:\n    - rule: self.all(t, t.matches('^[a-z]+$'))\n      message: m",
  },
  {
    name: "the same rule over 16 items: just over the limit as declared",
    fields:
      "tags:\n  type: array\n  maxItems: 16\n  items:\n    type: string\n  rules:\n    - rule: self.all(t, t.matches('^[a-z]+$'))\n      message: m",
  },
  {
    name: "an immutable string inside an unbounded list",
    fields: "tags:\n  type: array\n  items:\n    type: string\n    immutable: true",
  },
  {
    name: "an immutable string inside a list of 100",
    fields:
      "tags:\n  type: array\n  maxItems: 100\n  items:\n    type: string\n    immutable: true",
  },
  {
    name: "an immutable map without maxProperties",
    fields: "labels:\n  type: map\n  immutable: true\n  values:\n    type: string",
  },
  {
    name: "an immutable field in the items of a listType: map list",
    fields:
      "ports:\n  type: array\n  listType: map\n  listMapKeys: [name]\n  maxItems: 20\n  items:\n    type: object\n    fields:\n      name:\n        type: string\n        required: true\n        maxLength: 20\n      port:\n        type: integer\n        immutable: true",
  },
  {
    name: "a nested loop over bounded lists, too costly whatever the bounds",
    fields:
      "tags:\n  type: array\n  maxItems: 1000\n  items:\n    type: string\n    maxLength: 1000\n  rules:\n    - rule: self.all(a, self.all(b, a.contains(b)))\n      message: m",
  },
  {
    name: "sixteen rules each under the limit, together over the CRD's budget",
    fields: `tags:\n  type: array\n  maxItems: 10\n  items:\n    type: string\n  rules:\n${"    - rule: self.all(t, t.matches('^[a-z]+$'))\n      message: m\n".repeat(16)}`,
  },
  {
    name: "a map of strings filtered by key",
    fields:
      "labels:\n  type: map\n  maxProperties: 50\n  values:\n    type: string\n  rules:\n    - rule: self.all(k, k.startsWith('x-') || self[k].size() < 64)\n      message: m",
  },
  {
    name: "a field that does not exist",
    fields: "retentionDays:\n  type: integer",
    rules: "self.retentionDayz > 1",
  },
  {
    name: "a field of a free-form object",
    fields: "extra:\n  type: free-form",
    rules: "self.extra.foo == 1",
  },
  {
    name: "the format library compared with null, as gateway-api does",
    fields: "name:\n  type: string\n  maxLength: 63",
    rules: "format.dns1123Label().validate(self.name) == null",
  },
  {
    name: "a fieldPath naming a field",
    fields: "retentionDays:\n  type: integer",
    rules: "self.retentionDays > 0",
    fieldPath: ".retentionDays",
  },
  {
    name: "a fieldPath naming no field",
    fields: "retentionDays:\n  type: integer",
    rules: "self.retentionDays > 0",
    fieldPath: ".retentionDayz",
  },
  {
    name: "cel.bind, which the Kubernetes environment does not include",
    fields: "name:\n  type: string\n  maxLength: 10",
    rules: "cel.bind(n, self.name.size(), n > 1)",
  },
  {
    name: "a two-variable comprehension",
    fields: "labels:\n  type: map\n  maxProperties: 10\n  values:\n    type: integer",
    rules: "self.labels.all(k, v, v > 0)",
  },
  // Rules over embedded Kubernetes types: the upstream schema's unbounded lists and strings
  // are costed as the server costs them, and no maxLength can be derived inside them.
  {
    name: "a regex over the keys of an unbounded list of core/v1.Toleration",
    fields: "tolerations:\n  type: array\n  items:\n    type: core/v1.Toleration",
    rules: "self.tolerations.all(t, !has(t.key) || t.key.matches('^[a-z]+$'))",
  },
  {
    name: "a cheap rule over the limits of core/v1.ResourceRequirements",
    fields: "resources:\n  type: core/v1.ResourceRequirements",
    rules:
      "!has(self.resources) || !has(self.resources.limits) || self.resources.limits.size() <= 4",
  },
  {
    name: "container names in a core/v1.PodTemplateSpec compared with a literal",
    fields: "template:\n  type: core/v1.PodTemplateSpec",
    rules:
      "!has(self.template) || !has(self.template.spec) || self.template.spec.containers.all(c, c.name != 'forbidden')",
  },
];

function specYaml(c: Case): string {
  const fields = c.fields.replace(/^/gm, "    ");
  const fieldPath = c.fieldPath ? `      fieldPath: ${JSON.stringify(c.fieldPath)}\n` : "";
  const rules = c.rules
    ? `  rules:\n    - rule: ${JSON.stringify(c.rules)}\n      message: m\n${fieldPath}`
    : "";
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
${rules}  fields:
${fields}
status:
  conditions:
    - type: Ready
`;
}

// The generated projects' envtest harness, loaded at run time: it is type-checked with the
// templates' own compiler settings, not this repository's.
interface Harness {
  sharedControlPlane(options: {
    crdDirectory: null;
  }): Promise<{ admin: KubeConfig; server: string }>;
}
interface HttpsClient {
  sendRequest(
    url: URL,
    options: RequestOptions,
    payload: string,
    what: string,
  ): Promise<{ status: number; body: string }>;
}
const envtest = (file: string) => pathToFileURL(join(REPO_ROOT, "packages/envtest/src", file)).href;
const { sharedControlPlane } = (await import(envtest("control-plane.ts"))) as Harness;
const { sendRequest } = (await import(envtest("https-client.ts"))) as HttpsClient;

// One control plane for the file, started at the top level so its after() hook belongs to the file.
const plane = await sharedControlPlane({ crdDirectory: null });

/**
 * undefined when the server accepts the CRD (server-side dry run), else its message. Sent as raw
 * JSON: the typed client would drop keys it does not model under their JSON names, such as
 * x-kubernetes-validations.
 */
async function serverRefusal(crd: unknown): Promise<string | undefined> {
  const options: RequestOptions = {
    method: "POST",
    headers: { "content-type": "application/json" },
    timeout: 30_000,
  };
  await plane.admin.applyToHTTPSOptions(options);
  const url = new URL(
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All",
    plane.server,
  );
  const response = await sendRequest(url, options, JSON.stringify(crd), "create CRD");
  if (response.status === 201) return undefined;
  return (JSON.parse(response.body) as { message: string }).message;
}

/** The CRD with only the maxLengths the spec declares: derived ones removed from spec properties. */
function declaredOnly(
  crd: V1CustomResourceDefinition,
  derived: Iterable<string>,
): V1CustomResourceDefinition {
  const copy = structuredClone(crd);
  const spec = copy.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!;
  for (const docPath of derived) {
    // spec.fields.a.items.fields.b is properties.a.items.properties.b of the spec schema.
    const steps = docPath.split(".").slice(1);
    let node = spec as Record<string, unknown> | undefined;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const key =
        step === "fields" ? "properties" : step === "values" ? "additionalProperties" : step;
      node = node?.[key] as Record<string, unknown> | undefined;
      if (step === "fields") node = node?.[steps[++i]!] as Record<string, unknown> | undefined;
    }
    assert.ok(node && node.maxLength !== undefined, `derived maxLength at ${docPath}`);
    delete node.maxLength;
  }
  return copy;
}

for (const c of CASES) {
  test(c.name, async () => {
    const parsed = parseSpec(specYaml(c), "operator.yaml");
    assert.ok(parsed.ok);
    const errors = checkSpec(parsed.spec).filter((d) => d.severity === "error");
    const crd = buildCrd(buildModel(parsed.spec.data, "")) as V1CustomResourceDefinition;
    const refused = await serverRefusal(crd);
    assert.equal(
      errors.length > 0,
      refused !== undefined,
      `generator: ${errors.map((d) => `${d.code} ${d.message}`).join("; ") || "accepted"}\nserver: ${refused ?? "accepted"}`,
    );
    const plan = planCelBounds(parsed.spec.data as Record<string, unknown>);
    const declaredTotal = plan.costs.reduce((sum, cost) => sum + cost.declared, 0);
    const overAsDeclared =
      plan.costs.some((cost) => cost.declared > STATIC_ESTIMATED_COST_LIMIT) ||
      declaredTotal > STATIC_ESTIMATED_CRD_COST_LIMIT;
    const typeErrors = errors.some((d) => /^SEM10[0-2]$/.test(d.code));
    if (!typeErrors) {
      const asDeclared = await serverRefusal(declaredOnly(crd, plan.derived.keys()));
      assert.equal(
        overAsDeclared,
        asDeclared !== undefined && /cost/.test(asDeclared),
        `estimates: ${plan.costs.map((k) => `${k.site.rule}: ${k.declared} declared, ${k.bounded} bounded`).join("; ")}\nserver on the declared schema: ${asDeclared ?? "accepted"}`,
      );
    }
  });
}
