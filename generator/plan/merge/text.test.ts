import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { firstConflictMarker } from "./lines.ts";
import { mergeText } from "./text.ts";

const lines = fc.array(fc.constantFrom("a", "b", "c", "d", "", "e f"), { maxLength: 12 });
const text = lines.map((l) => l.join("\n") + "\n");

test("edits to different lines both land", () => {
  const base = "one\ntwo\nthree\nfour\n";
  const result = mergeText(base, "ONE\ntwo\nthree\nfour\n", "one\ntwo\nthree\nFOUR\n");
  assert.deepEqual(result, { content: "ONE\ntwo\nthree\nFOUR\n", conflicts: [] });
});

test("the same line changed differently is a diff3-style conflict with the base shown", () => {
  const result = mergeText("a\nx\nb\n", "a\nmine\nb\n", "a\ngen\nb\n");
  assert.equal(
    result.content,
    "a\n<<<<<<< yours\nmine\n||||||| base\nx\n=======\ngen\n>>>>>>> generated\nb\n",
  );
  assert.deepEqual(result.conflicts, [{ line: 2, message: 'both sides changed: "mine"' }]);
  assert.equal(firstConflictMarker(result.content), 2);
});

test("without a base, only the differing lines are shown as yours versus generated", () => {
  const result = mergeText(undefined, "a\nmine\nb\n", "a\ngen\nb\n");
  assert.equal(result.content, "a\n<<<<<<< yours\nmine\n=======\ngen\n>>>>>>> generated\nb\n");
  assert.equal(result.conflicts.length, 1);
});

test("property: an unchanged side takes the other side; equal sides are clean", () => {
  fc.assert(
    fc.property(text, text, (base, other) => {
      assert.deepEqual(mergeText(base, base, other), { content: other, conflicts: [] });
      assert.deepEqual(mergeText(base, other, base), { content: other, conflicts: [] });
      assert.deepEqual(mergeText(base, other, other), { content: other, conflicts: [] });
    }),
  );
});

test("property: a clean merge has no markers, a conflicted one names a line holding one", () => {
  fc.assert(
    fc.property(text, text, text, (base, ours, theirs) => {
      const result = mergeText(base, ours, theirs);
      if (result.conflicts.length === 0)
        assert.equal(firstConflictMarker(result.content), undefined);
      else
        for (const c of result.conflicts)
          assert.ok(result.content.split("\n")[c.line - 1]!.startsWith("<<<<<<< yours"));
    }),
  );
});
