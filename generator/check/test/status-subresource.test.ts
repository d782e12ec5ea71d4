import assert from "node:assert/strict";
import { test } from "node:test";
import { check, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withSubresource = (value: string) =>
  MINIMAL.replace("  kind: Shop\n", `  kind: Shop\n  statusSubresource: ${value}\n`);

test("statusSubresource: true (the default, written out) checks clean", () => {
  assert.deepEqual(check(withSubresource("true")), []);
});

test("SEM412 a CRD without the status subresource is refused where it is said", () => {
  const src = withSubresource("false");
  const d = expectOne(
    src,
    "SEM412",
    posOf(src, "false"),
    "a CRD without the status subresource cannot be reconciled safely: every status write would advance metadata.generation, so observedGeneration never catches up and the operator writes status forever",
  );
  assert.equal(d.path, "api.statusSubresource");
  assert.match(d.hint!, /--subresource=status/);
});
