// Projecting one field tree onto each version: added, removed, renamed, moved, changed and
// hook-converted fields, and the paths the rest of the spec names them by.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { jsonPathIn, pathMap, projectSpec } from "./project-version.ts";

const VERSIONS = ["v1alpha1", "v1beta1", "v1"];

const SPEC = parse(`
api: { group: db.example.com, kind: Database, versions: [{ name: v1alpha1 }, { name: v1beta1 }, { name: v1, storage: true }] }
spec:
  fields:
    size:
      type: string
      enum: [small, large]
      versions:
        renamed: { v1alpha1: instanceClass }
        changed: { v1alpha1: { enum: [small, medium, large] } }
    storageGB:
      type: integer
      versions:
        converted: hook
        changed: { v1beta1: { type: string, pattern: "^[0-9]+Gi$" } }
    maintenanceWindow:
      type: string
      versions: { added: v1beta1 }
    legacy:
      type: boolean
      versions: { removed: v1 }
    backup:
      type: object
      fields:
        enabled: { type: boolean }
        retentionDays:
          type: integer
          versions:
            renamed: { v1alpha1: backupRetentionDays }
status:
  fields:
    endpoint:
      type: string
      versions:
        renamed: { v1beta1: address }
externalResources:
  - name: instance
    inputs: [size, storageGB, backup.retentionDays, maintenanceWindow]
    outputs: [endpoint]
printerColumns:
  - { name: Size, type: string, jsonPath: .spec.size }
  - { name: Window, type: string, jsonPath: .spec.maintenanceWindow }
  - { name: Ready, type: string, jsonPath: '.status.conditions[?(@.type=="Ready")].status' }
`);

const fieldsOf = (data: unknown, section: "spec" | "status") =>
  (data as Record<string, { fields: Record<string, Record<string, unknown>> }>)[section]!.fields;

test("the newest version is the tree without its versions blocks", () => {
  const v1 = fieldsOf(projectSpec(SPEC, "v1", VERSIONS), "spec");
  assert.deepEqual(Object.keys(v1), ["size", "storageGB", "maintenanceWindow", "backup"]);
  assert.deepEqual(v1.size, { type: "string", enum: ["small", "large"] });
  assert.deepEqual(v1.backup, {
    type: "object",
    fields: { enabled: { type: "boolean" }, retentionDays: { type: "integer" } },
  });
});

test("an older version: renamed, moved out of an object, retyped, without added fields", () => {
  const old = fieldsOf(projectSpec(SPEC, "v1alpha1", VERSIONS), "spec");
  assert.deepEqual(Object.keys(old).sort(), [
    "backup",
    "backupRetentionDays",
    "instanceClass",
    "legacy",
    "storageGB",
  ]);
  assert.deepEqual(old.instanceClass, { type: "string", enum: ["small", "medium", "large"] });
  // The v1beta1 entry holds for v1alpha1 too: its type is the older one.
  assert.deepEqual(old.storageGB, { type: "string", pattern: "^[0-9]+Gi$" });
  assert.deepEqual(old.backupRetentionDays, { type: "integer" });
  assert.deepEqual(old.backup, { type: "object", fields: { enabled: { type: "boolean" } } });
  const beta = fieldsOf(projectSpec(SPEC, "v1beta1", VERSIONS), "spec");
  assert.equal(beta.size!.type, "string");
  assert.deepEqual(beta.size!.enum, ["small", "large"]);
  assert.ok(beta.maintenanceWindow && beta.legacy);
  assert.deepEqual(Object.keys(fieldsOf(projectSpec(SPEC, "v1beta1", VERSIONS), "status")), [
    "address",
  ]);
});

test("inputs, outputs and printer columns name the fields as the version does", () => {
  const old = projectSpec(SPEC, "v1alpha1", VERSIONS) as {
    externalResources: Array<{ inputs: string[]; outputs: string[] }>;
    printerColumns: Array<{ name: string; jsonPath: string }>;
  };
  assert.deepEqual(old.externalResources[0]!.inputs, [
    "instanceClass",
    "storageGB",
    "backupRetentionDays",
  ]);
  assert.deepEqual(old.externalResources[0]!.outputs, ["address"]);
  assert.deepEqual(
    old.printerColumns.map((c) => c.jsonPath),
    [".spec.instanceClass", '.status.conditions[?(@.type=="Ready")].status'],
  );
});

test("a path into a map or free-form field keeps its tail", () => {
  const paths = pathMap(SPEC, "v1alpha1");
  assert.equal(jsonPathIn(".spec.size", paths), ".spec.instanceClass");
  assert.equal(jsonPathIn(".spec.tags.team", paths), ".spec.tags.team");
  assert.equal(jsonPathIn(".metadata.name", paths), ".metadata.name");
});

test("a spec without versions blocks is returned as it is", () => {
  const plain = { spec: { fields: { a: { type: "string" } } } };
  assert.equal(projectSpec(plain, "v1", ["v1"]), plain);
});
