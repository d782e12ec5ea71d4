import assert from "node:assert/strict";
import { test } from "node:test";
import { BUILTIN_KINDS } from "../builtin-kinds.ts";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const STATUS_FIELDS = "  fields:\n    endpoint:\n      type: string\n";

function withResources(resources: string): string {
  return `${MINIMAL}${STATUS_FIELDS}externalResources:\n${resources.replace(/^/gm, "  ")}\n`;
}

const GOOD =
  "- name: instance\n  description: A cloud thing.\n  inputs: [size]\n  outputs: [endpoint]";

test("a well-bound external resource checks clean", () => {
  assert.deepEqual(check(withResources(GOOD)), []);
});

test("SEM040 external resource names are camelCase", () => {
  const src = withResources(GOOD.replace("name: instance", "name: Cloud-Instance"));
  const d = expectOne(
    src,
    "SEM040",
    posOf(src, "Cloud-Instance"),
    'external resource name "Cloud-Instance" is not camelCase',
  );
  assert.match(d.hint!, /"cloudInstance"/);
});

test("SEM041 duplicate external resource names", () => {
  const src = withResources(`${GOOD}\n${GOOD}`);
  expectOne(
    src,
    "SEM041",
    posOf(src, "instance", "endpoint]"),
    'external resource "instance" is declared twice',
  );
});

test("SEM042 inputs name spec field paths, with did-you-mean", () => {
  const src = withResources(GOOD.replace("inputs: [size]", "inputs: [size, sise]"));
  const d = expectOne(src, "SEM042", posOf(src, "sise"), 'input "sise" is not a spec field');
  assert.equal(d.hint, 'did you mean "size"?');
  assert.equal(d.path, "externalResources[0].inputs[1]");
});

test("SEM042 resolves dotted paths through objects", () => {
  const nested = MINIMAL.replace(
    "  fields:\n    size:\n",
    "  fields:\n    backup:\n      type: object\n      fields:\n        days:\n          type: integer\n    size:\n",
  );
  const ok = `${nested}${STATUS_FIELDS}externalResources:\n  - name: i\n    description: d\n    inputs: [backup.days]\n`;
  assert.deepEqual(
    check(ok).filter((d) => d.code === "SEM042"),
    [],
  );
  const bad = ok.replace("backup.days]", "backup.dayz]");
  expectOne(bad, "SEM042", posOf(bad, "backup.dayz"), 'input "backup.dayz"');
});

test("SEM043 outputs name top-level status fields", () => {
  const src = withResources(GOOD.replace("outputs: [endpoint]", "outputs: [endpont]"));
  const d = expectOne(
    src,
    "SEM043",
    posOf(src, "endpont"),
    'output "endpont" is not a top-level status field',
  );
  assert.equal(d.hint, 'did you mean "endpoint"?');
});

function withChildren(children: string, scope = ""): string {
  const base = scope
    ? MINIMAL.replace("  kind: Shop\n", `  kind: Shop\n  scope: ${scope}\n`)
    : MINIMAL;
  return `${base}children:\n${children.replace(/^/gm, "  ")}\n`;
}

test("SEM044 a built-in kind under the wrong apiVersion", () => {
  const wrongGroup = withChildren("- apiVersion: v1\n  kind: Deployment");
  const d = expectOne(
    wrongGroup,
    "SEM044",
    posOf(wrongGroup, "Deployment"),
    "v1 Deployment is not a built-in kind",
  );
  assert.match(d.hint!, /apiVersion: apps\/v1/);
});

test("SEM180 a kind that is not built in needs its CRD, even with plural and scope", () => {
  const src = withChildren(
    "- apiVersion: example.com/v1\n  kind: Widget\n  scope: Namespaced\n  plural: widgets",
  );
  expectOne(
    withChildren("- apiVersion: example.com/v1\n  kind: Widget"),
    "SEM180",
    posOf(src, "Widget"),
    "example.com/v1 Widget is not a built-in kind, so its CRD must be given",
  );
  const d = expectOne(
    src,
    "SEM180",
    posOf(src, "Widget"),
    "example.com/v1 Widget is not a built-in kind, so its CRD must be given",
  );
  assert.match(d.hint!, /crd:/);
});

test("every built-in child kind, Lease included, checks clean under an owner of its scope", () => {
  // A binding child comes with the role child it binds (SEM159).
  const boundRole: Record<string, string> = {
    RoleBinding: "Role",
    ClusterRoleBinding: "ClusterRole",
  };
  for (const b of BUILTIN_KINDS) {
    const role = boundRole[b.kind];
    const roleChild = role ? `\n- apiVersion: rbac.authorization.k8s.io/v1\n  kind: ${role}` : "";
    const src = withChildren(
      `- apiVersion: ${b.apiVersion}\n  kind: ${b.kind}${roleChild}`,
      b.scope,
    );
    assert.deepEqual(check(src), [], `${b.apiVersion} ${b.kind}`);
  }
});

test("SEM185 a cluster-scoped resource cannot place a namespaced child", () => {
  const src = withChildren("- apiVersion: apps/v1\n  kind: Deployment", "Cluster");
  expectOne(
    src,
    "SEM185",
    posOf(src, "Deployment"),
    "the cluster-scoped Shop has no namespace to put the namespaced Deployment in",
  );
});

test("SEM045 a namespaced resource cannot own a cluster-scoped child", () => {
  const src = withChildren("- apiVersion: v1\n  kind: Namespace");
  expectOne(
    src,
    "SEM045",
    posOf(src, "Namespace"),
    "the namespaced Shop cannot own the cluster-scoped Namespace",
  );
  assert.deepEqual(
    check(
      withChildren(
        "- apiVersion: v1\n  kind: Namespace\n- apiVersion: v1\n  kind: PersistentVolume",
        "Cluster",
      ),
    ),
    [],
  );
});

test("SEM046 the same child kind twice", () => {
  const src = withChildren("- apiVersion: v1\n  kind: Secret\n- apiVersion: v1\n  kind: Secret");
  expectOne(src, "SEM046", "24:11", "kind Secret is already a child without an id (children[0])");
});
