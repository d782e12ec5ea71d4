import assert from "node:assert/strict";
import { test } from "node:test";
import { namesMayCollide } from "../child-name-overlap.ts";
import { splitTemplate, type NamePiece } from "../child-name-template.ts";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

// Several children of one kind (ids), their names, conditions (when:) and Ingress backends.
const SPEC = edit(
  MINIMAL,
  "  fields:\n    size:\n",
  [
    "  fields:",
    "    region:",
    "      type: string",
    "      required: true",
    "      maxLength: 10",
    "    tls:",
    "      type: boolean",
    "    metrics:",
    "      type: boolean",
    "      default: true",
    "    kes:",
    "      type: free-form",
    "    image:",
    "      type: string",
    "      required: true",
    "    tier:",
    "      type: string",
    "      default: gold",
    "    pools:",
    "      type: array",
    "      listType: map",
    "      listMapKeys: [name]",
    "      maxItems: 8",
    "      items:",
    "        type: object",
    "        fields:",
    "          name:",
    "            type: string",
    "            required: true",
    "            maxLength: 20",
    "    size:",
    "",
  ].join("\n"),
);

function withChildren(...children: string[][]): string {
  const body = children
    .map((lines) => lines.map((l, i) => `${i === 0 ? "  - " : "    "}${l}\n`).join(""))
    .join("");
  return `${SPEC}children:\n${body}`;
}

const service = (...lines: string[]) => ["apiVersion: v1", "kind: Service", ...lines];
const ingress = (...lines: string[]) => [
  "apiVersion: networking.k8s.io/v1",
  "kind: Ingress",
  ...lines,
];

test("three Services told apart by id and name, a conditional Secret and a routed Ingress check clean", () => {
  const src = withChildren(
    service("id: headless", 'name: "{metadata.name}-hl"'),
    service("id: minio"),
    service("id: console", 'name: "{metadata.name}-console"'),
    service("id: kes", 'name: "{metadata.name}-kes-hl-svc"', "when: kes"),
    ["apiVersion: v1", "kind: Secret", 'name: "{metadata.name}-tls"', "when: tls"],
    ["apiVersion: v1", "kind: ConfigMap", "when: metrics"],
    ingress("backendService: console"),
  );
  assert.deepEqual(check(src), []);
});

test("SEM046 two children of one kind without ids, or with the same id", () => {
  const none = withChildren(["apiVersion: v1", "kind: Secret"], ["apiVersion: v1", "kind: Secret"]);
  expectOne(none, "SEM046", "53:11", "kind Secret is already a child without an id (children[0])");
  const same = withChildren(service("id: web"), service("id: web", 'name: "{metadata.name}-x"'));
  expectOne(same, "SEM046", "55:9", "kind Service already has a child with id web (children[0])");
});

test("SEM237 an id that is not a DNS label, or on an RBAC kind", () => {
  const bad = withChildren(service("id: Head_less"));
  expectOne(bad, "SEM237", posOf(bad, "Head_less"), 'child id "Head_less" is not a lower-case');
  const role = withChildren([
    "apiVersion: rbac.authorization.k8s.io/v1",
    "kind: Role",
    "id: reader",
  ]);
  expectOne(role, "SEM237", posOf(role, "reader"), "a Role child has no id");
});

test("SEM238 two names of one kind that can be the same for some owner", () => {
  // Without a name template, a Service is named like its owner: the same as {metadata.name}.
  const fixed = withChildren(service(), service("id: b", 'name: "{metadata.name}"'));
  expectOne(fixed, "SEM238", posOf(fixed, '"{metadata.name}"'), "can be the same for some Shop");
  const pools = withChildren(
    [
      "apiVersion: apps/v1",
      "kind: StatefulSet",
      "forEach: pools",
      'name: "{metadata.name}-{item.name}"',
    ],
    ["apiVersion: apps/v1", "kind: StatefulSet", "id: kes", 'name: "{metadata.name}-kes"'],
  );
  const d = expectOne(
    pools,
    "SEM238",
    posOf(pools, '"{metadata.name}-kes"'),
    "{metadata.name}-kes",
  );
  assert.equal(d.path, "children[1].name");
  const region = withChildren(
    service("id: a", 'name: "{metadata.name}-{spec.region}"'),
    service("id: b", 'name: "{metadata.name}-x"'),
  );
  expectOne(region, "SEM238", posOf(region, '"{metadata.name}-x"'), "children[0]");
});

