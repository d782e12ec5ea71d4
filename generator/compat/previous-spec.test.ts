// The previous spec as `generate` finds it: missing (nothing compared), valid (compared), or no
// longer valid with this generator (the project's CRD is compared instead, or nothing).

import assert from "node:assert/strict";
import { test } from "node:test";
import { stringify } from "yaml";
import { snapshotFromSpec } from "./api-snapshot.ts";
import { checkCompatibility, NOT_RECORDED } from "./compare.ts";
import { BASE_SPEC, edit, lineColOf } from "./testing/compare-sources.ts";

function next(source: string) {
  const built = snapshotFromSpec(source, "operator.yaml");
  assert.ok(built.ok);
  return built;
}

const base = next(BASE_SPEC);
const crdText = stringify(base.snapshot.crd);
const withoutName = edit("    name:\n      type: string\n      maxLength: 63\n", "");
// A key this generator does not know: the spec no longer validates (SPEC001).
const invalidPrevious = edit("    replicas:\n", "    replicas:\n      colour: blue\n");

test("without a recorded spec nothing is compared, and the report says so", () => {
  const report = checkCompatibility({
    next: next(withoutName).snapshot,
    resolveFrom: "operator.yaml",
    generatorVersion: "0.1.0",
  });
  assert.deepEqual(report, { checked: false, note: NOT_RECORDED, findings: [] });
});

test("a previous spec that no longer validates: its CRD is compared, removals point into the new spec", () => {
  const report = checkCompatibility({
    previous: { source: invalidPrevious, file: "base/operator.yaml" },
    next: next(withoutName).snapshot,
    resolveFrom: "operator.yaml",
    previousCrd: () => ({ text: crdText, file: "config/crd/bases/shop.example.com_shops.yaml" }),
    generatorVersion: "0.1.0",
  });
  assert.equal(report.checked, true);
  assert.match(
    report.note!,
    /^the previous spec base\/operator\.yaml no longer validates with create-operator 0\.1\.0 \(1 error\(s\); first: base\/operator\.yaml:\d+:\d+ error SPEC001 .*\): compared the CRD in config\/crd\/bases\/shop\.example\.com_shops\.yaml instead$/,
  );
  assert.equal(report.findings.length, 1, JSON.stringify(report.findings));
  const [removed] = report.findings;
  assert.equal(removed!.code, "COMPAT020");
  assert.equal(removed!.path, "spec.fields.name");
  assert.equal(removed!.file, "operator.yaml");
  assert.equal(`${removed!.line}:${removed!.column}`, lineColOf(withoutName, "fields:"));
});

test("a previous spec that no longer validates and no CRD to fall back on: not checked, and why", () => {
  const report = checkCompatibility({
    previous: { source: invalidPrevious, file: "base/operator.yaml" },
    next: next(withoutName).snapshot,
    resolveFrom: "operator.yaml",
    previousCrd: () => undefined,
    generatorVersion: "0.1.0",
  });
  assert.equal(report.checked, false);
  assert.match(report.note!, /no longer validates .*: compatibility not checked$/);
  assert.deepEqual(report.findings, []);
});
