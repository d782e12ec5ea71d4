// Running what a regenerated project must pass, the cheap way: one strict tsc program over all
// of them (test/property/typecheck.ts) and each project's unit tests with the repository's
// node_modules, which holds the generated package.json's dependencies.

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { typecheckProjects } from "../property/typecheck.ts";
import { REPO_ROOT, runProjectTests } from "../support.ts";

/** Content and modification time of every file: equal digests mean nothing was touched. */
export function treeDigest(dir: string): string {
  const hash = createHash("sha256");
  const walk = (current: string): void => {
    for (const entry of readdirSync(current).sort()) {
      if (entry === "node_modules") continue;
      const full = join(current, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else hash.update(`${relative(dir, full)}\0${stat.mtimeMs}\0`).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

/** tsc's errors per project directory (absolute, as given); projects without errors are absent. */
export function typecheckScenarioProjects(
  root: string,
  dirs: readonly string[],
): Map<string, string[]> {
  const names = dirs.map((d) => relative(root, d));
  const { errors, status, output } = typecheckProjects(root, names);
  if (status !== 0 && errors.size === 0) throw new Error(`tsc failed without errors: ${output}`);
  return new Map([...errors].map(([name, lines]) => [join(root, name), lines]));
}

/** Test files that need no control plane: the generated unit and runtime tests. */
function unitTestFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current)) {
      const full = join(current, entry);
      if (statSync(full).isDirectory()) {
        if (!["integration", "contract", "envtest", "faults"].includes(entry)) walk(full);
      } else if (entry.endsWith(".test.ts")) out.push(relative(dir, full));
    }
  };
  walk(join(dir, "test"));
  return out.sort();
}

export function runUnitTests(dir: string): {
  status: number | null;
  output: string;
  summary: string;
} {
  if (!existsSync(join(dir, "node_modules")))
    symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const files = unitTestFiles(dir);
  const result = runProjectTests(dir, files);
  const output = result.output;
  const passed = Number(/^ℹ pass (\d+)$/m.exec(output)?.[1] ?? 0);
  const failed = Number(/^ℹ fail (\d+)$/m.exec(output)?.[1] ?? -1);
  // Zero tests run is a failure too: the summary must show that the project's tests ran.
  const status = result.status === 0 && passed > 0 && failed === 0 ? 0 : (result.status ?? 1) || 1;
  return { status, output, summary: `${passed} unit tests passed in ${files.length} files` };
}
