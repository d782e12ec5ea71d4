// Finds control-plane binaries without building anything, in controller-runtime's envtest order:
// TEST_ASSET_KUBE_APISERVER + TEST_ASSET_ETCD, then KUBEBUILDER_ASSETS, then our own cache.
// The cache counts only when its stamp matches the pins, so bumping a version rebuilds.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { assetsDir, BINARIES, cacheRoot, type GoPlatform, STAMP_FILE } from "./asset-dirs.ts";
import { isExecutable, reportedVersion } from "./executables.ts";
import { type EnvtestVersions, parseVersions, sameVersions } from "./versions.ts";

export const TEST_ASSET_KUBE_APISERVER = "TEST_ASSET_KUBE_APISERVER";
export const TEST_ASSET_ETCD = "TEST_ASSET_ETCD";
export const KUBEBUILDER_ASSETS = "KUBEBUILDER_ASSETS";

export type AssetsSource = "env" | "kubebuilder-assets" | "cache" | "built";

export interface FoundAssets {
  /** A directory holding kube-apiserver and etcd: the value for KUBEBUILDER_ASSETS. */
  path: string;
  source: AssetsSource;
  /** Versions from the stamp, or as the binaries report them (null when they cannot say). */
  kubernetes: string | null;
  etcd: string | null;
}

export interface FindOptions {
  env: Readonly<Record<string, string | undefined>>;
  versions: EnvtestVersions;
  /** The cache root; defaults to cacheRoot(env). */
  root?: string;
  platform?: GoPlatform;
  /** Why a candidate was passed over, for the user (stderr). */
  note?: (line: string) => void;
}

export function findAssets(options: FindOptions): FoundAssets | undefined {
  const { env, note = () => {} } = options;
  const apiserver = env[TEST_ASSET_KUBE_APISERVER];
  const etcd = env[TEST_ASSET_ETCD];
  if (apiserver && etcd) {
    if (isExecutable(apiserver) && isExecutable(etcd)) {
      if (dirname(apiserver) !== dirname(etcd))
        note(
          `${TEST_ASSET_ETCD}=${etcd} is in another directory; it stays in effect through the environment`,
        );
      return {
        path: dirname(apiserver),
        source: "env",
        kubernetes: reportedVersion("kube-apiserver", apiserver),
        etcd: reportedVersion("etcd", etcd),
      };
    }
    note(`ignoring ${TEST_ASSET_KUBE_APISERVER}/${TEST_ASSET_ETCD}: not both executable files`);
  }

  const kubebuilderAssets = env[KUBEBUILDER_ASSETS];
  if (kubebuilderAssets) {
    if (holdsBinaries(kubebuilderAssets))
      return {
        path: kubebuilderAssets,
        source: "kubebuilder-assets",
        kubernetes: reportedVersion("kube-apiserver", join(kubebuilderAssets, "kube-apiserver")),
        etcd: reportedVersion("etcd", join(kubebuilderAssets, "etcd")),
      };
    note(`ignoring ${KUBEBUILDER_ASSETS}=${kubebuilderAssets}: it lacks ${BINARIES.join(" or ")}`);
  }

  const cached = cachedAssetsDir(options);
  if (!holdsBinaries(cached)) return undefined;
  const stamp = readStamp(cached);
  if (stamp === undefined || !sameVersions(stamp, options.versions)) {
    const was = stamp ? `Kubernetes ${stamp.kubernetes}, etcd ${stamp.etcd}` : "no stamp";
    note(
      `${cached} holds binaries not stamped as the pinned versions (${was}); --build rebuilds them`,
    );
    return undefined;
  }
  return { path: cached, source: "cache", kubernetes: stamp.kubernetes, etcd: stamp.etcd };
}

/** The directory a build writes into and the cache lookup reads. */
export function cachedAssetsDir(
  options: Pick<FindOptions, "env" | "versions" | "root" | "platform">,
): string {
  return assetsDir(
    options.root ?? cacheRoot(options.env),
    options.versions.kubernetes,
    options.platform,
  );
}

export function holdsBinaries(dir: string): boolean {
  return BINARIES.every((binary) => isExecutable(join(dir, binary)));
}

export function readStamp(dir: string): EnvtestVersions | undefined {
  const file = join(dir, STAMP_FILE);
  try {
    return parseVersions(readFileSync(file, "utf8"), file);
  } catch {
    return undefined;
  }
}
