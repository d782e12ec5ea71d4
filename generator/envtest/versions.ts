// The pinned control-plane versions (envtest/versions.json) and where the package keeps the
// wrapper Go modules that build them. One file is the source of truth for the build, the lookup
// and the stamp; a test holds it equal to the wrapper go.mod files.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface EnvtestVersions {
  /** Kubernetes release without the "v": "1.36.3". */
  kubernetes: string;
  /** etcd release without the "v": "3.6.16". */
  etcd: string;
  /** RFC 3339 time stamped into kube-apiserver's version info (the release's proxy .info Time). */
  buildDate: string;
}

export type WrapperModule = "kube-apiserver" | "etcd";

/**
 * The package root: the nearest ancestor holding envtest/versions.json. Found by walking up so
 * that the same code works from generator/ (tests, type stripping) and dist/ (the published CLI).
 */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, "envtest", "versions.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`envtest/versions.json not found above ${from}`);
    dir = parent;
  }
}

export function wrapperModuleDir(module: WrapperModule, root: string = packageRoot()): string {
  return join(root, "envtest", module);
}

export function readPinnedVersions(root: string = packageRoot()): EnvtestVersions {
  const file = join(root, "envtest", "versions.json");
  return parseVersions(readFileSync(file, "utf8"), file);
}

export function parseVersions(text: string, source: string): EnvtestVersions {
  const data: unknown = JSON.parse(text);
  const record = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const field = (name: keyof EnvtestVersions): string => {
    const value = record[name];
    if (typeof value !== "string" || value === "")
      throw new Error(`${source}: "${name}" must be a non-empty string`);
    return value;
  };
  return { kubernetes: field("kubernetes"), etcd: field("etcd"), buildDate: field("buildDate") };
}

export function sameVersions(a: EnvtestVersions, b: EnvtestVersions): boolean {
  return a.kubernetes === b.kubernetes && a.etcd === b.etcd && a.buildDate === b.buildDate;
}
