// A spec change that reaches a workload child: the generated reconciler unit test changes the
// only mutable field, spec.replicas, which is also the StatefulSet child's replicas, so the child
// reads ready again only once its controller has rolled the new generation out. The generated
// test must stand in for that controller before it expects Ready=True (property e2e seed
// 20261203, spec 17 of 20, DNSTunnel, read Ready=False there). Runs the generated project's own
// unit tests (no control plane) on the repository's node_modules.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createProject } from "../generator/pipeline.ts";
import { typecheckProject } from "./property/typecheck.ts";
import { runProjectTests, tempDir } from "./support.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: tunnel-operator
  description: Runs tunnels as StatefulSets.
api:
  group: tunnels.example.com
  kind: Tunnel
  versions:
    - name: v1
spec:
  fields:
    replicas:
      type: integer
      minimum: 0
      maximum: 100
      default: 1
status:
  fields: {}
children:
  - apiVersion: apps/v1
    kind: StatefulSet
`;

test("the unit test's spec change to a workload child's replicas expects Ready once the child has rolled out", async () => {
  const dir = join(tempDir("spec-change-workload"), "tunnel");
  const created = await createProject(SPEC, "operator.yaml", dir);
  assert.ok(created.written, "the project was written");
  const fixture = JSON.parse(readFileSync(join(dir, "test/support/fixture.json"), "utf8")) as {
    specChange: { field: string } | null;
  };
  assert.equal(fixture.specChange?.field, "replicas", "the change reaches the StatefulSet");
  const typecheck = typecheckProject(dir);
  assert.equal(typecheck.status, 0, typecheck.output);
  const { status, output } = runProjectTests(dir, ["test/reconciler.test.ts"]);
  assert.match(output, /^✔ spec change: /m, output);
  assert.match(output, /^ℹ fail 0$/m, output);
  assert.equal(status, 0, output);
});
