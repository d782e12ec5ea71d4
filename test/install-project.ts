// How this repository's tests install a generated project: exactly as its README tells a user,
// `npm install` in the project. create-operator and its libraries are not on the registry while
// they are developed here, so `new` and `generate` vendor them into the project's vendor/ folder
// (generator/vendor/vendored-packages.ts), packed by `npm run build` from this very checkout: the
// project installs the generator and the libraries under test, never a released version.
// Everything else comes from the registry as it does for a user.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./support.ts";

/** The library packages a generated project depends on, as npm workspaces of this repository. */
export const LIBRARY_WORKSPACES = ["packages/runtime", "packages/envtest"];

/** `npm install` arguments for a generated project in this repository's tests. */
export function installArguments(): string[] {
  assert.ok(
    existsSync(join(REPO_ROOT, "dist/packed")),
    "run npm run build first: it packs the packages a generated project vendors",
  );
  return ["install", "--no-audit", "--no-fund", "--prefer-offline"];
}

/**
 * The caller's `install` (its `npm install` in `target`), with node_modules first seeded from an
 * earlier project of this test run whose dependencies are exactly the same: most generated
 * projects share one dependency set, and fetching and unpacking it (about 14 s of a 15 s install,
 * some thirty times in `npm test`) is what the end-to-end step spent most on. npm install still
 * runs in every project: it checks the seeded tree against the project's package.json, changes
 * what differs and writes the project's own package-lock.json. The key is the dependency fields
 * of package.json and the bytes of every vendored tarball they point at, so a project with other
 * dependencies, or a rebuilt package, installs from scratch. The seed is a tree of hard links
 * under this run's TMPDIR (removed with it), apart from npm's hidden lockfile, which npm rewrites
 * and so gets a copy of its own. E2E_FULL=1 installs every project from scratch.
 */
export function installSharingModules(target: string, install: () => void): void {
  if (process.env.E2E_FULL === "1") return install();
  const seed = join(tmpdir(), "create-operator-node-modules", dependencyKey(target));
  const seeded = existsSync(seed);
  if (seeded) {
    execFileSync("cp", ["-al", join(seed, "node_modules"), join(target, "node_modules")]);
    replaceWithCopy(join(target, "node_modules", ".package-lock.json"));
  }
  install();
  if (seeded) return;
  // Into place by rename: a half-copied seed is never visible to a concurrent test file.
  const partial = `${seed}.${process.pid}`;
  mkdirSync(partial, { recursive: true });
  execFileSync("cp", ["-al", join(target, "node_modules"), join(partial, "node_modules")]);
  replaceWithCopy(join(partial, "node_modules", ".package-lock.json"));
  try {
    renameSync(partial, seed);
  } catch {
    rmSync(partial, { recursive: true, force: true }); // another file's seed won the race
  }
}

function dependencyKey(project: string): string {
  const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as Record<
    string,
    Record<string, string> | undefined
  >;
  const fields = ["dependencies", "devDependencies", "optionalDependencies", "overrides"];
  const hash = createHash("sha256").update(JSON.stringify(fields.map((f) => manifest[f] ?? {})));
  for (const field of fields)
    for (const version of Object.values(manifest[field] ?? {}))
      if (typeof version === "string" && version.startsWith("file:"))
        hash.update(readFileSync(join(project, version.slice("file:".length))));
  return hash.digest("hex").slice(0, 16);
}

/** The file as a copy of its own instead of a hard link, so that writing it changes no other tree. */
function replaceWithCopy(file: string): void {
  if (!existsSync(file)) return;
  const content = readFileSync(file);
  rmSync(file);
  writeFileSync(file, content);
}
