import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveInside, UnsafePathError } from "./safe-path.ts";

test("paths inside the root resolve", () => {
  assert.equal(resolveInside("/tmp/project", "src/main.ts"), "/tmp/project/src/main.ts");
});

for (const [path, reason] of [
  ["../outside.txt", "'..'"],
  ["src/../../etc/passwd", "'..'"],
  ["/etc/passwd", "absolute"],
  ["src\\main.ts", "backslashes"],
  ["src//main.ts", "empty"],
  ["a\0b", "NUL"],
  ["", "empty path"],
] as const) {
  test(`refuses ${JSON.stringify(path)}`, () => {
    assert.throws(
      () => resolveInside("/tmp/project", path),
      (error: unknown) => error instanceof UnsafePathError && error.message.includes(reason),
    );
  });
}
