// What a user reads when no binaries are found or none can be built: every way to get them.

import type { EnvtestVersions } from "./versions.ts";

/** A problem the user can fix (no Go, old Go, a failed build); the CLI exits 1 with the hint. */
export class EnvtestSetupError extends Error {
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = "EnvtestSetupError";
    this.hint = hint;
  }
}

export function howToGetAssets(versions: EnvtestVersions): string {
  const minor = versions.kubernetes.split(".").slice(0, 2).join(".");
  return `Three ways to get kube-apiserver ${versions.kubernetes} and etcd ${versions.etcd}:
  1. Build them from Go modules (needs Go on PATH; a few minutes the first time, then cached):
       export KUBEBUILDER_ASSETS="$(npx create-operator envtest --build)"
     Only the Go module proxy is needed. Behind an air gap, point Go at yours first:
       export GOPROXY=https://goproxy.example.internal
  2. Download them with controller-runtime's setup-envtest (needs access to GitHub):
       go install sigs.k8s.io/controller-runtime/tools/setup-envtest@latest
       export KUBEBUILDER_ASSETS="$(setup-envtest use ${minor}.x -p path)"
  3. Use binaries you already have:
       export KUBEBUILDER_ASSETS=/dir/with/kube-apiserver/and/etcd
     or set both TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD to the two files.`;
}
