import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ownership } from "../base/files.ts";
import { formatFile } from "./format.ts";

const file = {
  path: "src/a.ts",
  content: "export const a = {b:1}",
  ownership: Ownership.Generated,
};

test("formats TypeScript and caches the result by content", async () => {
  const cache = mkdtempSync(join(tmpdir(), "format-cache-"));
  const first = await formatFile(file, cache);
  assert.equal(first.content, "export const a = { b: 1 };\n");
  assert.equal(readdirSync(cache).length, 1, "one cache entry written");
  const second = await formatFile(file, cache);
  assert.equal(second.content, first.content);
});

test("files without a prettier parser pass through untouched", async () => {
  const dockerfile = { ...file, path: "Dockerfile", content: "FROM  node:24\n" };
  assert.equal((await formatFile(dockerfile, undefined)).content, "FROM  node:24\n");
});

test("a template that renders invalid code is reported as an internal error naming the file", async () => {
  await assert.rejects(
    formatFile({ ...file, content: "export const = ;" }, undefined),
    /internal error: rendered src\/a.ts is not valid typescript/,
  );
});
