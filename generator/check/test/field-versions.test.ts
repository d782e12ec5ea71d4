// Field evolution: located errors for versions: blocks that name unknown versions, contradict
// themselves or make two fields meet on one path in some version.

import assert from "node:assert/strict";
import { test } from "node:test";
import { at, check, expectOne, posOf } from "./helpers.ts";

/** Three versions, storage v1, and the given spec fields. */
function spec(fields: string, status = ""): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1alpha1
    - name: v1beta1
    - name: v1
      storage: true
spec:
  fields:
${fields}status:
  conditions:
    - type: Ready
${status}`;
}

const VALID = spec(`    size:
      type: string
      versions:
        renamed: { v1alpha1: instanceClass }
        changed: { v1alpha1: { enum: [small, large] } }
    window:
      type: string
      versions: { added: v1beta1 }
    legacy:
      type: boolean
      versions: { removed: v1 }
    storageGB:
      type: integer
      versions:
        converted: hook
        changed: { v1alpha1: { type: string } }
    backup:
      type: object
      fields:
        retentionDays:
          type: integer
          versions: { renamed: { v1alpha1: backupRetentionDays } }
`);

test("a spec using every kind of evolution is valid", () => {
  assert.deepEqual(check(VALID), []);
});

test("SEM250 an unknown version named anywhere in versions:, with did-you-mean", () => {
  const src = spec("    size:\n      type: string\n      versions: { added: v1beta2 }\n");
  const d = expectOne(src, "SEM250", posOf(src, "v1beta2"), 'version "v1beta2" is not one of');
  assert.match(d.hint!, /did you mean "v1beta1"/);
  const key = spec("    size:\n      type: string\n      versions: { renamed: { v2: big } }\n");
  expectOne(key, "SEM250", posOf(key, "big"), 'version "v2"');
});

test("SEM251 added in the oldest version, removed in the oldest, removed before added", () => {
  const oldest = spec("    size:\n      type: string\n      versions: { added: v1alpha1 }\n");
  expectOne(oldest, "SEM251", posOf(oldest, "v1alpha1 }"), "the field is in every version");
  const gone = spec("    size:\n      type: string\n      versions: { removed: v1alpha1 }\n");
  expectOne(gone, "SEM251", posOf(gone, "v1alpha1 }"), "would be in no version");
  const order = spec(
    "    size:\n      type: string\n      versions: { added: v1, removed: v1beta1 }\n",
  );
  expectOne(order, "SEM251", posOf(order, "v1beta1 }"), "not after it was added in v1");
});

test("SEM251 a rename or change in a version without the field", () => {
  const src = spec(
    "    size:\n      type: string\n      versions: { added: v1beta1, renamed: { v1alpha1: old } }\n",
  );
  expectOne(src, "SEM251", posOf(src, "old }"), "renamed in v1alpha1, a version without the field");
});

const ELEMENTS = spec(`    replicas:
      type: array
      listType: map
      listMapKeys: [name]
      items:
        type: object
        rules:
          - rule: "self.nodeClass != 'large' || has(self.zone)"
            message: a large replica names its zone
            examples:
              valid: [{ name: a, nodeClass: large, zone: z }]
              invalid: [{ name: a, nodeClass: large }]
        fields:
          name: { type: string, required: true }
          nodeClass:
            type: string
            versions: { renamed: { v1alpha1: instanceClass } }
          zone:
            type: string
            versions: { added: v1beta1 }
          placement:
            type: object
            versions: { added: v1 }
            fields:
              rack:
                type: string
                versions: { renamed: { v1beta1: rack } }
    hosts:
      type: array
      items:
        type: object
        fields:
          port:
            type: integer
            versions: { changed: { v1alpha1: { maximum: 1024 } } }
          address:
            type: string
            versions: { renamed: { v1alpha1: host } }
    pools:
      type: map
      values:
        type: object
        fields:
          size:
            type: integer
            versions: { renamed: { v1alpha1: capacity } }
          labels:
            type: map
            values: { type: string }
            versions: { added: v1 }
