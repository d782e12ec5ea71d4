// Type-checks many generated projects in one strict tsc run. Installing each project would cost
// a registry round trip and ~100 MB per spec, so all of them share one node_modules: the
// repository's own, which holds the generated package.json's dependencies at versions that
// satisfy its ranges (checked here first, so the shortcut cannot drift into a false pass).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ProjectFiles } from "../../generator/base/files.ts";
import { REPO_ROOT } from "../support.ts";

/** Writes a rendered project to disk as `write` would (every file, no plan or lock file). */
export function writeProject(dir: string, files: ProjectFiles): void {
  for (const file of files.values()) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}

/** Dependencies of a generated package.json the repository's node_modules does not satisfy. */
export function unsatisfiedDependencies(packageJson: string): string[] {
  const pkg = JSON.parse(packageJson) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.entries(wanted).flatMap(([name, range]) => {
    // The pinned generator is this repository itself (the generated code never imports it).
    const installed = name === "create-operator" ? repositoryVersion() : installedVersion(name);
    // A vendored pin (file:vendor/<name>-<version>.tgz) names its exact version in the file name.
    const version = vendoredVersion(range) ?? range;
    return installed && satisfies(installed, version)
      ? []
      : [`${name}@${range} (have ${installed})`];
  });
}

function vendoredVersion(range: string): string | undefined {
  return /^file:vendor\/.+-(\d+\.\d+\.\d+(?:-[\w.]+)?)\.tgz$/.exec(range)?.[1];
}

function repositoryVersion(): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string })
    .version;
}

function installedVersion(name: string): string | undefined {
  try {
    const path = join(REPO_ROOT, "node_modules", name, "package.json");
    return (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version;
  } catch {
    return undefined;
  }
}

/** The two range forms generated package.json files use: exact "1.2.3" and caret "^1.2.3". */
export function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => v.split(".").map(Number) as [number, number, number];
  if (!range.startsWith("^")) return version === range;
  const [major, minor, patch] = parse(range.slice(1));
  const [vMajor, vMinor, vPatch] = parse(version);
  if (vMajor !== major) return false;
  return vMinor > minor || (vMinor === minor && vPatch >= patch);
}

export interface TypecheckResult {
  /** tsc's diagnostics per project directory name; projects without errors are absent. */
  errors: Map<string, string[]>;
  output: string;
  status: number | null;
}

/**
 * One tsc program over every project under `root` (named by `projects`), with the compiler
 * options the generated tsconfig.json declares. Each project keeps its own package.json, so
 * NodeNext resolution treats each as its own ES module package.
 */
export function typecheckProjects(root: string, projects: readonly string[]): TypecheckResult {
  const first = projects[0];
  if (first === undefined) return { errors: new Map(), output: "", status: 0 };
  const config = (project: string) =>
    JSON.parse(readFileSync(join(root, project, "tsconfig.json"), "utf8")) as {
      compilerOptions: Record<string, unknown>;
      include: string[];
      exclude?: string[];
    };
  const generated = config(first);
  const include = projects.flatMap((p) => generated.include.map((glob) => `${p}/${glob}`));
  // Each project's own exclusions (user files the spec no longer uses) hold in the shared run too.
  const exclude = projects.flatMap((p) => (config(p).exclude ?? []).map((glob) => `${p}/${glob}`));
  writeFileSync(
    join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: generated.compilerOptions, include, exclude }, null, 2),
  );
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", root, "--pretty", "false"], {
    cwd: root,
    encoding: "utf8",
  });
  const output = `${result.stdout}${result.stderr}`;
  const errors = new Map<string, string[]>();
  for (const line of output.split("\n")) {
    const project = projects.find((p) => line.startsWith(`${p}/`));
    if (project && / error TS\d+/.test(line))
      errors.set(project, [...(errors.get(project) ?? []), line]);
  }
  return { errors, output, status: result.status };
}

/**
 * Strict `tsc --noEmit -p <dir>/<config>` over one generated project as it lies on disk, with its
 * own tsconfig (include and exclude as generated), on the repository's node_modules.
 */
export function typecheckProject(
  dir: string,
  config = "tsconfig.json",
): { status: number | null; output: string } {
  if (!existsSync(join(dir, "node_modules")))
    symlinkSync(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
  const args = [tsc, "--noEmit", "-p", join(dir, config), "--pretty", "false"];
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
