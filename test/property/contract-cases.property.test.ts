// Property (issue 21): for random specs with one-of objects, spec-level rules, the scale
// subresource's specReplicasPath and printer columns on labels, every generated contract case is
// what it says against the generated CRD's own structural schema and CEL rules, judged locally
// (generator/render/self-check): each "is accepted" spec passes, each "is rejected" spec fails at
// the stated field. Fixed seed; PROPERTY_SEED / CONTRACT_PROPERTY_RUNS widen the sweep.

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
import { contractShapesSpec } from "./arbitraries/contract-shapes.ts";
import { toYaml } from "./arbitraries/spec.ts";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261204);
const RUNS = Number(process.env.CONTRACT_PROPERTY_RUNS ?? 200);

/** The loaded spec; an input error names its diagnostics (the arbitrary must make valid specs). */
function loadValid(source: string) {
  try {
    return loadSpec(source, "operator.yaml");
  } catch (error) {
    const diagnostics = (error as { diagnostics?: Array<{ code: string; message: string }> })
      .diagnostics;
    if (!diagnostics) throw error;
    throw new Error(diagnostics.map((d) => `${d.code} ${d.message}`).join("\n"), { cause: error });
  }
}

test(`${RUNS} random specs' contract cases agree with their own CRD (seed ${SEED})`, () => {
  const counts = { specs: 0, cases: 0, accepted: 0, rejected: 0 };
  const shapes = { oneOf: 0, specRule: 0, scale: 0, labelColumns: 0 };
  fc.assert(
    fc.property(contractShapesSpec, ({ spec, shapes: held }) => {
      const source = toYaml(spec);
      const loaded = loadValid(source);
      const view = buildContractView(loaded.model);
      const sent = sentSpecs(view);
      const mismatches = contractMismatches(view, buildCrd(loaded.model));
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
