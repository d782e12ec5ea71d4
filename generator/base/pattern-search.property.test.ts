// Property test of the example search over random RE2 patterns and length bounds: it never
// throws, stays within its work bound, every string it offers matches (or fails to match) under
// RE2 and keeps the bounds, and "none" survives a brute-force check over a small alphabet.
// A fixed-seed sample runs in npm test; PATTERN_RUNS=5000 npm run fuzz:patterns runs the full form.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { searchNonMatching, searchPattern } from "./pattern-search.ts";
import { re2Matches, re2Problem } from "./re2-pattern.ts";
import { bounds, pattern } from "./testing/re2-arbitraries.ts";

const RUNS = Number(process.env.PATTERN_RUNS ?? 300);

const length = (s: string) => [...s].length;
const inBounds = (s: string, b: { minLength?: number; maxLength?: number }) =>
  length(s) >= (b.minLength ?? 0) && length(s) <= (b.maxLength ?? Infinity);

/** Every string of up to `max` runes over a small alphabet that covers the classes above. */
function smallStrings(max: number): string[] {
  const alphabet = ["a", "b", "1", "-", " ", "\n", "A", "é"];
  let layer = [""];
  const all = [""];
  for (let n = 1; n <= max; n++) {
    layer = layer.flatMap((s) => alphabet.map((c) => s + c));
    all.push(...layer);
  }
  return all;
}
const SMALL = smallStrings(3);

test("the search over random RE2 patterns: no crash, bounded work, sound answers", () => {
  fc.assert(
    fc.property(pattern, bounds, (p, b) => {
      fc.pre(re2Problem(p) === undefined);
      const started = performance.now();
      const matching = searchPattern(p, { ...b, wanted: 3 });
      const other = searchNonMatching(p, { ...b, wanted: 3 });
      // Not a timing assertion of speed, a guard against a hang: the budget keeps each far below.
      assert.ok(performance.now() - started < 20_000, "the search stopped within its budget");
      if (matching.kind === "found")
        for (const v of matching.values) {
          assert.ok(re2Matches(p, v), `${JSON.stringify(v)} matches ${p}`);
          assert.ok(inBounds(v, b), `${JSON.stringify(v)} keeps ${JSON.stringify(b)}`);
        }
      if (other.kind === "found")
        for (const v of other.values) {
          assert.ok(!re2Matches(p, v), `${JSON.stringify(v)} does not match ${p}`);
          assert.ok(inBounds(v, b));
        }
      const small = SMALL.filter((s) => inBounds(s, b));
      if (matching.kind === "none")
        assert.equal(
          small.find((s) => re2Matches(p, s)),
          undefined,
          `none matches ${p}`,
        );
      if (other.kind === "none")
        assert.equal(
          small.find((s) => !re2Matches(p, s)),
          undefined,
          `all match ${p}`,
        );
      if (matching.kind === "none" && other.kind === "none")
        assert.equal(small.length, 0, "some string either matches or does not");
    }),
    { seed: 20261201, numRuns: RUNS },
  );
});
