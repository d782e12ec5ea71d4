import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSpec } from "../../parse/parse-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { admissionEnvironment, admissionObjectType } from "../cel-admission-environment.ts";
import { compileExpression } from "../cel-compile.ts";
import { objectType } from "../cel-decl-type.ts";
import { tenancyGate } from "../../../packages/runtime/src/tenancy.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

/** MINIMAL with a string class field, an optional map, and this tenancy section. */
function withTenancy(tenancy: string): string {
  const src = MINIMAL.replace(
    "  fields:\n",
    "  fields:\n    tier: { type: string, enum: [basic, premium, dedicated] }\n    tags: { type: map, values: { type: string } }\n",
  );
  return `${src}tenancy:\n${tenancy}`;
}

const PARAMETERS = `  parameters:
    kind: ShopAllowance
    example: { allowedTiers: [basic, premium, dedicated] }
    fields:
      allowedTiers: { type: array, required: true, items: { type: string } }
`;

const VALID = `${PARAMETERS}  rules:
    - rule: "object.spec.tier in params.spec.allowedTiers"
      messageExpression: "'tier ' + object.spec.tier + ' is not allowed; allowed: ' + params.spec.allowedTiers.join(', ')"
  classes:
    - { field: tier, values: [dedicated], resource: shopclasses }
  adminOnly:
    - { field: tags, groups: [platform-admins] }
`;

test("a tenancy section with parameters, a rule, a class and an admin-only field is accepted", () => {
  assert.deepEqual(check(withTenancy(VALID)), []);
});

test("SEM307 a rule that does not compile in the admission environment, at the offending name", () => {
  const src = withTenancy(VALID.replace("object.spec.tier in", "object.spec.teir in"));
  expectOne(src, "SEM307", posOf(src, "teir in"), "No such key: teir");
});

test("SEM307 a messageExpression must return a string", () => {
  const src = withTenancy(
    VALID.replace(/messageExpression: .*/, 'messageExpression: "params.spec.allowedTiers"'),
  );
  expectOne(src, "SEM307", posOf(src, "params.spec.allowedTiers", "messageExpression"), "string");
});

test("SEM307 params without tenancy.parameters, with a hint that names them", () => {
  const src = withTenancy(`  rules:
    - rule: "object.spec.tier in params.spec.allowedTiers"
      message: not allowed
`);
  const d = expectOne(src, "SEM307", posOf(src, "params.spec"), "does not compile");
  assert.match(d.hint!, /tenancy\.parameters/);
});

test("SEM300 a class or admin-only field that does not exist, with did-you-mean", () => {
  const src = withTenancy(VALID.replace("field: tier,", "field: teir,"));
  const d = expectOne(src, "SEM300", posOf(src, "teir"), "spec.teir does not exist");
  assert.match(d.hint!, /tier/);
  const nested = withTenancy(VALID.replace("field: tags,", "field: tags.owner,"));
  expectOne(nested, "SEM300", posOf(nested, "tags.owner"), "spec.tags has no field owner");
});

test("SEM301 and SEM302: a class is a string field, and its values are values the field can hold", () => {
  const notString = withTenancy(VALID.replace("field: tier,", "field: size,"));
  expectOne(notString, "SEM301", posOf(notString, "size,", "classes"), "a class is a string");
  const unknown = withTenancy(VALID.replace("values: [dedicated]", "values: [huge]"));
  expectOne(unknown, "SEM302", posOf(unknown, "huge"), '"huge" is not a value');
});

test("SEM304 an admin-only field with a default", () => {
  const src = withTenancy(VALID.replace("field: tags,", "field: size,"));
  expectOne(src, "SEM304", posOf(src, "size,", "adminOnly"), "has a default");
});

test("SEM305 parameters without a schema; SEM306 named like the kind itself", () => {
  const empty = withTenancy(`  parameters:
    kind: ShopAllowance
    example: {}
    fields: {}
`);
  expectOne(empty, "SEM305", posOf(empty, "{}", "fields: {}"), "no fields");
  const same = withTenancy(PARAMETERS.replace("ShopAllowance", "Shop"));
  expectOne(same, "SEM306", posOf(same, "Shop\n", "parameters"), "the operator's own kind");
});

test("SPEC002 parameters with no fields at all", () => {
  const src = withTenancy(`  parameters:
    kind: ShopAllowance
    example: {}
`);
  assert.ok(check(src).some((d) => d.code === "SPEC002" && d.path === "tenancy.parameters.fields"));
});

test("WARN300 a rule with no message", () => {
  const src = withTenancy(`  rules:
    - rule: "object.spec.tier != 'dedicated'"
`);
  expectOne(src, "WARN300", posOf(src, "rule:", "tenancy"), "no message");
});

