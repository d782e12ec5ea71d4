import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { stringForPattern } from "./pattern-example.ts";

describe("stringForPattern", () => {
  const patterns = [
    "^[A-Z]{3}$",
    "^[0-9]+(\\.[0-9]+)?$",
    "^[A-Za-z_][A-Za-z0-9_]*$",
    "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$",
    "^(small|medium)-\\d{2,4}$",
    "^v[0-9]+(alpha|beta)?[0-9]*$",
  ];
  for (const pattern of patterns) {
    it(`matches ${pattern}`, () => {
      for (const extra of [0, 1, 2]) {
        const value = stringForPattern(pattern, extra);
        assert.ok(value !== undefined && new RegExp(pattern).test(value), `${extra}: ${value}`);
      }
    });
  }

  it("gives up on what it does not model", () => {
    assert.equal(stringForPattern("^[^a-z]+$"), undefined);
    assert.equal(stringForPattern("^(?!x)y$"), undefined);
    assert.equal(stringForPattern("\\bword"), undefined);
  });
});
