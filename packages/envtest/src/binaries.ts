// Finds the kube-apiserver and etcd binaries. The lookup honours the same variables as
// controller-runtime's envtest, so a machine set up for Go operators works here unchanged.

import { accessSync, constants, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** The Kubernetes version the generated tests are written against. */
export const KUBERNETES_VERSION = "1.36.3";

export interface Binaries {
  kubeApiserver: string;
  etcd: string;
}

const GO_ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/** `${XDG_CACHE_HOME:-~/.cache}/create-operator/envtest/k8s/<version>-<os>-<arch>`, where `create-operator envtest` puts them. */
export function defaultAssetsDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || join(homedir(), ".cache");
  const root = env.CREATE_OPERATOR_ENVTEST_DIR || join(cache, "create-operator", "envtest");
  const platform = `${process.platform}-${GO_ARCH[process.arch] ?? process.arch}`;
  return join(root, "k8s", `${KUBERNETES_VERSION}-${platform}`);
}

interface Candidate {
  source: string;
  binaries: Binaries;
}

/**
 * The first place holding both binaries, in the order `create-operator envtest` and
 * controller-runtime use: TEST_ASSET_KUBE_APISERVER with TEST_ASSET_ETCD, then
 * KUBEBUILDER_ASSETS, then the cache. Throws one error saying where it looked and how to get them.
 */
export function findBinaries(env: NodeJS.ProcessEnv = process.env): Binaries {
  const inDirectory = (directory: string): Binaries => ({
    kubeApiserver: join(directory, "kube-apiserver"),
    etcd: join(directory, "etcd"),
  });
  const candidates: Candidate[] = [];
  if (env.TEST_ASSET_KUBE_APISERVER && env.TEST_ASSET_ETCD) {
    const binaries = { kubeApiserver: env.TEST_ASSET_KUBE_APISERVER, etcd: env.TEST_ASSET_ETCD };
    candidates.push({ source: "TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD", binaries });
  }
  if (env.KUBEBUILDER_ASSETS) {
    const binaries = inDirectory(env.KUBEBUILDER_ASSETS);
    candidates.push({ source: `KUBEBUILDER_ASSETS=${env.KUBEBUILDER_ASSETS}`, binaries });
  }
  const cache = defaultAssetsDirectory(env);
  candidates.push({ source: `the cache ${cache}`, binaries: inDirectory(cache) });
  const found = candidates.find((c) => Object.values(c.binaries).every(isExecutable));
  if (found) return found.binaries;
  throw new Error(
    [
      `envtest: kube-apiserver and etcd not found (looked in ${candidates.map((c) => c.source).join("; ")}).`,
      `Get both, version ${KUBERNETES_VERSION}, with one of:`,
      `  export KUBEBUILDER_ASSETS="$(npx create-operator envtest --build)"   (builds them from Go modules into the cache)`,
      `  export KUBEBUILDER_ASSETS="$(setup-envtest use ${KUBERNETES_VERSION.replace(/\.\d+$/, ".x")} -p path)"   (controller-runtime's downloader)`,
    ].join("\n"),
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
