// `create-operator validate <file> --server`: the local checks, then the same spec on a real
// API server (see generator/server-check/). Exit 0 when both agree the spec is good, 1 for
// diagnostics, 2 when no control-plane binaries are found or they do not start.

import { join } from "node:path";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../base/diagnostics.ts";
import { howToGetAssets } from "../envtest/explain.ts";
import {
  cachedAssetsDir,
  findAssets,
  TEST_ASSET_ETCD,
  TEST_ASSET_KUBE_APISERVER,
} from "../envtest/find-assets.ts";
import { readPinnedVersions } from "../envtest/versions.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { checkSource, loadSpec, readSpecFile } from "../pipeline.ts";
import { ControlPlaneStartError, startControlPlane } from "../server-check/control-plane.ts";
import { checkOnServer } from "../server-check/server-check.ts";
import { ExitCode } from "./exit-codes.ts";
import { createReporter } from "./report.ts";

export interface ServerValidateIo {
  env: Readonly<Record<string, string | undefined>>;
  stderr: (text: string) => void;
}

const processIo: ServerValidateIo = {
  env: process.env,
  stderr: (text) => process.stderr.write(text),
};

export async function validateOnServer(
  file: string,
  json: boolean,
  io: ServerValidateIo = processIo,
): Promise<number> {
  const reporter = createReporter(json);
  const source = readSpecFile(file);
  const local = checkSource(source, file);
  if (hasErrors(local)) {
    reporter.diagnostics(local);
    reporter.flush(false);
    return ExitCode.InvalidInput;
  }
  const versions = readPinnedVersions();
  const found = findAssets({ env: io.env, versions, note: (line) => io.stderr(`${line}\n`) });
  if (found === undefined) {
    reporter.error(
      `--server needs kube-apiserver and etcd; none found (looked in TEST_ASSET_KUBE_APISERVER/` +
        `TEST_ASSET_ETCD, KUBEBUILDER_ASSETS and ${cachedAssetsDir({ env: io.env, versions })})`,
      howToGetAssets(versions),
    );
    reporter.flush(false);
    return ExitCode.Usage;
  }
  const started = Date.now();
  let plane;
  try {
    plane = await startControlPlane(
      found.source === "env"
        ? { kubeApiserver: io.env[TEST_ASSET_KUBE_APISERVER]!, etcd: io.env[TEST_ASSET_ETCD]! }
        : { kubeApiserver: join(found.path, "kube-apiserver"), etcd: join(found.path, "etcd") },
    );
  } catch (error) {
    if (!(error instanceof ControlPlaneStartError)) throw error;
    reporter.error(`the control plane in ${found.path} did not start: ${error.message}`);
    reporter.flush(false);
    return ExitCode.Usage;
  }
  let server: Diagnostic[];
  try {
    const parsed = parseSpec(source, file);
    if (!parsed.ok) throw new Error("internal error: a spec that passed the checks does not parse");
    server = await checkOnServer(
      {
        model: loadSpec(source, file).model,
        data: parsed.spec.data as Record<string, unknown>,
        file,
        positionOf: parsed.spec.positionOf,
      },
      plane.call,
    );
  } finally {
    await plane.stop();
  }
  const all = sortDiagnostics([...local, ...server]);
  io.stderr(
    `${file}: checked on kube-apiserver ${found.kubernetes ?? "(version unknown)"} in ` +
      `${seconds(Date.now() - started)} (control plane ready in ${seconds(plane.startupMs)})\n`,
  );
  reporter.diagnostics(all);
  const ok = !hasErrors(all);
  if (ok && !json)
    process.stdout.write(
      `${file}: valid, and the API server agrees${all.length ? ` (${all.length} warning(s))` : ""}\n`,
    );
  reporter.flush(ok);
  return ok ? ExitCode.Ok : ExitCode.InvalidInput;
}

function seconds(ms: number): string {
  return `${(ms / 1_000).toFixed(1)} s`;
}
