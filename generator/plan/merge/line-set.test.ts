import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { mergeLineSet } from "./line-set.ts";

const set = fc
  .uniqueArray(fc.constantFrom("node_modules/", "dist/", ".env", "*.log", "coverage/", "# x"), {
    maxLength: 6,
  })
  .map((l) => (l.length ? l.join("\n") + "\n" : ""));

test("user additions and generator changes both land; removals on either side hold", () => {
  const base = "node_modules/\ndist/\n.env\n";
  const ours = "node_modules/\ndist/\n*.log\n"; // user removed .env, added *.log
  const theirs = "node_modules/\nbuild/\n.env\n"; // generator replaced dist/ with build/
  assert.equal(mergeLineSet(base, ours, theirs).content, "node_modules/\n*.log\nbuild/\n");
});

test("without a base the result is the union", () => {
  assert.equal(mergeLineSet(undefined, "a\nb\n", "b\nc\n").content, "a\nb\nc\n");
});

test("property: the merge is the union minus what either side removed, never a conflict", () => {
  fc.assert(
    fc.property(set, set, set, (base, ours, theirs) => {
      const result = mergeLineSet(base, ours, theirs);
      assert.deepEqual(result.conflicts, []);
      const lines = (t: string) => new Set(t.split("\n").filter((l) => l !== ""));
      const [o, a, b, m] = [base, ours, theirs, result.content].map(lines);
      for (const line of a!) if (!o!.has(line)) assert.ok(m!.has(line), `user's ${line} kept`);
      for (const line of b!) if (!o!.has(line)) assert.ok(m!.has(line), `generated ${line} added`);
      for (const line of o!)
        if (!a!.has(line) || !b!.has(line)) assert.ok(!m!.has(line), `${line} removed`);
    }),
  );
});

test("property: an unchanged side takes the other side exactly", () => {
  fc.assert(
    fc.property(set, set, (base, other) => {
      assert.equal(mergeLineSet(base, base, other).content, other);
      assert.equal(mergeLineSet(base, other, base).content, other);
    }),
  );
});
