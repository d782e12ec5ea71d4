import assert from "node:assert/strict";
import { test } from "node:test";
import { DERIVED_MAX_LENGTH } from "../check/cel-bounds.ts";
import { buildModel } from "./build-model.ts";
import { walkFields } from "./build-fields.ts";

function spec(fields: Record<string, unknown>, rules: unknown[] = []) {
  return {
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorSpec",
    metadata: { name: "shop-operator" },
    api: { group: "shop.example.com", kind: "Shop", versions: [{ name: "v1" }] },
    spec: { fields, rules },
    status: { conditions: [{ type: "Ready" }] },
  };
}

const maxLengths = (data: unknown) =>
  Object.fromEntries(
    walkFields(buildModel(data, "").spec.fields).map((f) => [f.path, f.maxLength]),
  );

test("the model derives maxLength only where the CEL cost estimate needs it", () => {
  assert.deepEqual(
    maxLengths(spec({ name: { type: "string" } }, [{ rule: "has(self.name)", message: "m" }])),
    { name: undefined },
  );
  assert.deepEqual(
    maxLengths(
      spec(
        {
          name: { type: "string" },
          part: { type: "string", maxLength: 100 },
          note: { type: "string" },
        },
        [{ rule: "self.name.contains(self.part) && has(self.note)", message: "m" }],
      ),
    ),
    { name: DERIVED_MAX_LENGTH, part: 100, note: undefined },
  );
});

test("items of a bounded list get the derived maxLength at their own path", () => {
  const data = spec({
    tags: {
      type: "array",
      maxItems: 100,
      items: {
        type: "object",
        fields: { name: { type: "string" } },
        rules: [{ rule: "self.name.matches('^a')", message: "m" }],
      },
    },
  });
  assert.equal(maxLengths(data)["tags[].name"], DERIVED_MAX_LENGTH);
});
