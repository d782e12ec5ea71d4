// Property test of the whole path a pattern takes: a spec with a random RE2 pattern, length
// bounds and sometimes a format either gets a located error from check, or renders: its sample
// value and every contract value are built without an internal error and keep the field's rules.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parse } from "yaml";
import { hasErrors } from "../../base/diagnostics.ts";
import { re2Problem } from "../../base/re2-pattern.ts";
import { bounds, pattern } from "../../base/testing/re2-arbitraries.ts";
import { checkSpec } from "../../check/check-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { buildContractView } from "./contract-view.ts";

const RUNS = Number(process.env.PATTERN_RUNS ?? 150) / 2;

function spec(p: string, b: { minLength?: number; maxLength?: number }, format?: string): string {
  const lines = [
    "      type: string",
    `      pattern: ${JSON.stringify(p)}`,
    ...(b.minLength !== undefined ? [`      minLength: ${b.minLength}`] : []),
    ...(b.maxLength !== undefined ? [`      maxLength: ${b.maxLength}`] : []),
    ...(format ? [`      format: ${format}`] : []),
  ];
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    code:
${lines.join("\n")}
status:
  conditions:
    - type: Ready
`;
}

test("a random pattern field gets a located error or renders with valid values", () => {
  fc.assert(
    fc.property(
      pattern,
      bounds,
      fc.option(fc.constantFrom("hostname", "email", "uuid", "date"), { nil: undefined }),
      (p, b, format) => {
        fc.pre(re2Problem(p) === undefined);
        const source = spec(p, b, format);
        const parsed = parseSpec(source, "operator.yaml");
        assert.ok(parsed.ok, source);
        const diagnostics = checkSpec(parsed.spec);
        if (hasErrors(diagnostics)) {
          const codes = diagnostics.filter((d) => d.severity === "error").map((d) => d.code);
          assert.ok(
            codes.every((c) => c === "SEM120" || c === "SEM024"),
            `${codes.join(", ")} for ${source}`,
          );
          for (const d of diagnostics) assert.ok(d.position.line > 0 && !d.message.includes("\n"));
          return;
        }
        const model = buildModel(parse(source), source);
        const field = model.spec.fields[0]!;
        assert.deepEqual(fieldViolations(field, exampleValue(field)), [], source);
        assert.doesNotThrow(() => buildContractView(model), source);
      },
    ),
    { seed: 20261202, numRuns: RUNS },
  );
});
