// Wall time of a generated project's whole `npm test` (strict tsc, then every suite on a real
// kube-apiserver and etcd) next to a kubebuilder scaffold's `make test` (manifests, generate, fmt,
// vet, then `go test` with envtest), on the same machine, in one run: a warm-up run of each that
// is reported but not counted, then `runs` rounds that alternate the two, so machine noise falls
// on both alike. Prints each run, both medians and their ratio.
// Usage: npm run bench:suite [-- runs]        (default 3; run `npm run build` and `npm run envtest` first)
//
// Both sides use the same control-plane binaries: ours from create-operator's cache (built by
// `npm run envtest`). Neither side downloads anything while timed.
//
// The kubebuilder side lives in a cache directory, never in this repository:
// ${XDG_CACHE_HOME:-~/.cache}/create-operator/bench-suite/. kubebuilder is installed from the Go
// module proxy (`go install sigs.k8s.io/kubebuilder/v4@KUBEBUILDER_VERSION`), then scaffolded with
// `kubebuilder init` and `create api` (one API, kind Database). Its Makefile's `test` target runs
// `setup-envtest use $(ENVTEST_K8S_VERSION) --bin-dir bin -p path`, which downloads the binaries
// from the internet; offline it is satisfied like this:
//   - setup-envtest itself is a Go module: the Makefile's own `envtest` target `go install`s it.
//   - its store is bin/k8s/<version>-<os>-<arch>/: the script puts our kube-apiserver and etcd
//     there (symbolic links), for version 1.36.3, the version create-operator builds;
//   - `make test ENVTEST_K8S_VERSION=1.36.3` asks for exactly that version, and
//     ENVTEST_INSTALLED_ONLY=true makes setup-envtest answer from the store without asking the
//     network (its `--installed-only` flag, read from the environment).
// The scaffold's go.mod asks for a newer Kubernetes (client 1.37); envtest against a 1.36 server
// works the same, and the kind is a plain CRD.

import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installArguments } from "../test/install-project.ts";

const KUBEBUILDER_VERSION = "v4.16.0";
const KUBERNETES_VERSION = "1.36.3";
const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "create-operator");
const work = join(cache, "bench-suite");
const platform = `linux-${process.arch === "arm64" ? "arm64" : "amd64"}`;
const assets = join(cache, "envtest", "k8s", `${KUBERNETES_VERSION}-${platform}`);

