// api.conversion: the certificate source of the conversion webhook, only where there is one.

import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const TWO_VERSIONS = edit(
  MINIMAL,
  "    - name: v1\n",
  "    - name: v1beta1\n    - name: v1\n      storage: true\n",
);
const withConversion = (source: string, value = "cert-manager") =>
  edit(source, "  kind: Shop\n", `  kind: Shop\n  conversion:\n    certificates: ${value}\n`);
const evolved = (source: string) =>
  edit(source, "      default: 3\n", "      default: 3\n      versions: { added: v1 }\n");

test("api.conversion.certificates is accepted where a webhook is served", () => {
  assert.deepEqual(check(withConversion(evolved(TWO_VERSIONS))), []);
  assert.deepEqual(check(withConversion(evolved(TWO_VERSIONS), "self-managed")), []);
});

test("SEM330 api.conversion without a conversion webhook: one version, or identical schemas", () => {
  const one = withConversion(MINIMAL);
  expectOne(one, "SEM330", posOf(one, "certificates"), "only one version is listed");
  const identical = withConversion(TWO_VERSIONS);
  const d = expectOne(
    identical,
    "SEM330",
    posOf(identical, "certificates"),
    "schemas are identical",
  );
  assert.match(d.hint!, /Remove api.conversion/);
});

test("an unknown certificate source is a schema error at its value", () => {
  const src = withConversion(evolved(TWO_VERSIONS), "vault");
  const diagnostics = check(src);
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.match(diagnostics[0]!.message, /self-managed, cert-manager/);
});
