// SEM108: a default its own schema's CEL rules reject, which makes the API server refuse the CRD.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("SEM108 the spec object its fields' defaults make breaks a spec-level rule", () => {
  const src = edit(
    MINIMAL,
    "  fields:\n    size:\n",
    '  rules:\n    - rule: "!has(self.replicas) || self.replicas > 1"\n      message: more than one\n      examples: { valid: [{ replicas: 2 }], invalid: [{ replicas: 1 }] }\n  fields:\n    replicas:\n      type: integer\n      default: 1\n    size:\n',
  );
  expectOne(src, "SEM108", posOf(src, '"!has'), "rejects the object its fields' defaults make");
});

test("SEM108 a field's own default breaks its rule, at the default", () => {
  const src = edit(
    MINIMAL,
    "      default: 3\n",
    "      default: 3\n      rules:\n        - rule: self > 5\n          message: big\n          examples: { valid: [6], invalid: [5] }\n",
  );
  const [line, col] = posOf(src, "default: 3").split(":").map(Number);
  expectOne(src, "SEM108", `${line}:${col! + "default: ".length}`, "this default breaks the rule");
});

test("a default the rule accepts, and transition rules, are not judged on defaults", () => {
  const src = edit(
    MINIMAL,
    "      default: 3\n",
    "      default: 3\n      rules:\n        - rule: self >= oldSelf\n          message: grows\n          examples: { valid: [{ old: 3, new: 4 }], invalid: [{ old: 4, new: 3 }] }\n        - rule: self > 2\n          message: big\n          examples: { valid: [3], invalid: [2] }\n",
  );
  assert.deepEqual(
    check(src).filter((d) => d.code === "SEM108"),
    [],
  );
});
