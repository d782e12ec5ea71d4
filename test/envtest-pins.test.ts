// The envtest harness package looks for binaries under the pinned Kubernetes version; the generator
// builds them under envtest/versions.json. A bump of one without the other would make every
// generated project miss the binaries that `create-operator envtest --build` just built.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "./support.ts";

test("the generated harness and create-operator envtest pin the same Kubernetes version", () => {
  const pins = JSON.parse(readFileSync(join(REPO_ROOT, "envtest/versions.json"), "utf8")) as {
    kubernetes: string;
  };
  const harness = readFileSync(join(REPO_ROOT, "packages/envtest/src/binaries.ts"), "utf8");
  const pinned = /export const KUBERNETES_VERSION = "([^"]+)"/.exec(harness)?.[1];
  assert.equal(pinned, pins.kubernetes);
});
