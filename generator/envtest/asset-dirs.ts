// Where control-plane binaries live: a cache laid out like setup-envtest's
// (<root>/k8s/<version>-<goos>-<goarch>/{kube-apiserver,etcd}), so either tool's directory can
// serve as KUBEBUILDER_ASSETS.

import { homedir } from "node:os";
import { join } from "node:path";

export const ENVTEST_DIR_ENV = "CREATE_OPERATOR_ENVTEST_DIR";

/** The binaries every assets directory holds. */
export const BINARIES = ["kube-apiserver", "etcd"] as const;
export type Binary = (typeof BINARIES)[number];

/** Written last by a build; the directory counts as current only when it matches the pins. */
export const STAMP_FILE = "versions.json";

type Env = Readonly<Record<string, string | undefined>>;

/** $CREATE_OPERATOR_ENVTEST_DIR, else $XDG_CACHE_HOME/create-operator/envtest, else ~/.cache/... */
export function cacheRoot(env: Env = process.env, home: string = homedir()): string {
  const explicit = env[ENVTEST_DIR_ENV];
  if (explicit) return explicit;
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg ? xdg : join(home, ".cache"), "create-operator", "envtest");
}

export interface GoPlatform {
  goos: string;
  goarch: string;
}

const GOOS: Partial<Record<NodeJS.Platform, string>> = { win32: "windows" };
const GOARCH: Partial<Record<NodeJS.Architecture, string>> = {
  x64: "amd64",
  ia32: "386",
  // Node reports little-endian POWER as ppc64; Go only ships ppc64le for Linux.
  ppc64: "ppc64le",
};

export function goPlatform(
  platform: NodeJS.Platform = process.platform,
  arch: NodeJS.Architecture = process.arch,
): GoPlatform {
  return { goos: GOOS[platform] ?? platform, goarch: GOARCH[arch] ?? arch };
}

/** <root>/k8s/<kubernetes>-<goos>-<goarch>, e.g. ~/.cache/create-operator/envtest/k8s/1.36.3-linux-amd64 */
export function assetsDir(
  root: string,
  kubernetes: string,
  { goos, goarch }: GoPlatform = goPlatform(),
): string {
  return join(root, "k8s", `${kubernetes}-${goos}-${goarch}`);
}
