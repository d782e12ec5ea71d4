// Property: a spec that extends a random preset either loads with the preset's defaults under its
// own values, or fails with diagnostics located in the spec or the preset; a broken preset always
// fails, located. Never an exception. PRESET_RUNS changes the count; `npm run fuzz` runs more.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { stringify } from "yaml";
import { hasErrors } from "../../generator/base/diagnostics.ts";
import { loadSpec } from "../../generator/pipeline.ts";
import { validSpec } from "./arbitraries/spec.ts";
import { seededRandom } from "./fuzz/inputs.ts";
import {
  checkFleet,
  PRESET_MUTATIONS,
  settingsPreset,
  type Preset,
  unlocated,
  validPreset,
  writeFleet,
} from "./fuzz/presets.ts";

const RUNS = Number(process.env.PRESET_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);

test(`${RUNS} random specs extending random valid presets: defaults under the spec, or located errors`, () => {
  let loaded = 0;
  let constrained = 0;
  fc.assert(
    fc.property(validSpec, validPreset, (spec, preset) => {
      const { diagnostics, specPath, presetPath, specText } = checkFleet(stringify(preset), spec);
      assert.deepEqual(unlocated(diagnostics), []);
      for (const d of diagnostics)
        assert.ok([specPath, presetPath].includes(d.file), `${d.file}: ${d.code}`);
      if (hasErrors(diagnostics)) return;
      loaded++;
      const { model } = loadSpec(specText, specPath);
      const given = spec.operator?.concurrency ?? preset.defaults.operator?.concurrency ?? 2;
      assert.equal(model.operator.concurrency, given, "the spec's value wins, then the preset's");
      for (const [key, value] of Object.entries(preset.defaults.metadata?.labels ?? {}))
        assert.equal(model.labels[key], spec.metadata.labels?.[key] ?? value);
      if (!spec.metadata.image && preset.defaults.metadata?.imageRegistry)
        assert.ok(
          model.image.startsWith(`${preset.defaults.metadata.imageRegistry}/`),
          model.image,
        );
      assert.equal(model.extraFiles.length, preset.files?.length ?? 0);
      // Conditions merge by type: every default is declared, the spec's own entries win.
      const declared = new Map(model.status.conditions.map((c) => [c.type, c.description]));
      for (const c of preset.defaults.status?.conditions ?? []) assert.ok(declared.has(c.type));
      for (const c of spec.status?.conditions ?? [])
        if (c.type !== "Ready" || c.description !== undefined)
          assert.equal(declared.get(c.type), c.description, c.type);
      // A project that loads meets every constraint on labels and operator settings.
      const { requiredLabels, concurrency, requireLeaderElection } = preset.constraints;
      for (const [key, allowed] of Object.entries(requiredLabels ?? {})) {
        assert.equal(typeof model.labels[key], "string", key);
        if (allowed !== null)
          assert.ok([allowed].flat().includes(model.labels[key]), `${key}=${model.labels[key]}`);
      }
      assert.ok(model.operator.concurrency >= (concurrency?.minimum ?? 1));
      assert.ok(model.operator.concurrency <= (concurrency?.maximum ?? 64));
      if (requireLeaderElection) assert.equal(model.operator.leaderElection, true);
      // The header's text, line by line, names filled in; none without one.
      if (preset.licenseHeader === undefined) assert.equal(model.licenseHeader, undefined);
      else {
        const lines = model.licenseHeader!;
        assert.equal(lines[0], "Copyright ACME");
        assert.ok(lines.every((l) => l === l.trimEnd() && !/[\r\n]/.test(l)));
        assert.equal(lines.join("\n").includes("{{name}}"), false);
        if (preset.licenseHeader.includes("{{name}}"))
          assert.ok(lines.some((l) => l.includes(`${model.name} (${model.api.kind})`)));
      }
      constrained += Object.keys(preset.constraints).length > 0 ? 1 : 0;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  process.stdout.write(
    `# ${loaded} of ${RUNS} loaded (${constrained} under constraints); the rest were refused with located errors\n`,
  );
});

/** The label and setting violations a spec extending a settingsPreset must get, worked out alone. */
function expectedViolations(spec: Record<string, any>, preset: Preset): string[] {
  const labels = { ...preset.defaults.metadata.labels, ...spec.metadata.labels };
  const operator = { ...preset.defaults.operator, ...spec.operator };
  const { requiredLabels = {}, concurrency, requireLeaderElection } = preset.constraints;
  const codes = new Set<string>();
  for (const [key, allowed] of Object.entries(requiredLabels)) {
    if (labels[key] === undefined) codes.add("PRESET028");
    else if (allowed !== null && ![allowed].flat().includes(labels[key])) codes.add("PRESET029");
  }
  const workers = operator.concurrency ?? 2;
  if (workers < concurrency.minimum || workers > concurrency.maximum) codes.add("PRESET030");
  if (requireLeaderElection && operator.leaderElection === false) codes.add("PRESET031");
  return [...codes].sort();
}

test(`${RUNS * 2} random specs under label and setting constraints: exactly the violations an oracle predicts`, () => {
  const bare = {
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorPreset",
    metadata: { name: "bare" },
  };
  let checked = 0;
  let refused = 0;
  fc.assert(
    fc.property(validSpec, settingsPreset, (spec, preset) => {
      // A spec that the checks before the constraints refuse anyway says nothing about them.
      if (hasErrors(checkFleet(stringify(bare), spec).diagnostics)) return;
      const { diagnostics, specPath, presetPath, specText } = checkFleet(stringify(preset), spec);
      assert.deepEqual(unlocated(diagnostics), []);
      const errors = diagnostics.filter((d) => d.severity === "error");
      for (const d of errors) assert.ok([specPath, presetPath].includes(d.file), d.code);
      const expected = expectedViolations(spec, preset);
      assert.deepEqual(
        [...new Set(errors.map((d) => d.code))].sort(),
        expected,
        errors.map((d) => `${d.code} ${d.path}: ${d.message}`).join("\n"),
      );
      for (const d of errors)
        assert.match(
          d.message,
          /\[preset settings-preset: constraints\.(requiredLabels|concurrency|requireLeaderElection)\]$/,
        );
      checked++;
      if (expected.length > 0) refused++;
      else
        assert.equal(
          loadSpec(specText, specPath).model.labels["app.kubernetes.io/name"],
          spec.metadata.name,
        );
    }),
    { seed: SEED + 3, numRuns: RUNS * 2 },
  );
  assert.ok(checked > 0);
  process.stdout.write(`# ${checked} checked against the oracle, ${refused} of them refused\n`);
});

test(`every way of breaking a preset ends in located errors (${PRESET_MUTATIONS.length} mutations × ${Math.ceil(RUNS / 6)})`, async () => {
  const samples = fc.sample(
    fc.tuple(validSpec, validPreset, fc.integer({ min: 0, max: 2 ** 31 - 1 })),
    {
      seed: SEED + 7,
      numRuns: Math.ceil(RUNS / 6),
    },
  );
  const { createProject } = await import("../../generator/pipeline.ts");
  const { InputError } = await import("../../generator/base/diagnostics.ts");
  for (const mutation of PRESET_MUTATIONS)
    for (const [spec, preset, salt] of samples) {
      const text = mutation.apply(preset, seededRandom(salt));
      if (text === undefined) continue;
      const { diagnostics } = checkFleet(text, spec);
      let errors = diagnostics;
      if (!hasErrors(diagnostics)) {
        // Some problems only the render can see (a preset file on a generated path).
        const fleet = writeFleet(text, spec);
        errors = await createProject(fleet.specText, fleet.specPath, `${fleet.specPath}.out`, {
          dryRun: true,
        }).then(
          () => [],
          (error: unknown) => {
            if (error instanceof InputError) return error.diagnostics;
            throw error;
          },
        );
      }
      assert.ok(hasErrors(errors), `${mutation.name}: accepted\n${text}`);
      assert.deepEqual(unlocated(errors), [], mutation.name);
    }
});
