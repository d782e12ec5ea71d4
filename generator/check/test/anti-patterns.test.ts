import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

test("WARN006 an imperative kind name", () => {
  const src = edit(MINIMAL, "kind: Shop", "kind: RunMigration");
  const d = expectOne(
    src,
    "WARN006",
    "7:9",
    'kind "RunMigration" reads as a command: a transient command modelled as a durable object',
  );
  assert.match(d.hint!, /Migration/);
  for (const noun of ["Migration", "Runner", "Backup", "ScaledObject", "Deployment"]) {
    assert.deepEqual(check(edit(MINIMAL, "kind: Shop", `kind: ${noun}`)), [], noun);
  }
});

test("WARN007 no status section", () => {
  const src = MINIMAL.slice(0, MINIMAL.indexOf("status:"));
  expectOne(src, "WARN007", posOf(src, "spec:"), "there is no status section");
});

test("WARN008 a spec that is one opaque blob", () => {
  const freeForm = edit(
    MINIMAL,
    "    size:\n      type: integer\n      minimum: 1\n      maximum: 10\n      default: 3\n",
    "    anything:\n      type: free-form\n",
  );
  expectOne(
    freeForm,
    "WARN008",
    posOf(freeForm, "anything"),
    'the whole spec is one opaque free-form field "anything": this hides an imperative workflow behind declarative plumbing',
  );
  const template = edit(
    MINIMAL,
    "    size:\n      type: integer\n      minimum: 1\n      maximum: 10\n      default: 3\n",
    "    manifestTemplate:\n      type: string\n",
  );
  expectOne(
    template,
    "WARN008",
    posOf(template, "manifestTemplate"),
    'opaque string field "manifestTemplate"',
  );
  const honest = edit(
    MINIMAL,
    "    size:\n      type: integer\n      minimum: 1\n      maximum: 10\n      default: 3\n",
    "    hostname:\n      type: string\n",
  );
  assert.deepEqual(check(honest), []);
});
