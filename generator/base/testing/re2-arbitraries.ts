// Random RE2 patterns (every construct the API server's Go regexp accepts that field patterns use:
// literals, escapes, classes, Unicode classes, POSIX classes, anchors, flags, groups, alternation,
// repetition) and length bounds, for property tests.

import fc from "fast-check";

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("a", "b", "x", "1", "-", " ", "é", "\\.", "\\-", "\\n", "\\x{1F600}", "\\Q+*\\E"),
  fc.constantFrom("[a-c]", "[^a]", "[^\\s\\S]", "[ab1-]", "[[:digit:]]", "[[:^alpha:]]", "[\\d_]"),
  fc.constantFrom("\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "\\pL", "\\PL", "\\p{Greek}", "."),
  fc.constantFrom("^", "$", "\\b", "\\B", "\\A", "\\z", "(?i)", "(?s)", "(?m)", "(?-s)"),
);

const part: fc.Arbitrary<string> = fc.letrec<{ re: string }>((tie) => ({
  re: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    atom,
    fc.tuple(tie("re"), tie("re")).map(([a, b]) => a + b),
    fc.tuple(tie("re"), tie("re")).map(([a, b]) => `${a}|${b}`),
    fc
      .tuple(tie("re"), fc.constantFrom("*", "+", "?", "{2}", "{0,3}", "{1,}", "*?", "{2,4}?"))
      .map(([a, q]) => `(?:${a})${q}`),
    tie("re").map((a) => `(${a})`),
    fc.constant(""),
  ),
})).re;

/** Half anchored at both ends, as most field patterns are, so fewer match everything. */
export const pattern = fc.oneof(
  part,
  part.map((p) => `^(?:${p})$`),
);

export const bounds = fc.record({
  minLength: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  maxLength: fc.option(fc.integer({ min: 0, max: 24 }), { nil: undefined }),
});
