// Issue 7's pattern and number inputs, as a user meets them: the compiled CLI gives a located
// error (exit 1) or generates (exit 0), never exit 70, and never runs a backtracking engine long.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { runCli, tempDir } from "./support.ts";

function specWith(field: string): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    x:
${field.replace(/^/gm, "      ")}
status:
  conditions:
    - type: Ready
`;
}

function run(command: "validate" | "new", field: string) {
  const dir = tempDir("patterns-cli");
  const file = join(dir, "operator.yaml");
  writeFileSync(file, specWith(field));
  const args =
    command === "validate" ? ["validate", file] : ["new", join(dir, "out"), "--spec", file];
  const started = performance.now();
  const result = runCli(args);
  return { ...result, ms: performance.now() - started, output: result.stdout + result.stderr };
}

test("a catastrophic pattern with a long non-matching default is refused in linear time", () => {
  const r = run(
    "validate",
    `type: string\nmaxLength: 64\npattern: '^(a+)+$'\ndefault: "${"a".repeat(40)}!"`,
  );
  assert.equal(r.status, 1, r.output);
  assert.match(
    r.output,
    /operator\.yaml:16:\d+ error SEM026 spec\.fields\.x\.default: default "a+!" does not match/,
  );
  // Exponential backtracking took over 20 s here; RE2 answers in milliseconds plus start-up.
  assert.ok(r.ms < 15_000, `${r.ms} ms`);
});

test("patterns RE2 refuses, and patterns no string satisfies, are located errors", () => {
  const lookbehind = run("validate", "type: string\nmaxLength: 9\npattern: '(?<=a)b'");
  assert.equal(lookbehind.status, 1, lookbehind.output);
  assert.match(
    lookbehind.output,
    /:15:\d+ error SEM025 spec\.fields\.x\.pattern: pattern is not an RE2 expression: error parsing regexp: invalid named capture/,
  );
  const empty = run("validate", "type: string\nmaxLength: 9\npattern: '[^\\s\\S]'");
  assert.equal(empty.status, 1, empty.output);
  assert.match(
    empty.output,
    /:15:\d+ error SEM120 spec\.fields\.x\.pattern: no string matches the pattern/,
  );
});

test("an empty pattern generates (with a warning that it checks nothing)", () => {
  const r = run("new", 'type: string\nmaxLength: 9\npattern: ""');
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /WARN110/);
});

test("an int32 field without maximum generates", () => {
  const r = run("new", "type: integer\nformat: int32");
  assert.equal(r.status, 0, r.output);
});

test("numbers out of range are located errors", () => {
  for (const [field, code] of [
    ["type: integer\nmaximum: .inf", "SEM122"],
    ["type: integer\nmaximum: 9007199254740993", "SEM123"],
    ["type: string\nmaxLength: 1e18", "SEM125"],
    ["type: integer\nformat: int32\nmaximum: 3000000000", "SEM124"],
  ] as const) {
    const r = run("validate", field);
    assert.equal(r.status, 1, r.output);
    assert.match(r.output, new RegExp(`operator\\.yaml:1[45]:\\d+ error ${code} `), field);
  }
});

test("a pattern with a line break stays on its diagnostic's line", () => {
  const r = run("validate", 'type: string\nmaxLength: 9\npattern: "a\\n[^\\\\s\\\\S]"');
  assert.equal(r.status, 1, r.output);
  const lines = r.output.split("\n").filter((l) => l.length > 0);
  const head = lines.findIndex((l) => l.includes("SEM120"));
  assert.ok(head >= 0, r.output);
  assert.match(lines[head]!, /no string matches the pattern a\\n\[\^\\s\\S\]$/);
  assert.match(lines[head + 1]!, /^ {2}hint: /);
});
