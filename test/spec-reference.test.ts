import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PRESET_REFERENCE, renderSpecReference } from "../generator/base/spec-reference.ts";
import { REPO_ROOT } from "./support.ts";

test("docs/spec-reference.md is up to date with the JSON Schema (npm run docs)", () => {
  const schema = JSON.parse(
    readFileSync(join(REPO_ROOT, "schema/operator-spec.schema.json"), "utf8"),
  );
  assert.equal(
    readFileSync(join(REPO_ROOT, "docs/spec-reference.md"), "utf8"),
    renderSpecReference(schema),
  );
});

test("docs/preset-reference.md is up to date with the preset schema (npm run docs)", () => {
  const read = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
  const spec = JSON.parse(read("schema/operator-spec.schema.json"));
  const preset = JSON.parse(read("schema/preset.schema.json"));
  const reference = read("docs/preset-reference.md");
  assert.equal(reference, renderSpecReference(preset, PRESET_REFERENCE(spec)));
  assert.match(reference, /`defaults\.operator\.resources\.limits\.memory` \| string/);
  assert.doesNotMatch(reference, / \|  \|$/m, "every property has a description");
});

test("every property in the schema has a description in the reference", () => {
  const reference = readFileSync(join(REPO_ROOT, "docs/spec-reference.md"), "utf8");
  const undocumented = reference
    .split("\n")
    .filter((line) => line.startsWith("| `") && / \|  \|$/.test(line));
  assert.deepEqual(undocumented, []);
});
