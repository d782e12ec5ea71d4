// The questions without --spec, as a user meets them: in a real pseudo-terminal (util-linux
// `script` gives the CLI a TTY; we type into it and read the screen), and with --yes. Answers
// are checked as they are typed, and they are never lost: the project's operator.yaml holds
// them, or, when generation fails, a spec file beside the target does.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BIN, REPO_ROOT, runCli, tempDir } from "./support.ts";

/** Screen text without colours and cursor movement. */
const plain = (text: string) =>
  text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\x1b[()][A-Z0-9]/g, "");

/** Runs the CLI on a pseudo-terminal; `answer` is called whenever new output arrives. */
function terminalSession(
  args: string[],
  cwd: string,
  steps: { waitFor: RegExp; type: string }[],
): Promise<{ status: number | null; screen: string }> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd,
    env: { ...process.env, NO_COLOR: "1", TERM: "xterm", COLUMNS: "200" },
  });
  let screen = "";
  let step = 0;
  let consumed = 0;
  const onOutput = (chunk: Buffer) => {
    screen += chunk.toString("utf8");
    const current = steps[step];
    if (!current) return;
    const fresh = plain(screen).slice(consumed);
    if (current.waitFor.test(fresh)) {
      consumed = plain(screen).length;
      step++;
      child.stdin.write(current.type);
    }
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);
  const timeout = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((done) => {
    child.on("close", (status) => {
      clearTimeout(timeout);
      done({ status, screen: plain(screen) });
    });
  });
}

const ENTER = "\r";
const ERASE = "\x7f".repeat(40);

test("in a terminal: each answer is checked as typed and re-asked with the reason", async () => {
  const cwd = tempDir("prompts");
  const { status, screen } = await terminalSession(["new", "my-operator"], cwd, [
    { waitFor: /Project name.*\(my-operator\)/, type: `Bad_Name${ENTER}` },
    { waitFor: /not a DNS-1123 label/, type: `${ERASE}shop-operator${ENTER}` },
    // The kind offered follows the name just typed, not the directory's name.
    { waitFor: /Kind of the custom resource.*\(Shop\)/, type: `shop${ENTER}` },
    { waitFor: /is not PascalCase/, type: `${ERASE}Shop${ENTER}` },
    { waitFor: /API group.*\(shop\.example\.com\)/, type: ENTER },
    { waitFor: /Scope/, type: ENTER },
    { waitFor: /outside Kubernetes/, type: `n${ENTER}` },
    { waitFor: /Preset to extend/, type: ENTER },
  ]);
  assert.equal(status, 0, screen);
  const spec = readFileSync(join(cwd, "my-operator", "operator.yaml"), "utf8");
  assert.match(spec, /name: shop-operator\n/);
  assert.match(spec, /kind: Shop\n/);
  assert.match(screen, /the spec made from your answers is my-operator\/operator\.yaml/);
});

test("in a terminal: answers that cannot be written are kept beside the target", async () => {
  const cwd = tempDir("prompts");
  mkdirSync(join(cwd, "taken"));
  writeFileSync(join(cwd, "taken", "notes.txt"), "mine");
  const { status, screen } = await terminalSession(["new", "taken"], cwd, [
    { waitFor: /Project name/, type: `${ERASE}inventory-operator${ENTER}` },
    { waitFor: /Kind of the custom resource.*\(Inventory\)/, type: ENTER },
    { waitFor: /API group/, type: ENTER },
    { waitFor: /Scope/, type: ENTER },
    { waitFor: /outside Kubernetes/, type: `y${ENTER}` },
    { waitFor: /Name of that resource/, type: `${ERASE}warehouse${ENTER}` },
    { waitFor: /Preset to extend/, type: ENTER },
  ]);
  assert.equal(status, 1, screen);
  assert.match(screen, /is not empty/);
  const kept = join(cwd, "taken.operator.yaml");
  assert.ok(screen.includes(`your answers are kept in ${kept}`), screen);
  const spec = readFileSync(kept, "utf8");
  assert.match(spec, /name: inventory-operator\n/);
  assert.match(spec, /name: warehouse\n/);
  const again = runCli(["new", join(cwd, "fresh"), "--spec", kept]);
  assert.equal(again.status, 0, again.stderr);
});

