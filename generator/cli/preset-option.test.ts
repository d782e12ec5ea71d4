// The preset question's answer as the user sees it come back: a refusal names the path they typed,
// not the one operator.yaml would hold (relative to the project folder), which they never typed.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { presetProblem } from "./preset-option.ts";

test("a preset path that is not there is echoed as typed, with where it looked", () => {
  const cwd = mkdtempSync(join(tmpdir(), "preset-option-"));
  try {
    mkdirSync(join(cwd, "presets/acme"), { recursive: true });
    const missing = presetProblem("./presets/acm", cwd, "shop-operator");
    assert.equal(typeof missing, "string");
    assert.match(missing as string, /^no preset at "\.\/presets\/acm": looked for /);
    assert.ok((missing as string).includes(join(cwd, "presets/acm")));
    const empty = presetProblem("presets/acme", cwd, "shop-operator");
    assert.match(empty as string, /^no preset at "presets\/acme": looked for /);
    assert.doesNotMatch(`${missing} ${empty}`, /\.\.\/presets/, "a path the user never typed");
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
