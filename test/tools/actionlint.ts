// actionlint (rhysd/actionlint), the linter GitHub Actions workflows are checked with, built from
// the Go module proxy at a pinned version the first time a test needs it and kept beside the
// control-plane binaries' cache (nothing is downloaded from GitHub). About 25 s on 2 cores.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { cacheRoot } from "../../generator/envtest/asset-dirs.ts";

export const ACTIONLINT_MODULE = "github.com/rhysd/actionlint/cmd/actionlint";
export const ACTIONLINT_VERSION = "v1.7.12";

/** The actionlint binary, built with `go install` when it is not cached yet. */
export function actionlint(): string {
  const bin = join(dirname(cacheRoot()), "tools", `actionlint-${ACTIONLINT_VERSION}`);
  const binary = join(bin, "actionlint");
  if (existsSync(binary)) return binary;
  const built = spawnSync("go", ["install", `${ACTIONLINT_MODULE}@${ACTIONLINT_VERSION}`], {
    env: { ...process.env, GOBIN: bin },
    encoding: "utf8",
  });
  assert.equal(
    built.status,
    0,
    `building actionlint needs Go and the Go module proxy (as the control plane does): ${built.error?.message ?? built.stderr}`,
  );
  return binary;
}
