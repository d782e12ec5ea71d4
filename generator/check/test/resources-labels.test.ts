import assert from "node:assert/strict";
import { test } from "node:test";
import { check, edit, expectOne, MINIMAL, posOf } from "./helpers.ts";

const withOperator = (yaml: string) => `${MINIMAL}operator:\n${yaml}`;

test("SEM187: a request above its limit (the default limit counts)", () => {
  const source = withOperator("  resources:\n    requests:\n      memory: 512Mi\n");
  expectOne(
    source,
    "SEM187",
    posOf(source, "512Mi"),
    "memory request 512Mi is more than the limit 256Mi (the default)",
  );
});

test("SEM188: a memory limit too small for Node.js", () => {
  const source = withOperator(
    "  resources:\n    requests:\n      memory: 16Mi\n    limits:\n      memory: 32Mi\n",
  );
  expectOne(source, "SEM188", posOf(source, "32Mi"), "below 64Mi");
});

test("SEM189: a label the generator sets itself", () => {
  const source = edit(
    MINIMAL,
    "  name: shop-operator\n",
    "  name: shop-operator\n  labels:\n    app.kubernetes.io/name: other\n",
  );
  expectOne(source, "SEM189", posOf(source, "app.kubernetes.io/name"), "set by the generator");
});

test("resources within bounds and org labels are accepted", () => {
  const source = edit(
    withOperator(
      '  resources:\n    requests:\n      cpu: 50m\n    limits:\n      cpu: "1"\n      memory: 1Gi\n',
    ),
    "  name: shop-operator\n",
    "  name: shop-operator\n  labels:\n    acme.com/team: platform\n",
  );
  assert.deepEqual(check(source), []);
});
