// Every generated project carries a CI workflow (.github/workflows/ci.yaml) that runs what its
// README runs. Checked with actionlint on every example's golden project (the golden test holds the
// goldens equal to the render), and a preset that brings workflows of its own replaces it.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { CI_WORKFLOW } from "../generator/render/sources/file-table.ts";
import { loadSpec } from "../generator/pipeline.ts";
import { renderProject } from "../generator/render/render-project.ts";
import { examplePath, exampleNames, REPO_ROOT } from "./support.ts";
import { actionlint } from "./tools/actionlint.ts";

/** Each of `order` starts one of the job's `run` steps, in this order. */
function assertRunsInOrder(runs: string[], order: string[]): void {
  const at = order.map((command) => runs.findIndex((run) => run.startsWith(command)));
  assert.ok(
    at.every((i) => i >= 0),
    `runs: ${runs.join(" | ")}`,
  );
  assert.deepEqual(
    [...at].sort((a, b) => a - b),
    at,
    "in this order",
  );
}

const workflows = exampleNames().map((name) => join(REPO_ROOT, "test/golden", name, CI_WORKFLOW));

test("every example's CI workflow passes actionlint", () => {
  const linted = spawnSync(actionlint(), ["-no-color", ...workflows], { encoding: "utf8" });
  assert.equal(linted.status, 0, linted.stdout + linted.stderr);
});

test("the workflow installs from the lock file and runs the README's checks and both suites", () => {
  const workflow = parse(readFileSync(workflows[0]!, "utf8")) as {
    permissions: Record<string, string>;
    jobs: { test: { steps: { uses?: string; run?: string }[] } };
  };
  assert.deepEqual(workflow.permissions, { contents: "read" });
  const steps = workflow.jobs.test.steps;
  const runs = steps.flatMap((s) => (s.run ? [s.run] : []));
  const order = [
    "npm ci",
    "npx create-operator check",
    "npm run typecheck",
    "npm run lint",
    "npm test",
    "npm run test:faults",
  ];
  assertRunsInOrder(runs, order);
  for (const step of steps)
    if (step.uses) assert.match(step.uses, /@[0-9a-f]{40}$/, `${step.uses}: pinned by commit`);
  assert.ok(
    runs.some((run) => run.startsWith("npm run helm:lint")),
    "the chart is linted",
  );
});

test("a kind job builds the image, loads it into the cluster and runs test:cluster, once the team turns it on", () => {
  const workflow = parse(readFileSync(workflows[0]!, "utf8")) as {
    jobs: Record<
      string,
      {
        needs?: string;
        if?: string;
        env?: Record<string, string>;
        steps: { uses?: string; run?: string }[];
      }
    >;
  };
  const cluster = workflow.jobs.cluster;
  assert.ok(cluster, "a cluster job");
  assert.equal(cluster.needs, "test");
  // Off until the team sets the repository variable: until src/providers/*-cloud.ts are written,
  // a sample cannot become Ready on a real cluster (the test says which provider is missing).
  assert.match(cluster.if ?? "", /vars\.CLUSTER_TESTS == 'true'/);
  assert.ok(cluster.env?.IMG, "one image name for build, load and deploy");
  const runs = cluster.steps.flatMap((s) => (s.run ? [s.run] : []));
  const order = ["npm ci", "npm run image:build", "kind load docker-image", "npm run test:cluster"];
  assertRunsInOrder(runs, order);
  assert.ok(
    cluster.steps.some((s) => s.uses?.startsWith("helm/kind-action@")),
    "kind-action",
  );
  for (const step of cluster.steps)
    if (step.uses) assert.match(step.uses, /@[0-9a-f]{40}$/, `${step.uses}: pinned by commit`);
});

test("a preset with workflows of its own replaces the generated one", async () => {
  const source = readFileSync(examplePath("web-app"), "utf8");
  const plain = await renderProject(loadSpec(source, examplePath("web-app")).model);
  assert.ok(plain.has(CI_WORKFLOW));
  const withPreset = `extends: ./presets/acme-platform\n${source}`;
  const loaded = loadSpec(withPreset, join(REPO_ROOT, "examples", "web-app.yaml"));
  assert.ok(loaded.model.extraFiles.some((f) => f.path.startsWith(".github/workflows/")));
  // The preset's own file at the same path, not a clash (ExtraFileClashError) with the generator's.
  const rendered = await renderProject(loaded.model);
  assert.equal(rendered.get(CI_WORKFLOW)?.origin, "preset");
});
