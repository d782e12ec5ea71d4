// `create-operator envtest [--build] [--json]`: print a directory to use as KUBEBUILDER_ASSETS.
// stdout carries only that path (or the --json document) so that
// `export KUBEBUILDER_ASSETS=$(npx create-operator envtest --build)` works; everything else,
// build progress included, goes to stderr.

import { ExitCode } from "./exit-codes.ts";
import { buildAssets } from "../envtest/build-assets.ts";
import { EnvtestSetupError, howToGetAssets } from "../envtest/explain.ts";
import { cachedAssetsDir, findAssets, type FoundAssets } from "../envtest/find-assets.ts";
import { packageRoot, readPinnedVersions } from "../envtest/versions.ts";

export interface EnvtestCommandOptions {
  build?: boolean;
  json?: boolean;
}

export interface EnvtestIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The package holding envtest/; defaults to this one. */
  packageDir?: string;
}

const processIo: EnvtestIo = {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Returns the exit code: 0 found or built, 1 not found / cannot build, 70 a bug. */
export async function runEnvtestCommand(
  options: EnvtestCommandOptions,
  io: EnvtestIo = processIo,
): Promise<number> {
  const packageDir = io.packageDir ?? packageRoot();
  const log = (line: string): void => io.stderr(`${line}\n`);
  try {
    const versions = readPinnedVersions(packageDir);
    let found: FoundAssets | undefined = findAssets({ env: io.env, versions, note: log });
    if (found === undefined && options.build)
      found = await buildAssets({ env: io.env, versions, packageDir, log });
    if (found === undefined)
      throw new EnvtestSetupError(
        `no kube-apiserver and etcd found (looked in TEST_ASSET_KUBE_APISERVER/TEST_ASSET_ETCD, ` +
          `KUBEBUILDER_ASSETS and ${cachedAssetsDir({ env: io.env, versions })})`,
        howToGetAssets(versions),
      );
    io.stdout(options.json ? `${JSON.stringify(found)}\n` : `${found.path}\n`);
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof EnvtestSetupError) {
      io.stderr(`error: ${error.message}\n${error.hint ? `${indent(error.hint)}\n` : ""}`);
      return ExitCode.InvalidInput;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`internal error in create-operator envtest (a bug, not your setup): ${message}\n`);
    return ExitCode.Internal;
  }
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}
