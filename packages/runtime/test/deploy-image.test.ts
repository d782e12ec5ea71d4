// `npm run image:build` / `image:push` (operator-kit image …) with a recording docker or podman
// shim on PATH: the exact commands, the IMG override and the default image, the tool's exit code,
// and the message when neither CLI is there. The shims stand in for the container CLIs only;
// no container runtime runs here.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const KIT = fileURLToPath(new URL("../src/deploy/bin.ts", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "operator-kit-image-"));
after(() => rmSync(root, { recursive: true, force: true }));
const project = join(root, "project");
const bin = join(root, "bin");
const empty = join(root, "empty");
for (const dir of [project, bin, empty]) mkdirSync(dir);
// What the generator writes for the default image: config/manager pins the image (the spec's
// repository, package.json's version), the chart's appVersion is the version it rendered.
const PINNED = "registry.acme.internal/platform/database-operator:0.3.1";
const packageJson = (version: string) =>
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "database-operator", version }),
  );
packageJson("0.3.1");
for (const dir of ["config/default", "config/manager", "chart"])
  mkdirSync(join(project, dir), { recursive: true });
writeFileSync(join(project, "config/default/kustomization.yaml"), "resources:\n  - ../manager\n");
writeFileSync(join(project, "config/manager/kustomization.yaml"), "resources:\n  - manager.yaml\n");
writeFileSync(
  join(project, "config/manager/manager.yaml"),
  [
    "apiVersion: apps/v1",
    "kind: Deployment",
    "metadata: { name: database-operator-controller-manager, namespace: database-operator-system }",
    "spec:",
    "  template:",
    "    spec:",
    `      containers: [{ name: manager, image: "${PINNED}" }]`,
    "",
  ].join("\n"),
);
writeFileSync(join(project, "chart/Chart.yaml"), "apiVersion: v2\nappVersion: 0.3.1\n");

/** A CLI on PATH that records its working directory and arguments, one per line, and exits with `code`. */
function shim(name: string, code = 0): string {
  const log = join(root, `${name}.log`);
  const path = join(bin, name);
  writeFileSync(path, `#!/bin/sh\npwd > "${log}"\nprintf '%s\\n' "$@" >> "${log}"\nexit ${code}\n`);
  chmodSync(path, 0o755);
  return log;
}

async function kit(args: string[], env: Record<string, string>) {
  return promisify(execFile)(process.execPath, [KIT, ...args], { cwd: project, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test("neither docker nor podman on PATH: a message naming both, exit 1", async () => {
  const run = await kit(["image", "build"], { PATH: empty });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /neither docker nor podman is on PATH/);
  assert.match(run.stderr, /Install Docker .* or Podman/);
});

test("image build runs `docker build -t $IMG .` in the project's root", async () => {
  const log = shim("docker");
  const run = await kit(["image", "build"], {
    PATH: bin,
    IMG: "registry.example.com/team/db:1.2.3",
  });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(readFileSync(log, "utf8").split("\n"), [
    project,
    "build",
    "-t",
    "registry.example.com/team/db:1.2.3",
    ".",
    "",
  ]);
  assert.match(run.stdout, /docker build -t registry\.example\.com\/team\/db:1\.2\.3 \./);
});

test("image push without IMG pushes the image config/manager pins", async () => {
  const log = shim("docker");
  const run = await kit(["image", "push"], { PATH: bin });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(readFileSync(log, "utf8").split("\n").slice(1), ["push", PINNED, ""]);
});

test("without IMG, a version bump not yet generated is refused with what to run", async () => {
  const log = shim("docker");
  rmSync(log, { force: true });
  packageJson("0.4.0");
  try {
    const run = await kit(["image", "build"], { PATH: bin });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /package\.json's version is 0\.4\.0, but the project was generated at 0\.3\.1: run `npx create-operator generate`/,
    );
    assert.equal(existsSync(log), false, "docker never ran");
    const explicit = await kit(["image", "build"], { PATH: bin, IMG: "db:0.4.0" });
    assert.equal(explicit.code, 0, explicit.stderr);
  } finally {
    packageJson("0.3.1");
  }
});

test("podman when docker is absent; the tool's failure is the command's exit code", async () => {
  rmSync(join(bin, "docker"));
  const log = shim("podman", 3);
  const run = await kit(["image", "build"], { PATH: bin, IMG: "db:dev" });
  assert.equal(run.code, 3);
  assert.deepEqual(readFileSync(log, "utf8").split("\n").slice(1), [
    "build",
    "-t",
    "db:dev",
    ".",
    "",
  ]);
});

/**
 * A docker client whose daemon does not answer, as on a machine with the CLI but no running
 * engine: `docker version` fails with docker's own message; anything else is recorded.
 */
function dockerWithoutDaemon(): string {
  const log = join(root, "docker.log");
  const path = join(bin, "docker");
  writeFileSync(
    path,
    `#!/bin/sh\nif [ "$1" = version ]; then\n  echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?" >&2\n  exit 1\nfi\nprintf '%s\\n' "$@" > "${log}"\nexit 0\n`,
  );
  chmodSync(path, 0o755);
  rmSync(log, { force: true });
  return log;
}

test("docker without its daemon, podman present: podman builds, and the output says why", async () => {
  const docker = dockerWithoutDaemon();
  const podman = shim("podman");
  const run = await kit(["image", "build"], { PATH: bin, IMG: "db:dev" });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /docker's daemon does not answer \(Cannot connect to the Docker daemon/);
  assert.match(run.stdout, /using podman/);
  assert.deepEqual(readFileSync(podman, "utf8").split("\n").slice(1), [
    "build",
    "-t",
    "db:dev",
    ".",
    "",
  ]);
  assert.throws(() => readFileSync(docker), /ENOENT/, "docker build never ran");
});

test("docker without its daemon and no podman: what is wrong and how to fix it, exit 1", async () => {
  rmSync(join(bin, "podman"), { force: true });
  const docker = dockerWithoutDaemon();
  const run = await kit(["image", "build"], { PATH: bin, IMG: "db:dev" });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /docker is on PATH but its daemon does not answer/);
  assert.match(run.stderr, /Cannot connect to the Docker daemon/);
  assert.match(run.stderr, /systemctl start docker/);
  assert.match(run.stderr, /Podman/);
  assert.throws(() => readFileSync(docker), /ENOENT/, "docker build never ran");
});
