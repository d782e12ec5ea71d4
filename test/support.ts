// Shared helpers of the repository's own tests: where things are, and how to run the CLI the
// way a user does (the compiled bin, in a child process).

import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const EXAMPLES_DIR = join(REPO_ROOT, "examples");
export const BIN = join(REPO_ROOT, "bin", "create-operator.js");

export function exampleNames(): string[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

export function examplePath(name: string): string {
  return join(EXAMPLES_DIR, `${name}.yaml`);
}

/**
 * The code a user writes for an example that a spec alone cannot give (database-v1's conversion
 * hook: a type change), kept under examples/user-code/<name>/ as a tree of project paths and
 * copied over the project `new` made, the way a user fills in a scaffold. Examples without user
 * code are left as generated.
 */
export function writeExampleUserCode(name: string, target: string): void {
  const tree = join(EXAMPLES_DIR, "user-code", name);
  if (existsSync(tree)) cpSync(tree, target, { recursive: true });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

export function runCli(
  args: string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    encoding: "utf8",
    input: options.input ?? "",
    env: { ...process.env, NO_COLOR: "1", ...options.env },
  });
}

/** Every file under dir as a sorted list of POSIX paths relative to it. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current)) {
      const full = join(current, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split("\\").join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Runs a generated project's own `node --test` files as a top-level test run. A nested run that
 * inherits NODE_TEST_CONTEXT reports to a parent that is not listening, so its results would
 * vanish and it would pass whatever happened: the variable must go.
 */
export function runProjectTests(
  dir: string,
  files: readonly string[],
): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, ["--test", ...files], {
    cwd: dir,
    encoding: "utf8",
    env,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