test("the model writes classes and admin-only fields as CEL that compiles where the rules do", () => {
  const src = withTenancy(VALID);
  const parsed = parseSpec(src, "operator.yaml");
  assert.ok(parsed.ok);
  const tenancy = buildModel(parsed.spec.data, src).tenancy!;
  assert.deepEqual(
    tenancy.validations.map((v) => [v.source, v.operatorChecks]),
    [
      ["rule", true],
      ["class", false],
      ["adminOnly", false],
    ],
  );
  assert.match(tenancy.validations[1]!.messageExpression!, /choose tier basic or premium/);
  assert.deepEqual(
    tenancy.useRoles.map((r) => r.roleName),
    ["shop-operator-use-shopclasses-dedicated"],
  );
  const spec = objectType(
    {
      size: { type: "integer" },
      tier: { type: "string", enum: ["basic", "premium", "dedicated"] },
      tags: { type: "map", values: { type: "string" } },
    },
    ["spec"],
  );
  const params = objectType(
    {
      spec: {
        type: "object",
        fields: { allowedTiers: { type: "array", items: { type: "string" } } },
      },
    },
    ["p"],
  );
  const env = () => admissionEnvironment(admissionObjectType(spec), params);
  for (const v of tenancy.validations) {
    assert.equal(compileExpression(v.expression, env(), "bool").status, "ok", v.expression);
    if (v.messageExpression)
      assert.equal(compileExpression(v.messageExpression, env(), "string").status, "ok");
  }
});

test("SEM303 parameters on a cluster-scoped kind", () => {
  const src = withTenancy(PARAMETERS).replace("  kind: Shop\n", "  kind: Shop\n  scope: Cluster\n");
  expectOne(src, "SEM303", posOf(src, "parameters:", "tenancy"), "cluster-scoped");
});

/** MINIMAL with a Secret reference that may name another namespace, and this tenancy. */
function withReference(tenancy: string, repeated = false): string {
  const reference =
    "{ type: object, reference: { apiVersion: v1, kind: Secret, namespaces: any } }";
  const field = repeated
    ? `    credentials: { type: array, items: ${reference} }\n`
    : `    credentials: ${reference}\n`;
  return `${MINIMAL.replace("  fields:\n", `  fields:\n${field}`)}tenancy:\n${tenancy}`;
}

const GRANTS = `  parameters:
    kind: ShopAllowance
    example: { referenceNamespaces: [shared] }
    fields:
      referenceNamespaces: { type: array, required: true, items: { type: string } }
  crossNamespaceReferences: { grantedBy: referenceNamespaces }
`;

test("a reference that may name another namespace becomes a policy rule the operator re-checks too", () => {
  const src = withReference(GRANTS);
  assert.deepEqual(check(src), []);
  const parsed = parseSpec(src, "operator.yaml");
  assert.ok(parsed.ok);
  const [v] = buildModel(parsed.spec.data, src).tenancy!.validations;
  assert.equal(v!.source, "reference");
  assert.equal(v!.operatorChecks, true);
  assert.match(
    v!.expression,
    /object\.spec\.credentials\.namespace in params\.spec\.referenceNamespaces/,
  );
  const never = buildModel(parseSpecData(withReference("  rules: []\n")), "").tenancy!;
  assert.doesNotMatch(never.validations[0]!.expression, /params/);
});

test("SEM308 grantedBy that names no list of strings in the parameters, or no parameters at all", () => {
  const wrong = withReference(
    GRANTS.replace("{ grantedBy: referenceNamespaces }", "{ grantedBy: namespaces }"),
  );
  expectOne(
    wrong,
    "SEM308",
    posOf(wrong, "namespaces }", "grantedBy"),
    "no list of strings named namespaces",
  );
  const none = withReference("  crossNamespaceReferences: { grantedBy: referenceNamespaces }\n");
  expectOne(none, "SEM308", posOf(none, "referenceNamespaces", "grantedBy"), "there are none");
});

