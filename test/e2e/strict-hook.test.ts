// Generated tests never fight the user's code: a Database project whose validateDesired hook is
// strict (only real engine versions) refuses the version the generator picks for its spec change.
// The affected generated tests then fail saying which value, where it came from and how to change
// it; once operator.yaml's testing.specChange names values the hook accepts and `generate` runs,
// the same tests pass on the real control plane. Only the files that make the spec change run.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, runCli, tempDir } from "../support.ts";
import { run } from "./generated-suite.ts";
import { installArguments, installSharingModules } from "../install-project.ts";

/** The hook a user with real validation writes: the cloud offers these versions and no others. */
const STRICT_HOOK = `import { TerminalError } from "@create-operator/runtime";
import type { InstanceHooks } from "./types.ts";

const OFFERED = ["14", "15", "16", "17"];

export const instanceHooks: InstanceHooks = {
  validateDesired(desired) {
    if (!OFFERED.includes(desired.version))
      throw new TerminalError("UnsupportedVersion", \`version \${desired.version} is not offered\`);
  },
};
`;

/** The generated test files that make the spec change (fixture.json specChange). */
const AFFECTED = [
  "test/reconciler.test.ts",
  "test/integration/reconciler.test.ts",
  "test/faults/reconcile-budget.test.ts",
  "test/faults/out-of-band.test.ts",
  "test/faults/lag-metrics.test.ts",
];

/** The project's own runner on `files`, with its global setup (one control plane). */
function runAffected(dir: string, files = AFFECTED): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(
    "nice",
    [
      "-n",
      "10",
      process.execPath,
      "--test",
      "--test-timeout=300000",
      "--test-global-setup=test/global-setup.ts",
      "--test-isolation=none",
      ...files,
    ],
    { cwd: dir, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test("a strict validation hook: the generated spec-change tests name the refused value and pass once operator.yaml's testing chooses accepted ones", () => {
  const parent = tempDir("e2e-strict-hook");
  const dir = join(parent, "db");
  try {
    const created = runCli(["new", dir, "--spec", examplePath("database")]);
    assert.equal(created.status, 0, created.stderr + created.stdout);
    writeFileSync(join(dir, "src/hooks/instance.ts"), STRICT_HOOK);
    installSharingModules(dir, () => run("npm", installArguments(), dir));
    // The Dockerfile's SBOM step, on the installed project (no container runtime here).
    const written = spawnSync("npm", ["sbom", "--sbom-format", "cyclonedx"], {
      cwd: dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    assert.equal(written.status, 0, written.stderr);
    const sbom = JSON.parse(written.stdout) as {
      bomFormat: string;
      components: Array<{ group?: string; name: string }>;
    };
    assert.equal(sbom.bomFormat, "CycloneDX");
    const components = sbom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name));
    for (const name of ["@create-operator/runtime", "@kubernetes/client-node"])
      assert.ok(components.includes(name), `the SBOM lists ${name}`);

    const fixture = JSON.parse(readFileSync(join(dir, "test/support/fixture.json"), "utf8"));
    assert.equal(fixture.specChange.field, "version");
    assert.equal(fixture.specChange.source, "schema");
    // The two reconciler files show the message; the fault files would only wait longer to fail.
    const refused = runAffected(dir, AFFECTED.slice(0, 2));
    assert.notEqual(refused.status, 0, "the generator's own pick is refused by the hook");
    assert.match(
      refused.output,
      /this test changes spec\.version to "[^"]+" then "[^"]+" \(test\/support\/fixture\.json specChange, from create-operator's pick from the schema of spec\.fields\.version\)/,
    );
    assert.match(refused.output, /testing: \{ specChange: \{ field:/);

    const specPath = join(dir, "operator.yaml");
    writeFileSync(
      specPath,
      `${readFileSync(specPath, "utf8")}testing:\n  specChange: { field: version, values: ["15", "17"] }\n`,
    );
    const generated = runCli(["generate"], { cwd: dir });
    assert.equal(generated.status, 0, generated.stderr + generated.stdout);
    const steered = JSON.parse(readFileSync(join(dir, "test/support/fixture.json"), "utf8"));
    assert.deepEqual(steered.specChange, {
      field: "version",
      values: ["15", "17"],
      source: "testing",
    });
    const passed = runAffected(dir);
    assert.equal(passed.status, 0, passed.output.slice(-8000));
    assert.match(passed.output, /^ℹ fail 0$/m);
    const count = Number(/^ℹ pass (\d+)$/m.exec(passed.output)?.[1] ?? 0);
    assert.ok(count >= 10, `the affected files ran their tests; ${count} passed`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
