// Issue 22, finding 6: `generate` killed at every step of its write phase. The fault hook
// (writePlan's faultAt) stops the write at step k the way SIGKILL does: no cleanup runs. For a
// spec change that touches many files, after the kill at every k the tree is the old one or
// holds a committed journal; the next run's recovery leaves exactly the old tree (rolled back)
// or exactly the new one (replayed), with no stray file; and a rolled-back run, repeated,
// gives the new tree.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "node:test";
import { createProject, regenerateProject } from "../pipeline.ts";
import { hasInterruptedWrite, recoverInterruptedWrite } from "./journal.ts";
import { InjectedKill, writePlan } from "./write.ts";

const EXAMPLE = new URL("../../examples/database.yaml", import.meta.url);

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (current: string): void => {
    for (const entry of readdirSync(current)) {
      const full = join(current, entry);
      if (statSync(full).isDirectory()) walk(full);
      else
        out.set(
          relative(dir, full),
          createHash("sha256").update(readFileSync(full)).digest("hex") +
            (statSync(full).mode & 0o777).toString(8),
        );
    }
  };
  walk(dir);
  return out;
}

function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}

test("killed at every write step of a 20+ file change: old or new tree, and the next run finishes", async () => {
  const work = mkdtempSync(join(tmpdir(), "kill-steps-"));
  const old = join(work, "old");
  const source = readFileSync(EXAMPLE, "utf8");
  await createProject(source, EXAMPLE.pathname, old);
  // A new operator name: manifests, package.json, README, Dockerfile, sources... all change.
  writeFileSync(
    join(old, "operator.yaml"),
    source.replace("name: database-operator", "name: dbaas-operator"),
  );
  const { plan } = await regenerateProject(old, { dryRun: true });
  const touched = plan.entries.filter((e) => e.action !== "identical" && e.action !== "skip");
  assert.ok(touched.length >= 20, `${touched.length} files change`);
  assert.ok(
    touched.every((e) => e.action === "update" || e.action === "create" || e.action === "delete"),
    "no merge or conflict: old and new are well defined",
  );
  const before = snapshot(old);
  const fresh = join(work, "new");
  cpSync(old, fresh, { recursive: true });
  writePlan({ ...plan, root: fresh });
  const after = snapshot(fresh);
  assert.ok(differences(before, after).length >= 20);

  const outcomes = { rolledBack: 0, replayed: 0 };
  let steps = 0;
  for (let k = 1; ; k++) {
    const root = join(work, `k${k}`);
    cpSync(old, root, { recursive: true });
    try {
      writePlan({ ...plan, root }, { faultAt: k });
      steps = k - 1;
      assert.deepEqual(differences(snapshot(root), after), [], "a run that was not killed");
      break;
    } catch (error) {
      if (!(error instanceof InjectedKill)) throw error;
    }
    // Right after the kill: the old tree, or a transaction the next run must settle.
    const killed = snapshot(root);
    if (differences(killed, before).length > 0)
      assert.ok(hasInterruptedWrite(root), `k=${k}: changed without a transaction`);
    const recovery = recoverInterruptedWrite(root);
    const expected = recovery === "finished" ? after : before;
    assert.deepEqual(differences(snapshot(root), expected), [], `k=${k}: after ${recovery}`);
    if (recovery === "finished") outcomes.replayed++;
    else {
      outcomes.rolledBack++;
      writePlan({ ...plan, root });
      assert.deepEqual(differences(snapshot(root), after), [], `k=${k}: the repeated run`);
    }
  }
  assert.ok(steps >= 40, `${steps} write steps`);
  assert.equal(outcomes.rolledBack + outcomes.replayed, steps);
  assert.ok(outcomes.rolledBack > 0 && outcomes.replayed > 0);
  process.stdout.write(
    `# ${touched.length} files; ${steps} write steps; killed at each: ${outcomes.rolledBack} rolled back, ${outcomes.replayed} replayed; all ${steps} old-or-new\n`,
  );
});
