// What the preset tests ask of a fixture tree (testing/preset-fixtures.ts): load or check its
// shop/operator.yaml, and name a diagnostic by file:line:col and code.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../base/diagnostics.ts";
import { checkSource, loadSpec } from "../../pipeline.ts";

export const specOf = (root: string) => join(root, "shop/operator.yaml");
export const presetOf = (root: string) => join(root, "presets/acme/preset.yaml");
export const load = (root: string) => loadSpec(readFileSync(specOf(root), "utf8"), specOf(root));
export const diagnose = (root: string) =>
  checkSource(readFileSync(specOf(root), "utf8"), specOf(root));
export const where = (d: Diagnostic) => `${d.file}:${d.position.line}:${d.position.col} ${d.code}`;

/** The one diagnostic with this code (fails listing them all when there is not exactly one). */
export function only(all: Diagnostic[], code: string): Diagnostic {
  const found = all.filter((d) => d.code === code);
  assert.equal(
    found.length,
    1,
    `one ${code} expected: ${all.map((d) => `${where(d)} ${d.message}`).join(" | ")}`,
  );
  return found[0]!;
}
