// Builds kube-apiserver and etcd from the committed wrapper Go modules into the cache. Each
// binary is linked to a temporary name and renamed into place, and the stamp is written last,
// so a build that is killed half-way never leaves a directory that looks current.

import { spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { cacheRoot, type Binary, type GoPlatform, STAMP_FILE } from "./asset-dirs.ts";
import { reportedVersion } from "./executables.ts";
import { EnvtestSetupError } from "./explain.ts";
import { cachedAssetsDir, type FoundAssets } from "./find-assets.ts";
import { findGoToolchain, goDirective, requireGoVersion } from "./go-toolchain.ts";
import { type EnvtestVersions, packageRoot, wrapperModuleDir } from "./versions.ts";

export interface BuildOptions {
  env: Readonly<Record<string, string | undefined>>;
  versions: EnvtestVersions;
  /** The cache root; defaults to cacheRoot(env). */
  root?: string;
  platform?: GoPlatform;
  /** Where envtest/<module> wrappers are read from; defaults to this package. */
  packageDir?: string;
  /** Progress, one line at a time (the CLI writes it to stderr). */
  log: (line: string) => void;
}

interface BuildStep {
  binary: Binary;
  version: string;
  /** The Go package whose main is the binary. */
  goPackage: string;
  ldflags?: string;
  coldEstimate: string;
}

export function buildSteps(versions: EnvtestVersions): BuildStep[] {
  return [
    {
      binary: "kube-apiserver",
      version: versions.kubernetes,
      goPackage: "k8s.io/kubernetes/cmd/kube-apiserver",
      ldflags: kubeApiserverLdflags(versions),
      coldEstimate: "~5 min on 2 cores",
    },
    {
      binary: "etcd",
      version: versions.etcd,
      goPackage: "go.etcd.io/etcd/server/v3",
      coldEstimate: "~1.5 min on 2 cores",
    },
  ];
}

/**
 * What Kubernetes' own build (hack/lib/version.sh) stamps in, so that `kube-apiserver --version`
 * and /version report the release instead of v0.0.0-master.
 */
export function kubeApiserverLdflags({ kubernetes, buildDate }: EnvtestVersions): string {
  const [major, minor] = kubernetes.split(".");
  const flags = ["-s", "-w"];
  for (const pkg of ["k8s.io/component-base/version", "k8s.io/client-go/pkg/version"]) {
    flags.push(
      `-X ${pkg}.gitVersion=v${kubernetes}`,
      `-X ${pkg}.gitMajor=${major}`,
      `-X ${pkg}.gitMinor=${minor}`,
      `-X ${pkg}.gitTreeState=clean`,
      `-X ${pkg}.buildDate=${buildDate}`,
    );
  }
  return flags.join(" ");
}

export async function buildAssets(options: BuildOptions): Promise<FoundAssets> {
  const { env, versions, log } = options;
  const root = options.root ?? cacheRoot(env);
  const packageDir = options.packageDir ?? packageRoot();
  const target = cachedAssetsDir({ ...options, root });
  mkdirSync(target, { recursive: true });

  const toolchain = findGoToolchain(env, versions, root);
  for (const step of buildSteps(versions))
    requireGoVersion(toolchain, goDirective(wrapperModuleDir(step.binary, packageDir)), versions);

  // From here on the directory is being rebuilt: it must not look current until the end.
  rmSync(join(target, STAMP_FILE), { force: true });
  const goEnv = {
    ...env, // GOPROXY, GOFLAGS, GOMODCACHE, GOCACHE... pass through
    CGO_ENABLED: "0",
    GOTOOLCHAIN: "local",
    GOWORK: "off",
  };
  const started = Date.now();
  for (const step of buildSteps(versions)) {
    const buildRoot = join(root, "build");
    mkdirSync(buildRoot, { recursive: true });
    const moduleCopy = mkdtempSync(join(buildRoot, `${step.binary}-`));
    const output = join(target, `${step.binary}.tmp-${process.pid}`);
    try {
      cpSync(wrapperModuleDir(step.binary, packageDir), moduleCopy, { recursive: true });
      log(
        `building ${step.binary} v${step.version} from Go modules with ${toolchain.version} ` +
          `(cold: ${step.coldEstimate}; seconds when Go's build cache is warm)…`,
      );
      const stepStarted = Date.now();
      const args = ["build", "-mod=readonly", "-trimpath", "-buildvcs=false"];
      if (step.ldflags) args.push("-ldflags", step.ldflags);
      args.push("-o", output, step.goPackage);
      await runGo(toolchain.go, args, { cwd: moduleCopy, env: goEnv, log, label: step.binary });
      renameSync(output, join(target, step.binary));
      log(`built ${step.binary} in ${seconds(stepStarted)} s`);
    } finally {
      rmSync(output, { force: true });
      rmSync(moduleCopy, { recursive: true, force: true });
    }
    const reported = reportedVersion(step.binary, join(target, step.binary));
    if (reported !== step.version)
      throw new EnvtestSetupError(
        `${join(target, step.binary)} reports version ${reported ?? "(none)"}, not ${step.version}`,
        "This is a bug in create-operator's build flags; please report it.",
      );
  }

  rmEmptyDir(join(root, "build"));
  const stamp = join(target, `${STAMP_FILE}.tmp-${process.pid}`);
  writeFileSync(stamp, JSON.stringify(versions, null, 2) + "\n");
  renameSync(stamp, join(target, STAMP_FILE));
  log(`control plane ready in ${seconds(started)} s: ${target}`);
  return { path: target, source: "built", kubernetes: versions.kubernetes, etcd: versions.etcd };
}

const PROGRESS_INTERVAL_MS = 30_000;

function runGo(
  go: string,
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string | undefined>;
    log: (line: string) => void;
    label: string;
  },
): Promise<void> {
  const { log, label } = options;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(go, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const ticker = setInterval(
      () => log(`  still building ${label}: ${seconds(started)} s`),
      PROGRESS_INTERVAL_MS,
    );
    ticker.unref();
    // go build is quiet except for downloads and errors; both belong in front of the user.
    for (const stream of [child.stdout, child.stderr]) {
      let pending = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (pending + chunk).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) log(`  ${line}`);
      });
      stream.on("end", () => {
        if (pending) log(`  ${pending}`);
      });
    }
    child.on("error", (error) => {
      clearInterval(ticker);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearInterval(ticker);
      if (code === 0) return resolve();
      reject(
        new EnvtestSetupError(
          `go build of ${label} failed (${signal ?? `exit ${code}`}) after ${seconds(started)} s; go's output is above`,
          "If modules could not be downloaded, set GOPROXY to a reachable Go module proxy.",
        ),
      );
    });
  });
}

/** Removes dir when empty; a concurrent build may still be using it. */
function rmEmptyDir(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // not empty, or already gone
  }
}

function seconds(since: number): number {
  return Math.round((Date.now() - since) / 1000);
}