test("references in lists, maps and nested in both: every one is checked by a rule the operator evaluates too", async () => {
  const reference =
    "{ type: object, reference: { apiVersion: v1, kind: Secret, namespaces: any } }";
  const fields =
    `    replicas: { type: array, maxItems: 4, items: ${reference} }\n` +
    `    channels: { type: map, maxProperties: 4, values: ${reference} }\n` +
    `    regions: { type: array, maxItems: 4, items: { type: object, fields: { secrets: { type: map, maxProperties: 4, values: ${reference} } } } }\n`;
  const src = `${MINIMAL.replace("  fields:\n", `  fields:\n${fields}`)}tenancy:\n${GRANTS}`;
  assert.deepEqual(check(src), []);
  const data = parseSpecData(src) as { spec: { fields: Record<string, unknown> } };
  const model = buildModel(data, src);
  const validations = model.tenancy!.validations.filter((v) => v.source === "reference");
  assert.equal(validations.length, 3);
  // Not type-checked here: the admission environment escapes `namespace` as CRD rules do
  // (__namespace__), while the policy's runtime reads plain maps; the generated suite proves these
  // on the API server.
  for (const v of validations) assert.equal(v.operatorChecks, true);
  const gate = tenancyGate(
    validations.map((v) => ({ expression: v.expression, messageExpression: v.messageExpression! })),
    {
      kind: "ShopAllowance",
      name: "tenancy",
      missing: "Deny",
      reader: { get: async () => ({ spec: { referenceNamespaces: ["shared"] } }) },
    },
  );
  const shop = (spec: Record<string, unknown>) => ({
    metadata: { name: "s", namespace: "team-a" },
    spec,
  });
  const own = { name: "s" };
  const granted = { name: "s", namespace: "shared" };
  const other = { name: "s", namespace: "team-b" };
  assert.deepEqual(
    await gate.verdict(
      shop({
        replicas: [own, granted],
        channels: { a: granted },
        regions: [{ secrets: { x: own } }],
      }),
    ),
    { permitted: true },
  );
  assert.deepEqual(await gate.verdict(shop({ replicas: [own, other] })), {
    permitted: false,
    message:
      "spec.replicas[] names Secret objects in team-b: this namespace may reference Secret objects only in itself and in shared; a cluster admin grants more in referenceNamespaces",
  });
  assert.match(
    ((await gate.verdict(shop({ channels: { a: own, b: other } }))) as { message: string }).message,
    /^spec\.channels\{\} names Secret objects in team-b:/,
  );
  assert.match(
    (
      (await gate.verdict(
        shop({ regions: [{ secrets: { x: own } }, { secrets: { y: other } }] }),
      )) as { message: string }
    ).message,
    /^spec\.regions\[\]\.secrets\{\} names a Secret in another namespace:/,
  );
});

function parseSpecData(src: string): unknown {
  const parsed = parseSpec(src, "operator.yaml");
  assert.ok(parsed.ok);
  return parsed.spec.data;
}

test("SEM313 a rule the operator re-checks may call only functions the operator evaluates, at the call", () => {
  const src = withTenancy(
    VALID.replace(
      'rule: "object.spec.tier in params.spec.allowedTiers"',
      "rule: \"object.spec.tier in params.spec.allowedTiers && !object.spec.tier.re2Matches('[0-9]')\"",
    ),
  );
  const d = expectOne(
    src,
    "SEM313",
    posOf(src, "re2Matches"),
    ".re2Matches cannot be evaluated by the operator",
  );
  assert.match(d.hint!, /admission-only/);
  // quantity(), the lists extension and the regex library are on the operator: accepted.
  const evaluable = withTenancy(
    VALID.replace(
      'rule: "object.spec.tier in params.spec.allowedTiers"',
      "rule: \"object.spec.tier in params.spec.allowedTiers && [1, 2].sum() == 3 && quantity('1Gi').isGreaterThan(quantity('1G')) && object.spec.tier.findAll('[0-9]').size() == 0\"",
    ),
  );
  assert.deepEqual(check(evaluable), []);
  // A rule that reads request is admission-only: the operator never evaluates it.
  const admissionOnly = withTenancy(
    VALID.replace(
      'rule: "object.spec.tier in params.spec.allowedTiers"',
      "rule: \"request.userInfo.username.find('admin') != '' || object.spec.tier in params.spec.allowedTiers\"",
    ),
  );
  assert.deepEqual(check(admissionOnly), []);
});

test("a rule with Kubernetes macros the generator's CEL does not model is accepted, and the operator evaluates them", async () => {
  // Two-variable comprehensions, transformList, sortBy and the optional library's optMap are
  // valid in a Kubernetes 1.36 policy; the operator's runtime implements them
  // (tenancy-cel-macros.ts), so check neither refuses them as not compiling nor as SEM313.
  for (const macro of [
    "[1, 2].all(i, v, v > i)",
    "[1, 2].transformList(i, v, v * 2).size() == 2",
    "[2, 1].sortBy(x, x)[0] == 1",
    "optional.of(object.spec.tier).optMap(t, t + '!').hasValue()",
    "optional.of(object.spec.tier).optFlatMap(t, optional.of(t)).hasValue()",
  ]) {
    const src = withTenancy(
      VALID.replace(
        'rule: "object.spec.tier in params.spec.allowedTiers"',
        `rule: "object.spec.tier in params.spec.allowedTiers && ${macro.replaceAll('"', '\\"')}"`,
      ),
    );
    assert.deepEqual(check(src), [], macro);
    const obj = { metadata: { name: "x", namespace: "n" }, spec: { tier: "gold" } };
    assert.deepEqual(await tenancyGate([{ expression: macro }]).verdict(obj), { permitted: true });
  }
});

test("a rule reads a property named like a CEL reserved word as written, as the policy's runtime does (object.spec.credentials.namespace)", () => {
  const src = withReference(
    `${GRANTS}  rules:\n    - rule: "!has(object.spec.credentials.namespace) || object.spec.credentials.namespace != 'kube-system'"\n      message: never kube-system\n`,
  );
  assert.deepEqual(check(src), []);
  const escaped = src.replace("credentials.namespace != ", "credentials.__namespace__ != ");
  expectOne(escaped, "SEM307", posOf(escaped, "__namespace__"), "No such key: __namespace__");
});
