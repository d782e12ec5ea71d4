import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fieldViolations } from "./field-violations.ts";
import { field } from "./testing/fixtures.ts";

describe("fieldViolations: the API server's view", () => {
  it("matches patterns with RE2: unanchored search, RE2-only syntax, no backtracking", () => {
    const f = (pattern: string) => field("x", "string", { pattern });
    assert.deepEqual(fieldViolations(f("b"), "abc"), []);
    assert.deepEqual(fieldViolations(f("(?i)^abc$"), "ABC"), []);
    assert.deepEqual(fieldViolations(f("^\\pL+\\z"), "Ωmega"), []);
    assert.equal(fieldViolations(f("^[[:digit:]]+$"), "12a").length, 1);
    const started = performance.now();
    assert.equal(fieldViolations(f("^(a+)+$"), `${"a".repeat(5000)}!`).length, 1);
    assert.ok(performance.now() - started < 2_000);
  });

  it("keeps integers within the format the server enforces: int32, else int64", () => {
    const int32 = field("x", "integer", { format: "int32" });
    assert.deepEqual(fieldViolations(int32, 2 ** 31 - 1), []);
    assert.deepEqual(fieldViolations(int32, -(2 ** 31)), []);
    assert.equal(fieldViolations(int32, 2 ** 31).length, 1);
    assert.equal(fieldViolations(int32, -(2 ** 31) - 1).length, 1);
    for (const format of [undefined, "int64"]) {
      const int64 = field("x", "integer", { format });
      assert.deepEqual(fieldViolations(int64, Number.MAX_SAFE_INTEGER), []);
      assert.equal(fieldViolations(int64, 2 ** 63).length, 1, `${format}`);
    }
  });

  it("keeps float-format numbers within float32", () => {
    const float = field("x", "number", { format: "float" });
    assert.deepEqual(fieldViolations(float, 3.4e38), []);
    assert.equal(fieldViolations(float, 3.5e38).length, 1);
    assert.deepEqual(fieldViolations(field("x", "number", { format: "double" }), 1e300), []);
  });
});
