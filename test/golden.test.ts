// Golden tests: every example renders to a committed tree of real files under test/golden/.
// Diffs of generated output are reviewed like code. `npm run golden:update` rewrites them.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { serializeLock, LOCK_PATH } from "../generator/base/lock-file.ts";
import { GENERATOR_VERSION, loadSpec } from "../generator/pipeline.ts";
import { planNewProject } from "../generator/plan/plan.ts";
import { renderProject } from "../generator/render/render-project.ts";
import { examplePath, exampleNames, listTree, REPO_ROOT } from "./support.ts";

const GOLDEN_DIR = join(REPO_ROOT, "test", "golden");
const update = process.env.UPDATE_GOLDEN === "1";

async function renderExample(name: string): Promise<Map<string, string>> {
  const source = readFileSync(examplePath(name), "utf8");
  const { model } = loadSpec(source, `examples/${name}.yaml`);
  const files = await renderProject(model);
  const plan = planNewProject(join(GOLDEN_DIR, "does-not-exist"), files, {
    generatorVersion: GENERATOR_VERSION,
    specSource: source,
    force: false,
  });
  const tree = new Map([...files.values()].map((f) => [f.path, f.content]));
  tree.set(LOCK_PATH, serializeLock(plan.lock));
  return tree;
}

for (const name of exampleNames()) {
  test(`examples/${name}.yaml renders exactly test/golden/${name}/`, async () => {
    const rendered = await renderExample(name);
    const dir = join(GOLDEN_DIR, name);
    if (update) {
      rmSync(dir, { recursive: true, force: true });
      for (const [path, content] of rendered) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
    }
    assert.ok(existsSync(dir), `no golden tree for ${name}: run npm run golden:update`);
    const onDisk = listTree(dir);
    assert.deepEqual(
      onDisk,
      [...rendered.keys()].sort(),
      `file list of ${name} differs from test/golden/${name} (npm run golden:update after reviewing)`,
    );
    for (const [path, content] of rendered) {
      assert.equal(
        readFileSync(join(dir, path), "utf8"),
        content,
        `test/golden/${name}/${path} differs from the render`,
      );
    }
  });
}

test("every golden tree belongs to an example (no orphaned snapshots)", () => {
  const examples = new Set(exampleNames());
  const orphans = existsSync(GOLDEN_DIR)
    ? readdirSync(GOLDEN_DIR).filter((d) => !examples.has(d))
    : [];
  assert.deepEqual(orphans, [], `orphaned golden trees: ${orphans.join(", ")}; delete them`);
});

test("rendering is deterministic: two renders are identical", async () => {
  for (const name of exampleNames()) {
    assert.deepEqual(await renderExample(name), await renderExample(name));
  }
});

test("every emitted file is already in prettier's style, including those generation does not format", async () => {
  const { format } = await import("prettier");
  const { parserFor, PRETTIER_OPTIONS } = await import("../generator/render/format.ts");
  for (const name of exampleNames()) {
    for (const [path, content] of await renderExample(name)) {
      const parser = parserFor(path);
      if (!parser || path === "operator.yaml") continue;
      assert.equal(
        await format(content, { ...PRETTIER_OPTIONS, parser }),
        content,
        `${name}/${path} is not prettier-formatted`,
      );
    }
  }
});
