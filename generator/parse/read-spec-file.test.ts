import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  ftruncateSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { InputError, type Diagnostic } from "../base/diagnostics.ts";
import { MAX_SPEC_BYTES } from "./parse-spec.ts";
import { readSpecFile } from "./read-spec-file.ts";

const dir = () => mkdtempSync(join(tmpdir(), "read-spec-"));

function refusal(path: string): Diagnostic {
  try {
    readSpecFile(path);
  } catch (error) {
    assert.ok(error instanceof InputError, `expected an InputError, got ${String(error)}`);
    assert.equal(error.diagnostics.length, 1);
    const [d] = error.diagnostics;
    assert.equal(d!.file, path, "the diagnostic names the path");
    return d!;
  }
  assert.fail(`${path} was read`);
}

test("a regular file is read as UTF-8 text", () => {
  const path = join(dir(), "operator.yaml");
  writeFileSync(path, "a: ü\n");
  assert.equal(readSpecFile(path), "a: ü\n");
});

test("IO001: a missing file, or a symbolic link to nothing, is not found", () => {
  const root = dir();
  assert.equal(refusal(join(root, "missing.yaml")).code, "IO001");
  symlinkSync(join(root, "gone.yaml"), join(root, "link.yaml"));
  const d = refusal(join(root, "link.yaml"));
  assert.equal(d.code, "IO001");
  assert.match(d.message, /symbolic link/);
});

test("IO002: a directory is refused as not a regular file", () => {
  const d = refusal(dir());
  assert.equal(d.code, "IO002");
  assert.match(d.message, /is a directory/);
});

test("IO002: a FIFO is refused without waiting for a writer", () => {
  const path = join(dir(), "pipe.yaml");
  execFileSync("mkfifo", [path]);
  const started = Date.now();
  assert.equal(refusal(path).code, "IO002");
  assert.ok(Date.now() - started < 2000);
});

test("IO003: a file that cannot be read is reported with the cause", () => {
  const root = dir();
  symlinkSync("loop.yaml", join(root, "loop.yaml"));
  const d = refusal(join(root, "loop.yaml"));
  assert.equal(d.code, "IO003");
  assert.match(d.message, /symbolic links|ELOOP/);
});

test("YAML003: a 3 GB sparse file is refused from its size, without reading it", () => {
  const path = join(dir(), "huge.yaml");
  const fd = openSync(path, "w");
  ftruncateSync(fd, 3 * 1024 ** 3);
  closeSync(fd);
  const rss = process.memoryUsage().rss;
  const started = Date.now();
  const d = refusal(path);
  assert.equal(d.code, "YAML003");
  assert.match(d.message, new RegExp(`limit is ${MAX_SPEC_BYTES}`));
  assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
  assert.ok(process.memoryUsage().rss - rss < 32 * 1024 ** 2, "read nothing into memory");
});

test("YAML003: a file just over the limit is refused, one at the limit is read", () => {
  const root = dir();
  writeFileSync(join(root, "at.yaml"), "#".repeat(MAX_SPEC_BYTES));
  assert.equal(readSpecFile(join(root, "at.yaml")).length, MAX_SPEC_BYTES);
  writeFileSync(join(root, "over.yaml"), "#".repeat(MAX_SPEC_BYTES + 1));
  assert.equal(refusal(join(root, "over.yaml")).code, "YAML003");
});

test("YAML011: bytes that are not UTF-8 are refused instead of silently replaced", () => {
  const path = join(dir(), "latin1.yaml");
  writeFileSync(path, Buffer.from([0x61, 0x3a, 0x20, 0xfc, 0x0a])); // "a: ü" in Latin-1
  const d = refusal(path);
  assert.equal(d.code, "YAML011");
  assert.match(d.message, /UTF-8/);
});

test("docs/diagnostics.md documents every IO code the reader emits", () => {
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
  const codes = new Set(read("./read-spec-file.ts").match(/\bIO\d{3}\b/g));
  const documented = new Set(read("../../docs/diagnostics.md").match(/\bIO\d{3}\b/g));
  assert.ok(codes.size >= 3);
  assert.deepEqual(
    [...codes].filter((c) => !documented.has(c)),
    [],
  );
  assert.deepEqual(
    [...documented].filter((c) => !codes.has(c)),
    [],
  );
});
