// Kubernetes' own limits on the names a spec declares or the generator derives from it: what the
// API server refuses at apply time, or what breaks a file name, must fail here, at its line.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withGroup = (group: string) => edit(MINIMAL, "group: shop.example.com", `group: ${group}`);
const withKind = (kind: string) => edit(MINIMAL, "kind: Shop", `kind: ${kind}`);

test("SEM140 protected community groups need API approval", () => {
  for (const group of ["db.k8s.io", "k8s.io", "kubernetes.io", "x.y.kubernetes.io"]) {
    const src = withGroup(group);
    const d = expectOne(src, "SEM140", "6:10", `group "${group}" is reserved for Kubernetes`);
    assert.match(d.hint!, /api-approved\.kubernetes\.io/);
    assert.match(d.hint!, /example\.com/);
  }
  // Only the suffix after a dot is protected: a domain that merely ends in the letters is fine.
  assert.deepEqual(
    check(withGroup("shop.notk8s.io")).filter((d) => d.code === "SEM140"),
    [],
  );
});

test("SEM141 the kind must leave room for its list kind in a DNS label", () => {
  const kind = `S${"a".repeat(199)}`;
  const src = withKind(kind);
  const d = expectOne(src, "SEM141", "7:9", `kind "${kind.slice(0, 20)}`);
  assert.match(d.message, /200 characters/);
  assert.match(d.message, /at most 59/);
  // 59 passes: "<kind>List" is then exactly 63.
  assert.deepEqual(
    check(withKind(`S${"a".repeat(58)}`)).filter((x) => x.code === "SEM141"),
    [],
  );
});

test("SEM142 the CRD name <plural>.<group> must fit 253 characters", () => {
  const group = `${"a".repeat(61)}.${"b".repeat(61)}.${"c".repeat(61)}.${"d".repeat(60)}.io`;
  assert.equal(group.length, 249);
  const src = withGroup(group);
  const d = expectOne(src, "SEM142", "6:10", 'CRD name "shops.aaaa');
  assert.match(d.message, /is 255 characters; Kubernetes allows at most 253/);
});

test("SEM143 derived file names stay within 255 bytes", () => {
  // 243 characters: the CRD name shops.<group> is 249 (accepted), but the sample file
  // <group>_v1_shop.yaml is 256 bytes.
  const group = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(57)}.io`;
  assert.equal(group.length, 243);
  const src = withGroup(group);
  const d = expectOne(src, "SEM143", "6:10", "file name");
  assert.match(d.message, /_v1_shop\.yaml/);
  assert.match(d.message, /256 bytes/);
});

test("SEM143 derived label values stay within 63 characters", () => {
  // PascalCase with a capital every other letter: 58 characters, kebab-case 86.
  const kind = "Ab".repeat(29);
  const src = withKind(kind);
  const d = expectOne(src, "SEM143", "7:9", "label value");
  assert.match(d.message, /ab-ab-ab/);
  assert.match(d.message, /86 characters/);
});

test("SEM143 external resource names stay within file-name limits", () => {
  const name = `x${"y".repeat(260)}`;
  const src = `${MINIMAL}externalResources:\n  - name: ${name}\n    description: A thing.\n`;
  const d = expectOne(src, "SEM143", posOf(src, name), "file name");
  assert.match(d.message, /-provider\.ts|-memory\.ts|-cloud\.ts/);
});

test("SEM005 version names are DNS-1035 labels of at most 63 characters", () => {
  const long = `v${"1".repeat(70)}`;
  expectOne(edit(MINIMAL, "name: v1\n", `name: ${long}\n`), "SEM005", "9:13", long);
});

test("SEM144 child apiVersion must be [group/]version", () => {
  for (const apiVersion of ["../../x", "apps/v1/x", "Apps/v1", "/v1", "apps/", "apps/1"]) {
    const src = `${MINIMAL}children:\n  - apiVersion: "${apiVersion}"\n    kind: Widget\n    plural: widgets\n    scope: Namespaced\n`;
    expectOne(src, "SEM144", posOf(src, `"${apiVersion}"`), `apiVersion "${apiVersion}" is not`);
  }
});

test("SEM145 child kind must be a valid Kubernetes kind", () => {
  for (const kind of ["a/b", "../../x", "widget", "Wid get", `W${"a".repeat(63)}`]) {
    const src = `${MINIMAL}children:\n  - apiVersion: example.com/v1\n    kind: "${kind}"\n    plural: widgets\n    scope: Namespaced\n`;
    expectOne(src, "SEM145", posOf(src, `"${kind}"`), `child kind "${kind.slice(0, 10)}`);
  }
});

test("SEM146 child plural must be a DNS-1035 label", () => {
  for (const plural of ["", "a/b", "../../x", "Widgets"]) {
    const src = `${MINIMAL}children:\n  - apiVersion: example.com/v1\n    kind: Widget\n    plural: "${plural}"\n    scope: Namespaced\n`;
    expectOne(src, "SEM146", posOf(src, `"${plural}"`), `child plural "${plural}"`);
  }
});

test("SEM147 watch namespaces must be namespace names", () => {
  for (const ns of ["Team_A", "-a", `a${"b".repeat(63)}`, "a.b"]) {
    const src = `${MINIMAL}rbac:\n  watchNamespaces: [team-a, "${ns}"]\n`;
    const d = expectOne(src, "SEM147", posOf(src, `"${ns}"`), `watch namespace "${ns}"`);
    assert.equal(d.path, "rbac.watchNamespaces[1]");
  }
  assert.deepEqual(check(`${MINIMAL}rbac:\n  watchNamespaces: [team-a, b2]\n`), []);
});

test("SEM154 metadata.image must be a container image reference", () => {
  for (const image of [
    "Shop:latest",
    "shop latest",
    " shop",
    "shop:",
    "registry.example.com/shop@sha256:xyz",
  ]) {
    const src = edit(
      MINIMAL,
      "  name: shop-operator\n",
      `  name: shop-operator\n  image: "${image}"\n`,
    );
    expectOne(
      src,
      "SEM154",
      posOf(src, `"${image}"`),
      `image "${image}" is not a container image reference`,
    );
  }
  for (const image of [
    "shop",
    "ghcr.io/example/shop-operator:0.1.0",
    "localhost:5000/a/b_c.d:v1-rc.1",
    `registry.example.com/shop@sha256:${"a".repeat(64)}`,
  ]) {
    const src = edit(
      MINIMAL,
      "  name: shop-operator\n",
      `  name: shop-operator\n  image: "${image}"\n`,
    );
    assert.deepEqual(check(src), [], image);
  }
});
