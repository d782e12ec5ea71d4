// Properties over the whole spec format (the valid-spec arbitraries of test/property): a spec
// compared with itself has no findings, and adding one optional field is only ever safe.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import {
  FOREIGN_CHILD_CRD_DIR,
  toYaml,
  validSpec,
  type Spec,
} from "../../test/property/arbitraries/spec.ts";
import { snapshotFromSpec } from "./api-snapshot.ts";
import { compareSnapshots } from "./compare.ts";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261201);
const RUNS = Number(process.env.COMPAT_PROPERTY_RUNS ?? 40);
// Read as if beside the fixtures, so a `crd:` of the non-built-in child kind resolves.
const FILE = join(FOREIGN_CHILD_CRD_DIR, "operator.yaml");

function snapshot(spec: Spec) {
  const built = snapshotFromSpec(toYaml(spec), FILE);
  if (!built.ok) throw new Error(`a valid spec was refused: ${JSON.stringify(built.diagnostics)}`);
  return built.snapshot;
}

test(`${RUNS} random valid specs compared with themselves have no findings (seed ${SEED})`, () => {
  fc.assert(
    fc.property(validSpec, (spec) => {
      assert.deepEqual(compareSnapshots(snapshot(spec), snapshot(spec)), []);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

const optionalField = fc.oneof(
  fc.constant({ type: "string", description: "Added later." }),
  fc.constant({ type: "integer", minimum: 0, maximum: 5 }),
  fc.constant({ type: "boolean", default: false }),
  fc.constant({ type: "object", fields: { inner: { type: "string", required: true } } }),
  fc.constant({ type: "array", items: { type: "string", maxLength: 10 }, maxItems: 3 }),
  fc.constant({ type: "map", values: { type: "integer" } }),
);

test(`${RUNS} random valid specs with one optional field added have only safe findings (seed ${SEED})`, () => {
  fc.assert(
    fc.property(validSpec, optionalField, fc.boolean(), (spec, field, inStatus) => {
      const next = structuredClone(spec);
      // A kind without spec gets the field in status.
      const section = inStatus && next.status ? next.status : (next.spec ?? (next.status ??= {}));
      const added: Record<string, unknown> = structuredClone(field);
      section.fields = { ...section.fields, addedLaterField: added };
      const findings = compareSnapshots(snapshot(spec), snapshot(next));
      assert.ok(findings.length >= 1, "the added field is reported");
      for (const f of findings) assert.equal(f.class, "safe", `${f.code} ${f.path}: ${f.message}`);
      assert.ok(
        findings.some((f) => f.code === "COMPAT001" && f.path.endsWith(".addedLaterField")),
      );
    }),
    { seed: SEED + 1, numRuns: RUNS },
  );
});
