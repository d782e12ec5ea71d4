// helm, built from the Go module proxy at a pinned version the first time a test needs it and
// kept beside actionlint in the tools cache (nothing is downloaded from GitHub or get.helm.sh).
// About 3 minutes on 2 cores, once.
//
// Why v4.3.2: Helm 4 is the current major (v3 gets security fixes only), and 4.3.2 is its newest
// release the module proxy serves here. The chart is apiVersion v2, which Helm 3 reads as well,
// and its values.schema.json is draft 7, which both majors' validators read.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { cacheRoot } from "../../generator/envtest/asset-dirs.ts";

export const HELM_MODULE = "helm.sh/helm/v4/cmd/helm";
export const HELM_VERSION = "v4.3.2";

/** The helm binary, built with `go install` when it is not cached yet. */
export function helm(): string {
  const bin = join(dirname(cacheRoot()), "tools", `helm-${HELM_VERSION}`);
  const binary = join(bin, "helm");
  if (existsSync(binary)) return binary;
  const built = spawnSync("go", ["install", `${HELM_MODULE}@${HELM_VERSION}`], {
    env: { ...process.env, GOBIN: bin },
    encoding: "utf8",
  });
  assert.equal(
    built.status,
    0,
    `building helm needs Go and the Go module proxy (as the control plane does): ${built.error?.message ?? built.stderr}`,
  );
  return binary;
}
