// Property (issue 21): for random specs with one-of objects, spec-level rules, the scale
// subresource's specReplicasPath and printer columns on labels, every generated contract case is
// what it says against the generated CRD's own structural schema and CEL rules, judged locally
// (generator/render/self-check): each "is accepted" spec passes, each "is rejected" spec fails at
// the stated field for the stated reason. So do the specs the suites build from the fixture (the
// sample, spec changes, natural keys, child instances). A second property runs the same judgement
// over the whole spec format's random valid specs (spec-level rules over Kubernetes-typed members,
// conditional children, natural keys, selectable fields), where no valid spec may be refused.
// Fixed seeds; PROPERTY_SEED / CONTRACT_PROPERTY_RUNS widen the sweep.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { loadSpec } from "../../generator/pipeline.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import {
  contractMismatches,
  sentSpecs,
} from "../../generator/render/self-check/contract-self-check.ts";
import { buildContractView } from "../../generator/render/sources/contract-view.ts";
import { testFixture } from "../../generator/render/sources/test-fixture.ts";
import { contractShapesSpec } from "./arbitraries/contract-shapes.ts";
import { FOREIGN_CHILD_CRD_DIR, toYaml, validSpec } from "./arbitraries/spec.ts";
import { knownDefectOf } from "./known-defects.ts";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261204);
const RUNS = Number(process.env.CONTRACT_PROPERTY_RUNS ?? 200);

/** The loaded spec; an input error names its diagnostics (the arbitrary must make valid specs). */
function loadValid(source: string, file = "operator.yaml") {
  try {
    return loadSpec(source, file);
  } catch (error) {
    const diagnostics = (error as { diagnostics?: Array<{ code: string; message: string }> })
      .diagnostics;
    if (!diagnostics) throw error;
    throw new Error(diagnostics.map((d) => `${d.code} ${d.message}`).join("\n"), { cause: error });
  }
}

test(`${RUNS} random specs' contract cases agree with their own CRD (seed ${SEED})`, () => {
  const counts = { specs: 0, cases: 0, accepted: 0, rejected: 0 };
  const shapes = { oneOf: 0, specRule: 0, scale: 0, labelColumns: 0, ruleClash: 0 };
  fc.assert(
    fc.property(contractShapesSpec, ({ spec, shapes: held }) => {
      const source = toYaml(spec);
      const loaded = loadValid(source);
      const view = buildContractView(loaded.model);
      const fixture = testFixture(loaded.model);
      const sent = sentSpecs(view);
      const mismatches = contractMismatches(view, buildCrd(loaded.model), fixture);
      assert.deepEqual(
        mismatches.map((m) => `${m.table}: ${m.name}: ${m.problem}`),
        [],
        source,
      );
      counts.specs++;
      counts.cases += sent.length;
      counts.accepted += sent.filter((c) => c.expect === "accepted").length;
      counts.rejected += sent.filter((c) => c.expect !== "accepted").length;
      for (const key of Object.keys(shapes) as Array<keyof typeof shapes>)
        if (held[key]) shapes[key]++;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  // Each shape is drawn often enough to mean something (about half the specs hold each).
  for (const [shape, n] of Object.entries(shapes))
    assert.ok(n >= RUNS / 5, `only ${n} of ${RUNS} specs hold ${shape}`);
  process.stdout.write(`# ${JSON.stringify({ ...counts, shapes })}\n`);
});

const GENERAL_SEED = Number(process.env.PROPERTY_SEED ?? 20261205);

test(`${RUNS} random valid specs of the whole format: no internal error, every case and fixture spec agrees with the CRD (seed ${GENERAL_SEED})`, () => {
  const counts = { specs: 0, cases: 0, withSpecRule: 0 };
  fc.assert(
    fc.property(validSpec, (spec) => {
      fc.pre(knownDefectOf(spec) === undefined);
      const source = toYaml(spec);
      const loaded = loadValid(source, `${FOREIGN_CHILD_CRD_DIR}/operator.yaml`);
      // Building the view and the fixture throws an internal error where no valid case is found.
      const view = buildContractView(loaded.model);
      const fixture = testFixture(loaded.model);
      const mismatches = contractMismatches(view, buildCrd(loaded.model), fixture);
      assert.deepEqual(
        mismatches.map((m) => `${m.table}: ${m.name}: ${m.problem}`),
        [],
        source,
      );
      counts.specs++;
      counts.cases += sentSpecs(view).length;
      if (loaded.model.spec.rules.length > 0) counts.withSpecRule++;
    }),
    { seed: GENERAL_SEED, numRuns: RUNS, maxSkipsPerRun: 1000 },
  );
  process.stdout.write(`# ${JSON.stringify(counts)}\n`);
});