test("--yes into a non-empty directory keeps the answers and says where", () => {
  const cwd = tempDir("prompts");
  mkdirSync(join(cwd, "shop-operator"));
  writeFileSync(join(cwd, "shop-operator", "x"), "");
  writeFileSync(join(cwd, "shop-operator.operator.yaml"), "mine: true\n");
  const result = runCli(["new", "shop-operator", "--yes"], { cwd });
  assert.equal(result.status, 1, result.stderr);
  const kept = join(cwd, "shop-operator.operator-2.yaml");
  assert.match(result.stderr, /your answers are kept in .*shop-operator\.operator-2\.yaml/);
  assert.equal(readFileSync(join(cwd, "shop-operator.operator.yaml"), "utf8"), "mine: true\n");
  assert.match(readFileSync(kept, "utf8"), /kind: Shop\n/);
});

test("--yes whose defaults break a rule: the diagnostics point into the kept file", () => {
  const cwd = tempDir("prompts");
  const dir = `${"a".repeat(45)}-operator`;
  const result = runCli(["new", dir, "--yes"], { cwd });
  assert.equal(result.status, 1, result.stderr);
  const kept = join(cwd, `${dir}.operator.yaml`);
  assert.ok(existsSync(kept), result.stderr);
  const line = result.stderr.split("\n").find((l) => l.includes("metadata.name"));
  assert.ok(line?.startsWith(`${kept}:`), result.stderr);
  const [, row, col] = /:(\d+):(\d+) /.exec(line!)!;
  const text = readFileSync(kept, "utf8").split("\n")[Number(row) - 1]!;
  assert.equal(text.slice(Number(col) - 1), dir, "line:col is the name in the kept file");
  assert.equal(existsSync(join(cwd, dir)), false);
});

test("in a terminal: Ctrl-C ends the questions cleanly, with nothing written", async () => {
  const cwd = tempDir("prompts");
  const { status, screen } = await terminalSession(["new", "my-operator"], cwd, [
    { waitFor: /Project name/, type: "\x03" },
  ]);
  assert.equal(status, 130, screen);
  assert.match(screen, /the questions were cancelled; nothing was written/);
  assert.doesNotMatch(screen, /internal error/);
  assert.equal(existsSync(join(cwd, "my-operator")), false);
});

test("in a terminal: the last question picks a preset, checked for existence as typed", async () => {
  const cwd = tempDir("prompts");
  cpSync(join(REPO_ROOT, "examples/presets/acme-platform"), join(cwd, "presets/acme"), {
    recursive: true,
  });
  const { status, screen } = await terminalSession(["new", "shop-operator"], cwd, [
    { waitFor: /Project name/, type: ENTER },
    { waitFor: /Kind of the custom resource/, type: ENTER },
    { waitFor: /API group/, type: ENTER },
    { waitFor: /Scope/, type: ENTER },
    { waitFor: /outside Kubernetes/, type: `n${ENTER}` },
    { waitFor: /Preset to extend/, type: `./presets/acm${ENTER}` },
    { waitFor: /no preset at/, type: `${ERASE}./presets/acme${ENTER}` },
  ]);
  assert.equal(status, 0, screen);
  assert.ok(screen.includes(join(cwd, "presets/acm")), "the re-ask names where it looked");
  const dir = join(cwd, "shop-operator");
  assert.match(readFileSync(join(dir, "operator.yaml"), "utf8"), /^extends: \.\.\/presets\/acme$/m);
  const lock = JSON.parse(readFileSync(join(dir, ".create-operator/lock.json"), "utf8"));
  assert.equal(lock.preset.name, "acme-platform");
  assert.ok(existsSync(join(dir, ".github/workflows/ci.yaml")));
});

test("--yes --preset: the default answers extend the preset", () => {
  const cwd = tempDir("prompts");
  cpSync(join(REPO_ROOT, "examples/presets/acme-platform"), join(cwd, "presets/acme"), {
    recursive: true,
  });
  const result = runCli(["new", "shop-operator", "--yes", "--preset", "presets/acme"], { cwd });
  assert.equal(result.status, 0, result.stderr);
  const spec = readFileSync(join(cwd, "shop-operator/operator.yaml"), "utf8");
  assert.match(spec, /^kind: OperatorSpec\nextends: \.\.\/presets\/acme\n/m);
  const bad = runCli(["new", "other", "--yes", "--preset", "Not A Preset"], { cwd });
  assert.equal(bad.status, 2, bad.stderr);
  assert.match(bad.stderr, /neither a path .* nor an npm package name/);
});