function sh(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    const output = `${String(result.stdout ?? "")}\n${String(result.stderr ?? "")}`;
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${output.slice(-4000)}`,
    );
  }
  return String(result.stdout ?? "");
}

/** A child environment without what node --test or npm set for this process. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ...extra };
  for (const name of ["NODE_TEST_CONTEXT", "ENVTEST_CONNECTION", "KUBEBUILDER_ASSETS"])
    delete env[name];
  return env;
}

function prepareOurs(): string {
  const project = join(work, "ours", "db");
  rmSync(join(work, "ours"), { recursive: true, force: true });
  mkdirSync(join(work, "ours"), { recursive: true });
  sh(process.execPath, [
    join(root, "bin/create-operator.js"),
    "new",
    project,
    "--spec",
    join(root, "examples/database.yaml"),
  ]);
  sh("npm", installArguments(), { cwd: project });
  return project;
}

function prepareKubebuilder(): string {
  const bin = join(work, "bin");
  const kubebuilder = join(bin, "kubebuilder");
  const goEnv = cleanEnv({ GOBIN: bin, GOFLAGS: "-mod=mod" });
  if (!existsSync(kubebuilder)) {
    sh("go", ["install", `sigs.k8s.io/kubebuilder/v4@${KUBEBUILDER_VERSION}`], { env: goEnv });
  }
  const project = join(work, `kubebuilder-${KUBEBUILDER_VERSION}`, "db");
  if (!existsSync(join(project, "PROJECT"))) {
    rmSync(project, { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    const env = cleanEnv({ PATH: `${bin}:${process.env.PATH}` });
    sh(kubebuilder, ["init", "--domain", "example.com", "--repo", "example.com/db"], {
      cwd: project,
      env,
    });
    sh(
      kubebuilder,
      [
        "create",
        "api",
        ...["--group", "db", "--version", "v1alpha1", "--kind", "Database"],
        ...["--resource", "--controller"],
      ],
      { cwd: project, env },
    );
  }
  // setup-envtest's store, filled with our binaries (see the header).
  const store = join(project, "bin", "k8s", `${KUBERNETES_VERSION}-${platform}`);
  mkdirSync(store, { recursive: true });
  for (const binary of ["kube-apiserver", "etcd"]) {
    rmSync(join(store, binary), { force: true });
    symlinkSync(join(assets, binary), join(store, binary));
  }
  return project;
}

interface Side {
  name: string;
  /** Runs once; returns what the run says about its own phases, if anything. */
  run: () => string;
}

function timed(side: Side): { seconds: number; phases: string } {
  const started = process.hrtime.bigint();
  const phases = side.run();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, phases };
}

/** Our suite's own account: the control plane's start and CRD install, then node's test time. */
function ourPhases(output: string): string {
  const start =
    /control plane ready in ([\d.]+ s); \d+ CRDs? established and served in ([\d.]+ s)/.exec(
      output,
    );
  const tests = /^ℹ duration_ms ([\d.]+)$/m.exec(output);
  const passed = /^ℹ pass (\d+)$/m.exec(output);
  return [
    start ? `control plane ${start[1]}, CRDs ${start[2]}` : "no control-plane line",
    tests ? `node --test ${(Number(tests[1]) / 1000).toFixed(1)} s` : "",
    passed ? `${passed[1]} tests passed` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** Kubebuilder's: each tested package's time as `go test` reports it. */
function theirPhases(output: string): string {
  const packages = [...output.matchAll(/^ok\s+(\S+)\s+([\d.]+)s/gm)];
  return packages.map(([, name, seconds]) => `go test ${name} ${seconds} s`).join("; ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

if (!existsSync(join(assets, "kube-apiserver")) || !existsSync(join(assets, "etcd"))) {
  throw new Error(`no control-plane binaries in ${assets}: run \`npm run envtest\` first`);
}
if (!existsSync(join(root, "dist"))) throw new Error("run `npm run build` first");

process.stdout.write(`# preparing both projects in ${work}\n`);
const ours = prepareOurs();
const scaffold = prepareKubebuilder();
const sides: Side[] = [
  {
    name: "create-operator (examples/database.yaml): npm test",
    run: () => ourPhases(sh("npm", ["test"], { cwd: ours, env: cleanEnv() })),
  },
  {
    name: `kubebuilder ${KUBEBUILDER_VERSION} scaffold (1 API): make test`,
    run: () =>
      theirPhases(
        sh("make", ["test", `ENVTEST_K8S_VERSION=${KUBERNETES_VERSION}`], {
          cwd: scaffold,
          env: cleanEnv({ ENVTEST_INSTALLED_ONLY: "true" }),
        }),
      ),
  },
];

const report = (label: string, side: Side, { seconds, phases }: ReturnType<typeof timed>) =>
  process.stdout.write(`${label} ${side.name}: ${seconds.toFixed(1)} s (${phases})\n`);
const times = sides.map(() => [] as number[]);
for (const side of sides) {
  // Warm-up: fills tsc's and Go's build caches, the module download cache, the tool binaries.
  report("warm-up (not counted)", side, timed(side));
}
for (let round = 1; round <= runs; round++) {
  for (const [i, side] of sides.entries()) {
    const result = timed(side);
    times[i]!.push(result.seconds);
    report(`run ${round}/${runs}`, side, result);
  }
}
const [oursMedian, theirsMedian] = times.map(median) as [number, number];
process.stdout.write(
  [
    "",
    `median ${sides[0]!.name}: ${oursMedian.toFixed(1)} s`,
    `median ${sides[1]!.name}: ${theirsMedian.toFixed(1)} s`,
    `ratio (ours / kubebuilder): ${(oursMedian / theirsMedian).toFixed(2)}`,
    "",
  ].join("\n"),
);
