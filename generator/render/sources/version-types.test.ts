// Types per API version (src/api/<version>/): the storage version's are what the domain code
// uses, every other version gets its own, and a served version added next to the storage version
// changes no domain file.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse, stringify } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderSources } from "./index.ts";

function source(example: string): string {
  return readFileSync(new URL(`../../../examples/${example}.yaml`, import.meta.url), "utf8");
}

function render(text: string): Map<string, string> {
  const files = renderSources(buildModel(parse(text), text)).rendered;
  return new Map(files.map((file) => [file.path, file.content]));
}

/** Unformatted output (prettier runs later) on one line, for matching declarations. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").replaceAll("( ", "(").replaceAll(", )", ")");
}

test("every version but the storage one gets its own types, under its own field names", () => {
  const files = render(source("database-v1"));
  const v1alpha1 = files.get("src/api/v1alpha1/database-types.ts")!;
  const v1beta1 = files.get("src/api/v1beta1/database-types.ts")!;
  const hub = files.get("src/api/v1/database-types.ts")!;
  assert.match(v1alpha1, /export const API_GROUP_VERSION = "db.example.com\/v1alpha1";/);
  assert.match(v1alpha1, /instanceClass\?: "small" \| "medium" \| "large";/);
  assert.match(v1alpha1, /storageGB\?: number;/);
  assert.doesNotMatch(v1alpha1, /maintenanceWindow/);
  assert.match(v1beta1, /size\?: "small" \| "medium" \| "large";/);
  assert.match(v1beta1, /maintenanceWindow\?: string;/);
  assert.match(v1beta1, /storageGB\?: number;/);
  assert.match(hub, /storage\?: string;/);
  assert.doesNotMatch(hub, /storageGB|instanceClass/);
  // The hooks interface reads each side's type from its own version's module.
  const conversion = oneLine(files.get("src/api/database-conversion.ts")!);
  assert.match(conversion, /import type \* as v1alpha1 from "\.\/v1alpha1\/database-types\.ts";/);
  assert.match(
    conversion,
    /toHub\(value: NonNullable<v1alpha1\.DatabaseSpec\["storageGB"\]>, object: v1alpha1\.Database\): NonNullable<v1\.DatabaseSpec\["storage"\]>;/,
  );
  assert.match(
    conversion,
    /fromHub\(value: NonNullable<v1\.DatabaseSpec\["storage"\]>, hub: v1\.Database\): NonNullable<v1beta1\.DatabaseSpec\["storageGB"\]>;/,
  );
  // One version: no other types module.
  assert.deepEqual(
    [...render(source("database")).keys()].filter((path) => path.endsWith("-types.ts")),
    ["src/api/v1alpha1/database-types.ts"],
  );
});

test("a served version added next to the storage version changes no domain file", () => {
  const before = source("database");
  const spec = parse(before) as {
    api: { versions: Array<Record<string, unknown>> };
    spec: { fields: Record<string, Record<string, unknown>> };
  };
  // v1beta1 is served and adds maintenanceWindow; objects stay stored in v1alpha1.
  spec.api.versions = [{ name: "v1alpha1", storage: true }, { name: "v1beta1" }];
  spec.spec.fields.maintenanceWindow = {
    type: "string",
    maxLength: 19,
    versions: { added: "v1beta1" },
  };
  const after = stringify(spec);
  const [old, next] = [render(before), render(after)];
  const domain = (path: string) =>
    /^src\/(reconciler|hooks|providers|children)\//.test(path) ||
    path.startsWith("src/api/v1alpha1/");
  const changed = [...old.keys()].filter(
    (path) => domain(path) && old.get(path) !== next.get(path),
  );
  assert.ok([...old.keys()].filter(domain).length >= 8, "the domain files are compared");
  assert.deepEqual(changed, []);
  assert.ok(next.has("src/api/v1beta1/database-types.ts"));
  assert.match(next.get("src/api/v1beta1/database-types.ts")!, /maintenanceWindow\?: string;/);
  assert.doesNotMatch(next.get("src/api/v1alpha1/database-types.ts")!, /maintenanceWindow/);
});
