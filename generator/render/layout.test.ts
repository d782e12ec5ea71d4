// Which rendered files `new` takes without prettier, and the two small printers that make that
// possible. Each expectation here is prettier's own output (checked against prettier below);
// test/property/prettier-clean.property.test.ts checks the same over random specs.

import assert from "node:assert/strict";
import { test } from "node:test";
import { readFileSync } from "node:fs";
import { format } from "prettier";
import { Ownership } from "../base/files.ts";
import { loadSpec } from "../pipeline.ts";
import { layoutWithoutPrettier, parserFor, PRETTIER_OPTIONS } from "./format.ts";
import { layoutJson } from "./json-layout.ts";
import { alignTables } from "./markdown-tables.ts";
import { renderSources } from "./sources/index.ts";

const ts = (content: string, laidOut = true) => ({
  path: "src/a.ts",
  content,
  ownership: Ownership.Generated,
  ...(laidOut ? { laidOut: true as const } : {}),
});

test("a laid-out TypeScript file whose code lines fit is taken as it is", () => {
  const content = `// ${"a long comment ".repeat(10)}\nexport const a = 1;\n`;
  assert.equal(layoutWithoutPrettier(ts(content), "typescript"), content);
});

test("a code line over the print width, an escaped quote or a template not marked laidOut goes to prettier", () => {
  assert.equal(
    layoutWithoutPrettier(ts(`export const a = ${"1 + ".repeat(30)}1;\n`), "typescript"),
    undefined,
  );
  assert.equal(
    layoutWithoutPrettier(ts(`export const a = "say \\"hi\\"";\n`), "typescript"),
    undefined,
  );
  assert.equal(layoutWithoutPrettier(ts("export const a = 1;\n", false), "typescript"), undefined);
});

test("Markdown tables are padded as prettier pads them", async () => {
  const text =
    "# t\n\n| a | longer header | c |\n|---|---|---|\n| `x` | y | 1 |\n| wider cell | z | 2 |\n";
  const aligned = alignTables(text);
  assert.equal(aligned, await format(text, { ...PRETTIER_OPTIONS, parser: "markdown" }));
});

test("a table with non-ASCII text or alignment colons is left to prettier", () => {
  assert.equal(alignTables("| a |\n|---|\n| é |\n"), undefined);
  assert.equal(alignTables("| a |\n|:--|\n| b |\n"), undefined);
});

test("JSON: objects join when they fit, number lists fill lines, numbers are normalized", async () => {
  const text = JSON.stringify({
    short: { a: 1, b: [1, 2] },
    numbers: Array.from({ length: 40 }, (_, i) => i * 1000),
    big: 1e21,
    pairs: [
      [1, 2],
      [3, 4],
    ],
  });
  assert.equal(layoutJson(text), await format(text, { ...PRETTIER_OPTIONS, parser: "json" }));
});

test("JSON with characters whose display width is not one column is left to prettier", () => {
  assert.equal(layoutJson(JSON.stringify({ name: "多言語" })), undefined);
  assert.notEqual(layoutJson(JSON.stringify({ name: "a … b → c" })), undefined);
});

// Issue 18's cold-`new` budget (0.5 s) holds only while the Database example never loads prettier
// (about 0.2 s of a cold run): a template line that stops fitting the width brings it back.
test("the Database example renders every file without prettier", () => {
  const path = new URL("../../examples/database.yaml", import.meta.url).pathname;
  const { model } = loadSpec(readFileSync(path, "utf8"), path);
  const left = renderSources(model).rendered.filter((file) => {
    const parser = parserFor(file.path);
    return parser !== undefined && layoutWithoutPrettier(file, parser) === undefined;
  });
  assert.deepEqual(
    left.map((file) => file.path),
    [],
  );
});
