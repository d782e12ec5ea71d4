// The manifests an operator with several API versions gets beyond one with a single version, and
// their RBAC, least privilege: what the migrator and the webhook's certificates need, no more.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderConversionRbac } from "./conversion.ts";
import { documentsOf } from "./testing/fixtures.ts";

function modelOf(example: string, edit: (data: any) => void = () => {}) {
  const source = readFileSync(join(import.meta.dirname, "../../../examples", example), "utf8");
  const data = parse(source);
  edit(data);
  return buildModel(data, source);
}

function filesOf(example: string, edit?: (data: any) => void) {
  return new Map<string, Record<string, any>[]>(
    renderConversionRbac(modelOf(example, edit)).map((file) => [file.path, documentsOf(file)]),
  );
}

test("the migrator may create and patch Events in default, and nowhere else", () => {
  const files = filesOf("database-v1beta1.yaml");
  const [role] = files.get("config/rbac/migration_events_role.yaml") ?? [];
  assert.ok(role, "no migration events Role");
  assert.equal(role.kind, "Role");
  // The API server takes Events about a cluster-scoped object (the CRD) only in default.
  assert.equal(role.metadata.namespace, "default");
  assert.deepEqual(role.rules, [
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: ["create", "patch"] },
  ]);
  const [binding] = files.get("config/rbac/migration_events_role_binding.yaml") ?? [];
  assert.ok(binding);
  assert.equal(binding.metadata.namespace, "default");
  assert.equal(binding.roleRef.name, role.metadata.name);
  assert.equal(binding.subjects[0].namespace, "database-v1beta1-operator-system");
});
