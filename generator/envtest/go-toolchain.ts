// The local Go toolchain: present, and new enough for the wrapper modules' `go` directive. We
// never let Go download a newer toolchain (GOTOOLCHAIN=local): the machines this is for reach a
// module proxy, and a silent toolchain download is the kind of surprise an air gap punishes.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EnvtestSetupError, howToGetAssets } from "./explain.ts";
import { findOnPath } from "./executables.ts";
import type { EnvtestVersions } from "./versions.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface GoToolchain {
  /** Absolute path of the go command. */
  go: string;
  /** As `go env GOVERSION` says it: "go1.26.8". */
  version: string;
}

export function findGoToolchain(env: Env, versions: EnvtestVersions, cwd: string): GoToolchain {
  const go = findOnPath("go", env);
  if (go === undefined)
    throw new EnvtestSetupError(
      "--build needs a Go toolchain, and `go` is not on PATH",
      howToGetAssets(versions),
    );
  const result = spawnSync(go, ["env", "GOVERSION"], {
    cwd,
    env: { ...env, GOTOOLCHAIN: "local" },
    encoding: "utf8",
  });
  const version = result.stdout?.trim() ?? "";
  if (result.status !== 0 || version === "")
    throw new EnvtestSetupError(
      `\`${go} env GOVERSION\` failed: ${(result.stderr || String(result.error ?? "")).trim()}`,
      howToGetAssets(versions),
    );
  return { go, version };
}

/** The `go` directive of a go.mod: "1.26.0". */
export function goDirective(moduleDir: string): string {
  const goMod = readFileSync(join(moduleDir, "go.mod"), "utf8");
  const match = /^go\s+(\S+)\s*$/m.exec(goMod);
  if (!match?.[1]) throw new Error(`${moduleDir}/go.mod has no go directive`);
  return match[1];
}

/** Throws a clear error when `local` ("go1.25.4") is older than `required` ("1.26.0"). */
export function requireGoVersion(
  local: GoToolchain,
  required: string,
  versions: EnvtestVersions,
): void {
  if (compareGoVersions(parseGoVersion(local.version), parseGoVersion(required)) >= 0) return;
  throw new EnvtestSetupError(
    `${local.go} is ${local.version}, older than the Go ${required} the pinned Kubernetes ` +
      `${versions.kubernetes} needs; not downloading a newer toolchain (GOTOOLCHAIN=local)`,
    `Install Go ${required} or newer and run again, or get the binaries another way:\n` +
      howToGetAssets(versions),
  );
}

type GoVersion = readonly [major: number, minor: number, patch: number];

/** "go1.26.8" → [1, 26, 8]; "1.26" → [1, 26, 0]; pre-releases ("go1.26rc1") sort before .0. */
export function parseGoVersion(text: string): GoVersion {
  const match = /(\d+)\.(\d+)(?:\.(\d+)|(rc|beta)\d*)?/.exec(text);
  if (!match) throw new Error(`not a Go version: ${text}`);
  const patch = match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? -1 : 0;
  return [Number(match[1]), Number(match[2]), patch];
}

function compareGoVersions(a: GoVersion, b: GoVersion): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
