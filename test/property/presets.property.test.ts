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
  unlocated,
  validPreset,
  writeFleet,
} from "./fuzz/presets.ts";

const RUNS = Number(process.env.PRESET_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);

test(`${RUNS} random specs extending random valid presets: defaults under the spec, or located errors`, () => {
  let loaded = 0;
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
    }),
    { seed: SEED, numRuns: RUNS },
  );
  process.stdout.write(
    `# ${loaded} of ${RUNS} loaded; the rest were refused with located errors\n`,
  );
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
