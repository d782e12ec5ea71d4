// Test doubles for the envtest tests: shell-script control-plane binaries that answer --version,
// a recording `go` that "builds" such binaries, and the CLI run from source in a child process.

import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `envtest-${prefix}-`));
}

function writeExecutable(file: string, content: string): string {
  writeFileSync(file, content);
  chmodSync(file, 0o755);
  return file;
}

/** kube-apiserver and etcd scripts in dir that report the given versions. */
export function writeStubBinaries(
  dir: string,
  versions: { kubernetes: string; etcd: string },
): string {
  mkdirSync(dir, { recursive: true });
  writeExecutable(join(dir, "kube-apiserver"), stubApiserver(versions.kubernetes));
  writeExecutable(join(dir, "etcd"), stubEtcd(versions.etcd));
  return dir;
}

const stubApiserver = (version: string): string => `#!/bin/sh\necho "Kubernetes v${version}"\n`;
const stubEtcd = (version: string): string =>
  `#!/bin/sh\necho "etcd Version: ${version}"\necho "Go Version: go1.26.8"\n`;

export interface GoCall {
  args: string[];
  cwd: string;
  /** The files of the module directory go was run in, with their contents. */
  files: Record<string, string>;
  env: Record<string, string | undefined>;
  /** What the -o directory held when go was called. */
  outDir: string[];
}

/**
 * A `go` in binDir that appends every `go build` call to <binDir>/calls.jsonl and writes a stub
 * binary to its -o path. `go env GOVERSION` prints $STUB_GO_VERSION (default go1.26.8);
 * $STUB_GO_FAIL names a binary whose build fails; $STUB_APISERVER_REPORTS overrides the version
 * the stub kube-apiserver reports.
 */
export function writeStubGo(binDir: string): { calls: () => GoCall[] } {
  mkdirSync(binDir, { recursive: true });
  const log = join(binDir, "calls.jsonl");
  writeExecutable(
    join(binDir, "go"),
    `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const args = process.argv.slice(2);
if (args[0] === "env" && args[1] === "GOVERSION") {
  console.log(process.env.STUB_GO_VERSION ?? "go1.26.8");
  process.exit(0);
}
if (args[0] !== "build") process.exit(2);
const files = {};
for (const name of fs.readdirSync(process.cwd())) files[name] = fs.readFileSync(name, "utf8");
const keys = ["CGO_ENABLED", "GOTOOLCHAIN", "GOWORK", "GOPROXY", "GOFLAGS"];
const env = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
const out = args[args.indexOf("-o") + 1];
const outDir = fs.readdirSync(path.dirname(out)).sort();
const call = { args, cwd: process.cwd(), files, env, outDir };
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(call) + "\\n");
const binary = args.at(-1).includes("kube-apiserver") ? "kube-apiserver" : "etcd";
if (process.env.STUB_GO_FAIL === binary) {
  console.error("go: downloading example.com/broken v1.0.0");
  console.error("build failed on purpose");
  process.exit(1);
}
const script = binary === "etcd"
  ? ${JSON.stringify(stubEtcd("3.6.16"))}
  : ${JSON.stringify(stubApiserver("__VERSION__"))}.replace("__VERSION__", process.env.STUB_APISERVER_REPORTS ?? "1.36.3");
fs.writeFileSync(out, script, { mode: 0o755 });
`,
  );
  return {
    calls: () => {
      try {
        return readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as GoCall);
      } catch {
        return [];
      }
    },
  };
}

const MAIN_TS = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

/** `create-operator <args>` from source (Node 24 type stripping), with exactly the env given. */
export function runCliFromSource(
  args: string[],
  env: Record<string, string>,
): SpawnSyncReturns<string> {
  const code = `import { main } from ${JSON.stringify(MAIN_TS)}; process.exitCode = await main(process.argv.slice(1));`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", code, ...args], {
    encoding: "utf8",
    env,
  });
}
