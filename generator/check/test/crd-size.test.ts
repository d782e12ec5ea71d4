// Issue 22, finding 7: a CRD too big to install is refused by the generator, not by the API
// server at install time. The serialized CRD is measured against etcd's default request limit;
// the error names the size, the limit and the fields that contribute most, located in
// operator.yaml; a CRD past three quarters of the limit is a located warning.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { checkSource } from "../../pipeline.ts";

const FILE = new URL("../../../examples/database.yaml", import.meta.url).pathname;
const DATABASE = readFileSync(FILE, "utf8");

/** The Database example with `count` fields that embed core/v1.PodTemplateSpec. */
function withTemplates(count: number): string {
  const fields = Array.from(
    { length: count },
    (_, i) =>
      `    template${i}:\n      type: core/v1.PodTemplateSpec\n      description: Pod template ${i}.\n`,
  ).join("");
  return DATABASE.replace("    storageGB:\n", `${fields}    storageGB:\n`);
}

test("eight embedded PodTemplateSpecs: SEM246 names the size and the biggest fields", () => {
  const source = withTemplates(8);
  const found = checkSource(source, FILE).filter((d) => d.code === "SEM246");
  assert.equal(found.length, 1, JSON.stringify(checkSource(source, FILE).map((d) => d.code)));
  const d = found[0]!;
  assert.equal(d.severity, "error");
  assert.match(d.message, /the CRD is [\d.]+ MB serialized; etcd accepts at most 1\.5 MiB/);
  assert.match(d.message, /spec\.template\d \(core\/v1\.PodTemplateSpec\): [\d.]+ (KB|MB)/);
  const line = source.split("\n").findIndex((l) => l.startsWith("    template0:")) + 1;
  assert.equal(d.path, "spec.fields.template0");
  assert.equal(d.position.line, line);
});

test("one PodTemplateSpec fits; the plain example has neither error nor warning", () => {
  for (const source of [withTemplates(1), DATABASE]) {
    const codes = checkSource(source, FILE).map((d) => d.code);
    assert.ok(!codes.includes("SEM246") && !codes.includes("WARN111"), codes.join(","));
  }
});

test("a CRD past three quarters of the limit: WARN111, located at its biggest field", () => {
  // Each embedded PodTemplateSpec adds a few hundred KB: find the count that lands in the band.
  let warned = false;
  for (let count = 2; count <= 7 && !warned; count++) {
    const found = checkSource(withTemplates(count), FILE);
    const warning = found.find((d) => d.code === "WARN111");
    if (warning) {
      warned = true;
      assert.equal(warning.severity, "warning");
      assert.match(warning.message, /of the 1\.5 MiB etcd accepts/);
      assert.ok(!found.some((d) => d.code === "SEM246"));
    }
  }
  assert.ok(warned, "some count of templates is between 75% and 100% of the limit");
});