test("names that differ in their literal text never collide; a shared owner name is cut off", () => {
  const pieces = (t: string): NamePiece[] =>
    splitTemplate(t)!.map((p) =>
      p.kind === "spec" || p.kind === "item" ? { ...p, def: {} } : p,
    ) as NamePiece[];
  assert.equal(
    namesMayCollide(pieces("{metadata.name}-hl"), pieces("{metadata.name}-console")),
    false,
  );
  assert.equal(namesMayCollide(pieces("{metadata.name}-a"), pieces("{metadata.name}")), false);
  assert.equal(namesMayCollide(pieces("minio"), pieces("{metadata.name}-hl")), false);
  assert.equal(
    namesMayCollide(pieces("{metadata.name}-{index}"), pieces("{metadata.name}-x")),
    false,
  );
  assert.equal(
    namesMayCollide(pieces("{metadata.name}-{index}"), pieces("{metadata.name}-7")),
    true,
  );
  assert.equal(
    namesMayCollide(pieces("{metadata.name}-{item.name}"), pieces("{metadata.name}-kes")),
    true,
  );
  assert.equal(namesMayCollide(pieces("{spec.region}-a"), pieces("{spec.region}-b")), false);
});

test("SEM239 when names an unknown field (did-you-mean), or one that is always set", () => {
  const unknown = withChildren(["apiVersion: v1", "kind: Secret", "when: tsl"]);
  const d = expectOne(unknown, "SEM239", posOf(unknown, "tsl"), 'when "tsl" is not a spec field');
  assert.equal(d.hint, 'did you mean "tls"?');
  const prefixed = withChildren(["apiVersion: v1", "kind: Secret", "when: spec.tls"]);
  assert.equal(
    expectOne(prefixed, "SEM239", posOf(prefixed, "spec.tls"), "is not a spec field").hint,
    'did you mean "tls"?',
  );
  const required = withChildren(["apiVersion: v1", "kind: Secret", "when: image"]);
  expectOne(required, "SEM239", posOf(required, "image", "when:"), "always set");
  const role = withChildren([
    "apiVersion: rbac.authorization.k8s.io/v1",
    "kind: Role",
    "when: tls",
  ]);
  expectOne(role, "SEM239", posOf(role, "tls", "when:"), "a Role child cannot be conditional");
  const defaulted = withChildren(["apiVersion: v1", "kind: Secret", "when: tier"]);
  expectOne(defaulted, "SEM239", posOf(defaulted, "tier", "when:"), "always set");
});

test("SEM242 backendService: only on an Ingress, an existing single Service, the same condition", () => {
  const elsewhere = withChildren(service("id: a"), [
    "apiVersion: v1",
    "kind: Secret",
    "backendService: a",
  ]);
  expectOne(
    elsewhere,
    "SEM242",
    posOf(elsewhere, "a\n", "backendService: "),
    "for Ingress children, not Secret",
  );
  const unknown = withChildren(service("id: console"), ingress("backendService: consol"));
  assert.equal(
    expectOne(unknown, "SEM242", posOf(unknown, "consol", "backendService: "), "not the id").hint,
    'did you mean "console"?',
  );
  const ambiguous = withChildren(service("id: a"), service("id: b"), ingress());
  expectOne(ambiguous, "SEM242", posOf(ambiguous, "Ingress"), "any of 2 Service children");
  const many = withChildren(
    service("id: a", "forEach: pools", 'name: "{metadata.name}-{item.name}"'),
    ingress("backendService: a"),
  );
  expectOne(many, "SEM242", posOf(many, "a\n", "backendService: "), "with forEach");
  const conditional = withChildren(service("id: a", "when: tls"), ingress("backendService: a"));
  expectOne(
    conditional,
    "SEM242",
    posOf(conditional, "a\n", "backendService: "),
    "exists only when tls",
  );
});

test("SEM243 an id and a kind that make another child's builder file", () => {
  const src = withChildren(
    ["apiVersion: v1", "kind: ConfigMap"],
    ["apiVersion: example.com/v1", "kind: Map", "id: config", "scope: Namespaced", "crd: map.yaml"],
  );
  const d = check(src).filter((x) => x.code === "SEM243");
  assert.equal(d.length, 1);
  assert.match(d[0]!.message, /src\/children\/config-map\.ts/);
});
