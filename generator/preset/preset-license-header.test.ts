// licenseHeader: a preset's header at the top of every TypeScript file the generator writes,
// generated and scaffolded, in prettier's style, byte-identical on a re-run, and part of the
// preset's fingerprint; other files and projects without a header are left as they were.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { format } from "prettier";
import type { ProjectFiles } from "../base/files.ts";
import { createProject } from "../pipeline.ts";
import { PRETTIER_OPTIONS } from "../render/format.ts";
import { diagnose, load, only, presetOf, specOf, where } from "./testing/preset-assertions.ts";
import { acmeTree, positionIn, PRESET, SPEC } from "./testing/preset-fixtures.ts";

const withHeader = (header: string, preset = PRESET) =>
  preset.replace("files:\n", `licenseHeader: ${header}\nfiles:\n`);

async function render(root: string): Promise<ProjectFiles> {
  const spec = specOf(root);
  return (
    await createProject(readFileSync(spec, "utf8"), spec, join(root, "out"), { dryRun: true })
  ).files;
}

const INLINE = `|
  Copyright ACME Corporation.   \r
  {{name}} ({{kind}}, {{group}}) is proprietary.\u2028Do not distribute.

  \tSee LICENSE.`;

test("the header heads every generated and scaffolded .ts file, names filled in, and nothing else", async () => {
  const root = acmeTree(withHeader(INLINE));
  const { model } = load(root);
  assert.deepEqual(model.licenseHeader, [
    "Copyright ACME Corporation.",
    "shop-operator (Shop, shop.example.com) is proprietary.",
    "Do not distribute.",
    "",
    "\tSee LICENSE.",
  ]);
  const files = await render(root);
  const header =
    "// Copyright ACME Corporation.\n// shop-operator (Shop, shop.example.com) is proprietary.\n// Do not distribute.\n//\n// \tSee LICENSE.\n\n";
  const ts = [...files.values()].filter((f) => f.path.endsWith(".ts"));
  assert.ok(ts.length > 50, `${ts.length} TypeScript files`);
  const owners = new Set<string>();
  for (const file of ts) {
    assert.ok(file.content.startsWith(header), file.path);
    assert.match(
      file.content.slice(header.length),
      /^\/\/ (Generated|Scaffolded) by create-operator/,
    );
    owners.add(file.ownership);
  }
  assert.deepEqual([...owners].sort(), ["generated", "scaffold-once"]);
  for (const file of files.values())
    if (!file.path.endsWith(".ts"))
      assert.ok(!file.content.includes("Copyright ACME Corporation"), file.path);
});

test("with the header the TypeScript files are still prettier's, and a re-render is byte-identical", async () => {
  const root = acmeTree(withHeader(INLINE));
  const first = await render(root);
  // Formatting all of them takes seconds: every hand-written kind of start is enough (a
  // scaffolded hook, rendered templates, verbatim test files).
  const sample = [
    "src/hooks/shop-status.ts",
    "src/hooks/types.ts",
    "src/main.ts",
    "test/reconciler.test.ts",
    "test/faults/shutdown.test.ts",
  ];
  for (const path of sample) {
    const file = first.get(path);
    assert.ok(file, path);
    assert.equal(
      await format(file.content, { ...PRETTIER_OPTIONS, parser: "typescript" }),
      file.content,
      path,
    );
  }
  const second = await render(root);
  assert.deepEqual(
    [...second].map(([path, f]) => [path, f.content]),
    [...first].map(([path, f]) => [path, f.content]),
  );
});

test("without a header the render is exactly what it was; the header changes only .ts files", async () => {
  const plain = await render(acmeTree());
  const headed = await render(acmeTree(withHeader('"Copyright ACME"')));
  assert.deepEqual([...headed.keys()], [...plain.keys()]);
  for (const [path, file] of plain) {
    const other = headed.get(path)!.content;
    if (path.endsWith(".ts")) assert.equal(other, `// Copyright ACME\n\n${file.content}`, path);
    else assert.equal(other, file.content, path);
    assert.ok(!file.content.includes("Copyright ACME"), path);
  }
});

test("from a file in the preset: the text is the file's, and it moves the fingerprint", () => {
  const preset = withHeader("\n  from: files/license.txt");
  const root = acmeTree(preset, SPEC, { "presets/acme/files/license.txt": "Copyright ACME\n" });
  const { model, preset: record } = load(root);
  assert.deepEqual(model.licenseHeader, ["Copyright ACME"]);
  const other = acmeTree(preset, SPEC, { "presets/acme/files/license.txt": "Copyright ACME 2\n" });
  assert.notEqual(load(other).preset!.sha256, record!.sha256);
  assert.notEqual(load(acmeTree()).preset!.sha256, record!.sha256);
});

test("in a chain the header of the preset closest to operator.yaml wins", () => {
  const base = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-base
licenseHeader: Copyright the base
`;
  const child = PRESET.replace(
    "metadata:\n  name: acme-platform",
    "extends: ../base\nmetadata:\n  name: acme-platform",
  );
  const more = { "presets/base/preset.yaml": base };
  assert.deepEqual(load(acmeTree(child, SPEC, more)).model.licenseHeader, ["Copyright the base"]);
  assert.deepEqual(
    load(acmeTree(withHeader("Copyright the platform", child), SPEC, more)).model.licenseHeader,
    ["Copyright the platform"],
  );
});

test("PRESET014: an empty license header file; PRESET005: one outside the preset", () => {
  const preset = withHeader("\n  from: files/license.txt");
  const empty = acmeTree(preset, SPEC, { "presets/acme/files/license.txt": " \n\n" });
  const d = only(diagnose(empty), "PRESET014");
  assert.equal(where(d), `${presetOf(empty)}:${positionIn(preset, "files/license.txt")} PRESET014`);
  assert.equal(d.message, "the license header file is empty");

  const outside = withHeader("\n  from: ../../shop/operator.yaml");
  const root = acmeTree(outside);
  const escape = only(diagnose(root), "PRESET005");
  assert.equal(where(escape), `${presetOf(root)}:${positionIn(outside, "../../shop")} PRESET005`);
  assert.equal(escape.path, "licenseHeader.from");

  const blank = withHeader('"   "');
  const inline = only(diagnose(acmeTree(blank)), "PRESET014");
  assert.equal(inline.path, "licenseHeader");
  assert.equal(inline.message, "the license header is blank");
});
