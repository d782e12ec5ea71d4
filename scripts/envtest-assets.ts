// The control-plane binaries the benchmark and fault scripts run against: the same ones a
// generated project's harness finds in the cache, built once when missing. Sets
// KUBEBUILDER_ASSETS for everything the script starts afterwards.

import { spawnSync } from "node:child_process";
import { BIN } from "../test/support.ts";

/** Finds or builds the envtest binaries (`create-operator envtest --build`); returns their folder. */
export function useEnvtestAssets(): string {
  const assets = spawnSync(process.execPath, [BIN, "envtest", "--build"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (assets.status !== 0) throw new Error("create-operator envtest --build failed");
  process.env.KUBEBUILDER_ASSETS = assets.stdout.trim();
  return process.env.KUBEBUILDER_ASSETS;
}
