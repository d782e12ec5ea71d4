// Printer column checks on metadata: the contract suites create their objects without labels or
// annotations, so a column reading one shows an empty cell (issue 21, finding 5).

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { buildContractView } from "./contract-view.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: queue-operator
api:
  group: queues.example.com
  kind: Queue
  versions:
    - name: v1
spec:
  fields:
    capacity:
      type: integer
status:
  conditions:
    - type: Ready
printerColumns:
  - name: Team
    type: string
    jsonPath: .metadata.labels.team
  - name: Owner
    type: string
    jsonPath: .metadata.annotations.owner
  - name: Namespace
    type: string
    jsonPath: .metadata.namespace
`;

test("finding 5: a column on a label or annotation the sample lacks expects an empty cell", () => {
  const view = buildContractView(loadSpec(SPEC, "operator.yaml").model!);
  const columns = JSON.parse(view.columns) as Array<{ name: string; value?: unknown }>;
  const byName = new Map(columns.map((c) => [c.name, c]));
  assert.deepEqual(byName.get("Team"), { name: "Team", value: null });
  assert.deepEqual(byName.get("Owner"), { name: "Owner", value: null });
  // Metadata the server always fills keeps the presence check.
  assert.deepEqual(byName.get("Namespace"), { name: "Namespace" });
});
