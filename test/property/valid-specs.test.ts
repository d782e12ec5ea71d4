// Property: every valid spec (random, over the whole format) generates without internal error,
// its CRD is structural, and its project type-checks with strict tsc. Fixed seed and bounded
// counts here; PROPERTY_SEED / PROPERTY_RUNS / PROPERTY_TYPECHECK_RUNS widen the sweep, and
// PROPERTY_INCLUDE_KNOWN_DEFECTS=1 keeps the classes known-defects.ts leaves out.

import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { structuralProblems } from "../../generator/render/manifests/testing/structural.ts";
import { tempDir } from "../support.ts";
import { toYaml, validSpec, type Spec } from "./arbitraries/spec.ts";
import { crdSchemas, generate } from "./generate.ts";
import { knownDefectOf } from "./known-defects.ts";
import { typecheckProjects, unsatisfiedDependencies, writeProject } from "./typecheck.ts";

// Random specs render content no cache has seen; keep them out of the user's format cache.
process.env.CREATE_OPERATOR_NO_CACHE = "1";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261201);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const TYPECHECK_RUNS = Number(process.env.PROPERTY_TYPECHECK_RUNS ?? 8);

/** Specs of a known-defect class, by class, to print at the end instead of hiding them. */
const leftOut = new Map<string, number>();

function admit(spec: Spec): boolean {
  const defect = knownDefectOf(spec);
  if (defect) leftOut.set(defect.name, (leftOut.get(defect.name) ?? 0) + 1);
  return defect === undefined;
}

test(`${RUNS} random valid specs generate, and every CRD schema is structural (seed ${SEED})`, async () => {
  let generated = 0;
  await fc.assert(
    fc.asyncProperty(validSpec, async (spec) => {
      fc.pre(admit(spec));
      const { files } = await generate(toYaml(spec));
      const schemas = crdSchemas(files);
      assert.ok(schemas.length > 0, "the project ships a CRD");
      for (const [where, schema] of schemas)
        assert.deepEqual(structuralProblems(schema), [], `${where} is not structural`);
      generated++;
    }),
    { seed: SEED, numRuns: RUNS, maxSkipsPerRun: 1000 },
  );
  process.stdout.write(
    `# ${generated} specs generated; left out as known defects: ${JSON.stringify(Object.fromEntries(leftOut))}\n`,
  );
});

test(`${TYPECHECK_RUNS} random projects type-check with strict tsc against shared dependencies`, async () => {
  const specs = fc
    .sample(validSpec, { seed: SEED + 1, numRuns: TYPECHECK_RUNS * 4 })
    .filter(admit)
    .slice(0, TYPECHECK_RUNS);
  assert.equal(specs.length, TYPECHECK_RUNS, "enough specs outside the known defects");
  const root = tempDir("property-tsc");
  const names = specs.map((_, i) => `p${i}`);
  const sources = new Map<string, string>();
  for (const [i, spec] of specs.entries()) {
    const source = toYaml(spec);
    const { files } = await generate(source);
    if (i === 0)
      assert.deepEqual(
        unsatisfiedDependencies(files.get("package.json")!.content),
        [],
        "the repository's node_modules stands in for every project's own install",
      );
    writeProject(join(root, names[i]!), files);
    sources.set(names[i]!, source);
  }
  const started = Date.now();
  const result = typecheckProjects(root, names);
  process.stdout.write(`# tsc over ${names.length} projects: ${(Date.now() - started) / 1000} s\n`);
  const failures = [...result.errors].map(
    ([project, errors]) =>
      `${project}: ${errors.slice(0, 5).join("\n")}\n--- operator.yaml ---\n${sources.get(project)}`,
  );
  assert.deepEqual(failures, [], result.output.slice(0, 4000));
  assert.equal(result.status, 0, result.output.slice(0, 4000));
});
