// The operator's tenancy CEL library against Kubernetes' own CEL: every expression of
// fixtures/tenancy-cel-corpus.ts evaluated here must give what Kubernetes 1.36's CEL environment
// gave for it (fixtures/tenancy-cel-oracle.json, written by scripts/cel-oracle from
// k8s.io/apiserver v0.36.3 on cel-go v0.26.0, the library versions of the kube-apiserver 1.36.3
// binary): the same value, or an error where it errs, with its message where this library
// reproduces the text.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Optional } from "@marcbachmann/cel-js";
import { compileTenancyExpression, tenancyEnvironment } from "../src/tenancy-cel-library.ts";
import { goG } from "../src/tenancy-cel-string-format.ts";
import { CORPUS } from "./fixtures/tenancy-cel-corpus.ts";

interface OracleResult {
  expression: string;
  result?: unknown;
  error?: string;
  compileError?: string;
}

const oracle = JSON.parse(
  readFileSync(new URL("./fixtures/tenancy-cel-oracle.json", import.meta.url), "utf8"),
) as OracleResult[];

const env = tenancyEnvironment();
const evaluate = (expression: string) => compileTenancyExpression(env, expression)();

/** A value in the oracle's encoding (scripts/cel-oracle/main.go encode). */
function encode(v: unknown): unknown {
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "bigint") return { int: v.toString() };
  if (typeof v === "number") return { double: goG(v) };
  if (v instanceof Optional) return v.hasValue() ? { some: encode(v.value()) } : { none: true };
  if (Array.isArray(v)) return v.map(encode);
  return { type: "other" };
}

/**
 * Errors whose text this library does not reproduce in full: Go's parser details after these
 * prefixes (netip's and blang/semver's wording of why a text is no address or version).
 */
const MESSAGE_PREFIXES = [
  /^IP Address "[^"]*" parse error during conversion from string: /,
  /^network address parse error during conversion from string: network address parse error during conversion from string: netip\.ParsePrefix\("[^"]*"\): /,
];

test("the corpus and the oracle's answers list the same expressions", () => {
  assert.deepEqual(
    oracle.map((r) => r.expression),
    CORPUS,
    "run node scripts/cel-oracle/update.ts after changing the corpus",
  );
});

for (const expected of oracle)
  test(`as Kubernetes 1.36: ${expected.expression}`, () => {
    assert.equal(
      expected.compileError,
      undefined,
      "the corpus holds only rules Kubernetes compiles",
    );
    let actual: unknown;
    try {
      actual = evaluate(expected.expression);
    } catch (err) {
      assert.ok(
        expected.error !== undefined,
        `Kubernetes gives ${JSON.stringify(expected.result)}: ${(err as Error).message}`,
      );
      const message = (err as Error).message.split("\n")[0]!;
      const prefix = MESSAGE_PREFIXES.find((p) => p.test(expected.error!));
      if (prefix)
        assert.match(
          message,
          new RegExp(prefix.exec(expected.error)![0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
        );
      else
        assert.ok(
          message.includes(expected.error),
          `${message}\n  should include\n${expected.error}`,
        );
      return;
    }
    assert.equal(expected.error, undefined, `Kubernetes fails with ${expected.error}`);
    assert.deepEqual(encode(actual), expected.result);
  });
