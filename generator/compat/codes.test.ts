// Every COMPAT code is documented in docs/diagnostics.md with its class, documented codes all
// exist, and every code is emitted by the comparison (not only declared).

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { COMPAT_CODES } from "./finding.ts";

const root = new URL("../../", import.meta.url);
const docs = readFileSync(new URL("docs/diagnostics.md", root), "utf8");

test("docs/diagnostics.md documents exactly the COMPAT codes, each with its class", () => {
  const rows = [...docs.matchAll(/^\| (COMPAT\d{3}) \| (\w+)\s*\|/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(
    rows,
    Object.entries(COMPAT_CODES).map(([code, { class: cls }]) => [code, cls]),
  );
});

test("every COMPAT code is emitted by the comparison", () => {
  const dir = new URL("generator/compat/", root);
  const source = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "finding.ts")
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
  const emitted = new Set(source.match(/"COMPAT\d{3}"/g)?.map((c) => c.slice(1, -1)));
  assert.deepEqual(
    Object.keys(COMPAT_CODES).filter((c) => !emitted.has(c)),
    [],
  );
});