`);

test("fields of list items and map values evolve, renames from the item's root", () => {
  // Valid; the items' rule reads zone, which v1alpha1's items lack (WARN135, below).
  assert.deepEqual(
    check(ELEMENTS).map((d) => `${d.code} ${d.message}`),
    [
      "WARN135 the rule reads zone, which v1alpha1 does not have: v1alpha1's schema leaves the rule out",
    ],
  );
});

test("SEM251 versions: on an array's items itself", () => {
  const src = spec(
    "    hosts:\n      type: array\n      items:\n        type: string\n        versions: { added: v1 }\n",
  );
  expectOne(src, "SEM251", posOf(src, "{ added"), "belongs on a field, not on an array's items");
});

test("SEM340 a field added inside items of a list without listType: map keys", () => {
  const src = spec(
    "    hosts:\n      type: array\n      items:\n        type: object\n        fields:\n          name:\n            type: string\n            versions: { added: v1 }\n",
  );
  const d = expectOne(src, "SEM340", posOf(src, "v1 }"), "spec.hosts[].name is added in a version");
  assert.match(d.hint!, /listType: map/);
});

test("SEM341 a listMapKeys key cannot evolve", () => {
  const src = spec(
    "    hosts:\n      type: array\n      listType: map\n      listMapKeys: [name]\n      items:\n        type: object\n        fields:\n          name:\n            type: string\n            required: true\n            versions: { renamed: { v1alpha1: host } }\n",
  );
  expectOne(src, "SEM341", posOf(src, "{ renamed"), "a key cannot evolve");
});

test("SEM342 a hook inside items, SEM343 evolution inside an array of arrays", () => {
  const hook = spec(
    "    pools:\n      type: map\n      values:\n        type: object\n        fields:\n          size:\n            type: integer\n            versions: { converted: hook, changed: { v1alpha1: { type: string } } }\n",
  );
  expectOne(hook, "SEM342", posOf(hook, "hook,"), "converted: hook inside array items");
  const nested = spec(
    "    grid:\n      type: array\n      items:\n        type: array\n        items:\n          type: object\n          fields:\n            x:\n              type: integer\n              versions: { renamed: { v1alpha1: col } }\n",
  );
  expectOne(nested, "SEM343", posOf(nested, "{ renamed"), "an array of arrays");
});

test("SEM252 inside items: a rename onto a field the item still has", () => {
  const src = spec(
    "    hosts:\n      type: array\n      items:\n        type: object\n        fields:\n          host: { type: string }\n          address:\n            type: string\n            versions: { renamed: { v1beta1: host } }\n",
  );
  expectOne(
    src,
    "SEM252",
    posOf(src, "{ v1beta1"),
    "in v1beta1, spec.hosts[].address and spec.hosts[].host are both spec.hosts[].host",
  );
});

test("SEM252 a rename that lands on a field the version still has, or under no object", () => {
  const clash = spec(
    "    size:\n      type: string\n    tier:\n      type: string\n      versions: { renamed: { v1beta1: size } }\n",
  );
  const d = expectOne(
    clash,
    "SEM252",
    posOf(clash, "{ v1beta1"),
    "in v1beta1, spec.tier and spec.size are both spec.size",
  );
  assert.match(d.hint!, /its own name/);
  const nowhere = spec(
    "    size:\n      type: string\n      versions: { renamed: { v1alpha1: sizing.size } }\n",
  );
  expectOne(
    nowhere,
    "SEM252",
    posOf(nowhere, "{ v1alpha1"),
    "moves under spec.sizing, which is no object of v1alpha1",
  );
  const bad = spec(
    "    size:\n      type: string\n      versions: { renamed: { v1alpha1: a..b } }\n",
  );
  expectOne(bad, "SEM252", posOf(bad, "a..b"), '"a..b" is not a field path');
});

test("SEM253 a type change without a hook, a hook without a type change, structure in changed", () => {
  const noHook = spec(
    "    size:\n      type: integer\n      versions: { changed: { v1alpha1: { type: string } } }\n",
  );
  expectOne(
    noHook,
    "SEM253",
    posOf(noHook, "string }"),
    "changes type in v1alpha1 but names no conversion hook",
  );
  const noType = spec("    size:\n      type: integer\n      versions: { converted: hook }\n");
  expectOne(noType, "SEM253", posOf(noType, "hook"), "whose type changes in no version");
  const structure = spec(
    "    size:\n      type: object\n      versions: { changed: { v1alpha1: { fields: {} } } }\n",
  );
  expectOne(structure, "SEM253", posOf(structure, "{} }"), "changed cannot say fields");
});

test("SEM254 a required field added in a newer version needs a default", () => {
  const src = spec(
    "    size:\n      type: string\n      required: true\n      versions: { added: v1 }\n",
  );
  expectOne(src, "SEM254", posOf(src, "v1 }"), "required field added in v1 has no default");
});

test("status fields evolve the same way", () => {
  const src = spec(
    "    size:\n      type: string\n",
    "  fields:\n    endpoint:\n      type: string\n    address:\n      type: string\n      versions: { renamed: { v1alpha1: endpoint } }\n",
  );
  expectOne(
    src,
    "SEM252",
    posOf(src, "{ v1alpha1"),
    "status.address and status.endpoint are both status.endpoint",
  );
});

test("SEM255 an external resource binds a field the storage version lacks", () => {
  const src =
    spec("    window:\n      type: string\n      versions: { added: v1 }\n")
      .replace("      storage: true\n", "")
      .replace("    - name: v1alpha1\n", "    - name: v1alpha1\n      storage: true\n") +
    "externalResources:\n  - name: slot\n    inputs: [window]\n";
  expectOne(
    src,
    "SEM255",
    posOf(src, "window]"),
    "spec.window is not in the storage version v1alpha1",
  );
});

test("WARN135 a rule that reads a field a version lacks is left out of that version, at the rule", () => {
  const src = spec(
    "    window:\n      type: string\n      versions: { added: v1 }\n    size:\n      type: string\n      versions: { renamed: { v1alpha1: instanceClass } }\n  rules:\n    - rule: \"has(self.window) || self.size == 'small'\"\n      message: only small without a window\n      examples: { valid: [{ size: small }], invalid: [{ size: large }] }\n",
  );
  const found = check(src).filter((d) => d.code === "WARN135");
  assert.deepEqual(
    found.map((d) => d.message),
    [
      "the rule reads window, which v1alpha1 does not have: v1alpha1's schema leaves the rule out",
      "the rule reads window, which v1beta1 does not have: v1beta1's schema leaves the rule out",
    ],
  );
  assert.equal(at(found[0]!), posOf(src, '"has(self.window)'));
});
