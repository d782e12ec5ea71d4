// Small questions about executables: is this file runnable, where is a command on PATH, and
// which version does a control-plane binary say it is.

import { accessSync, constants, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { delimiter, join } from "node:path";

export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable named `command` on PATH, or undefined. */
export function findOnPath(
  command: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, command);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

const VERSION_PATTERNS = {
  "kube-apiserver": /Kubernetes v(\S+)/,
  etcd: /etcd Version: (\S+)/,
} as const;

/**
 * What `<binary> --version` reports ("1.36.3", "3.6.16"), or null when it cannot say. Used for
 * binaries that someone else provided, whose version no stamp records.
 */
export function reportedVersion(
  binary: keyof typeof VERSION_PATTERNS,
  file: string,
): string | null {
  const result = spawnSync(file, ["--version"], { encoding: "utf8", timeout: 10_000 });
  if (result.status !== 0) return null;
  return VERSION_PATTERNS[binary].exec(result.stdout)?.[1] ?? null;
}
