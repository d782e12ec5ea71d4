// A child with when: and no name from the spec is a pruned kind (children/index.ts lists it in
// PRUNED_KINDS), so the reconciler must prune: when the condition stops holding it deletes the
// child. The reconciler pruned only for children named from the spec, so such a child stayed
// forever; the generated conditional-children test failed on the real control plane.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../../pipeline.ts";
import { renderSources } from "./index.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: gate-operator
api:
  group: gates.example.com
  kind: Gate
  versions:
    - name: v1
spec:
  fields:
    limit:
      type: integer
status:
  conditions:
    - type: Ready
children:
  - apiVersion: v1
    kind: ConfigMap
    when: limit
`;

test("a conditional child without a name from the spec is pruned when its condition stops", () => {
  const { model } = loadSpec(SPEC, "operator.yaml");
  const rendered = renderSources(model).rendered;
  const file = (path: string) => rendered.find((f) => f.path === path)!.content;
  assert.match(
    file("src/children/index.ts"),
    /PRUNED_KINDS: readonly OwnedKind\[\] = \[\n\s+\{ apiVersion: "v1", kind: "ConfigMap"/,
  );
  assert.match(
    file("src/reconciler/gate-reconciler.ts"),
    /await pruneChildren\(this\.#deps\.client, obj, PRUNED_KINDS, desired, signal\)/,
  );
});
