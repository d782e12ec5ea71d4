// Property: src/tenancy.ts's TENANCY_RULES, as tenancy-view.ts lays it out without prettier, is
// exactly what prettier prints, for random rules (CEL text of every length, with and without a
// message or messageExpression). The random-spec property test (prettier-clean) has no tenancy,
// so this is what makes `new` skipping prettier for src/tenancy.ts safe. Fixed seed.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { format } from "prettier";
import { Ownership } from "../../base/files.ts";
import { layoutWithoutPrettier, PRETTIER_OPTIONS } from "../format.ts";
import { ruleLiteral, rulesBreak } from "./tenancy-view.ts";

const SEED = Number(process.env.PROPERTY_SEED ?? 20261205);

/**
 * CEL-like text (identifiers, dots, operators, single-quoted strings) of a length drawn evenly up
 * to 130, so lines exactly at the print width, and one over, come up often.
 */
const CEL_CHARACTERS = "abcdefghijklmnopqrstuvwxyzA0 .'+(),=!<>&|-".split("");
const celText = fc
  .integer({ min: 1, max: 130 })
  .chain((length) =>
    fc
      .array(fc.constantFrom(...CEL_CHARACTERS), { minLength: length, maxLength: length })
      .map((characters) => characters.join("")),
  );

const rule = fc.record(
  { expression: celText, message: celText, messageExpression: celText },
  { requiredKeys: ["expression"] },
);

test("TENANCY_RULES laid out without prettier is prettier's output", async () => {
  let laidOut = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(rule, { minLength: 1, maxLength: 3 }), async (rules) => {
      const literals = rules.map((r) => ruleLiteral(r as Record<string, string>));
      const content = [
        "export const TENANCY_RULES: readonly TenancyRule[] = [",
        ...literals.map((literal) => `  ${literal},`),
        "];",
        "",
      ].join("\n");
      const file = {
        path: "src/tenancy.ts",
        content,
        ownership: Ownership.Generated,
        laidOut: true as const,
      };
      const ours = layoutWithoutPrettier(file, "typescript");
      const expected = await format(content, { ...PRETTIER_OPTIONS, parser: "typescript" });
      // Rules that fit on the declaration's line are left to prettier (tenancyLaidOut), and so
      // is a line that does not fit (render/format.ts): nothing to compare then.
      if (!rulesBreak(literals) || ours === undefined) return;
      laidOut++;
      assert.equal(ours, expected);
    }),
    { seed: SEED, numRuns: 600 },
  );
  assert.ok(laidOut > 300, `only ${laidOut} rule lists were laid out without prettier`);
});
