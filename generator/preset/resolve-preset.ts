// Where a preset reference leads on disk. Paths resolve against the folder of the file that names
// them; packages are looked up the way Node's require.resolve looks them up: node_modules/<name>
// in that folder, then in each folder above it. Every place looked at is kept, so "not found"
// can say exactly where it looked.

import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import satisfies from "semver/functions/satisfies.js";
import type { PresetReference } from "./preset-reference.ts";
import { isInside } from "./preset-read-paths.ts";

/** The file a folder (or package) preset is read from, unless package.json says otherwise. */
export const PRESET_FILE = "preset.yaml";

export interface ResolvedPreset {
  /** Absolute path of the preset YAML file. */
  file: string;
  /** The version of the package.json beside it (a package's own, or a folder's), if any. */
  version: string | undefined;
  /** The package name for package references. */
  packageName: string | undefined;
}

export type Resolution =
  | ({ ok: true } & ResolvedPreset)
  | { ok: false; code: "PRESET001" | "PRESET002"; message: string; hint: string };

interface PackageJson {
  name?: unknown;
  version?: unknown;
  "create-operator"?: { preset?: unknown };
}

export function resolvePreset(reference: PresetReference, fromDir: string): Resolution {
  return reference.kind === "path"
    ? resolvePath(reference.path, fromDir)
    : resolvePackage(reference.name, reference.range, fromDir);
}

function resolvePath(path: string, fromDir: string): Resolution {
  const full = resolve(fromDir, path);
  const looked = [full];
  if (isFile(full))
    return { ok: true, file: full, version: folderVersion(dirname(full)), packageName: undefined };
  if (isDirectory(full)) {
    const file = presetFileOf(full);
    looked.push(file);
    if (isFile(file))
      return { ok: true, file, version: folderVersion(full), packageName: undefined };
  }
  return {
    ok: false,
    code: "PRESET001",
    message: `no preset at "${path}": looked for ${looked.join(" and ")}`,
    hint: `A path is relative to the folder of the file that names it (${fromDir}); point it at a preset file, or at a folder with ${PRESET_FILE}.`,
  };
}

function resolvePackage(name: string, range: string | undefined, fromDir: string): Resolution {
  const looked: string[] = [];
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", ...name.split("/"));
    looked.push(packageDir);
    const manifest = readPackageJson(join(packageDir, "package.json"));
    if (manifest !== undefined) {
      const version = typeof manifest.version === "string" ? manifest.version : undefined;
      if (range !== undefined && (version === undefined || !satisfies(version, range)))
        return {
          ok: false,
          code: "PRESET002",
          message: `${name} in ${packageDir} is version ${version ?? "(none)"}, which does not satisfy ${range}`,
          hint: `Install a matching version (npm install --save-dev ${name}@"${range}"), or change the range in extends.`,
        };
      const file = presetFileOf(packageDir, manifest);
      if (!isFile(file))
        return {
          ok: false,
          code: "PRESET001",
          message: `${name} in ${packageDir} has no preset file: looked for ${file}`,
          hint: `A preset package holds ${PRESET_FILE} at its root, or names its file in package.json as "create-operator": { "preset": "<file>" }.`,
        };
      // package.json names the file: a name leading out of the package (by `..` or a link) is
      // a package reaching for a file that is not its own.
      if (!isInside(realpathSync(packageDir), realpathSync(file)))
        return {
          ok: false,
          code: "PRESET001",
          message: `${name} in ${packageDir} names a preset file outside the package: ${realpathSync(file)}`,
          hint: `A preset package's file is inside the package: ${PRESET_FILE} at its root, or the file package.json's "create-operator": { "preset": "<file>" } names.`,
        };
      return { ok: true, file, version, packageName: name };
    }
    if (dirname(dir) === dir) break;
  }
  return {
    ok: false,
    code: "PRESET001",
    message: `the preset package ${name} is not installed: looked in ${looked.join(", ")}`,
    hint: `Install it in the project (npm install --save-dev ${name}${range ? `@"${range}"` : ""}), or name a preset folder with a path starting with ./ or ../.`,
  };
}

function presetFileOf(dir: string, manifest = readPackageJson(join(dir, "package.json"))): string {
  const named = manifest?.["create-operator"]?.preset;
  return join(dir, typeof named === "string" ? named : PRESET_FILE);
}

function folderVersion(dir: string): string | undefined {
  const version = readPackageJson(join(dir, "package.json"))?.version;
  return typeof version === "string" ? version : undefined;
}

function readPackageJson(path: string): PackageJson | undefined {
  if (!isFile(path)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    return value !== null && typeof value === "object" ? (value as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
