import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDiagnostic, oneLine } from "./diagnostics.ts";

test("a diagnostic prints as one line plus its hint, whatever the quoted values hold", () => {
  const text = formatDiagnostic({
    severity: "error",
    code: "SEM025",
    path: "spec.fields.x\ny.pattern",
    message: 'pattern "a\nb\t\u0007" is not an RE2 expression',
    hint: "quote it\r\nproperly",
    file: "operator.yaml",
    position: { line: 3, col: 7 },
  });
  assert.deepEqual(text.split("\n"), [
    'operator.yaml:3:7 error SEM025 spec.fields.x\\ny.pattern: pattern "a\\nb\\t\\u0007" is not an RE2 expression',
    "  hint: quote it\\r\\nproperly",
  ]);
  assert.equal(oneLine("plain text"), "plain text");
  assert.equal(oneLine("line\u2028separator"), "line\\u2028separator");
});
