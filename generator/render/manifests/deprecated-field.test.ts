// deprecated on a field: the CRD's description starts with "Deprecated: <message>" (kubectl
// explain shows it), and the TypeScript property carries @deprecated, so editors and eslint mark
// code that still reads it. A CEL rule cannot warn, so the API server's own warning is out of
// reach of the CRD alone (see docs/spec-reference.md).

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { loadSpec } from "../../pipeline.ts";
import { renderProject } from "../render-project.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  fields:
    size: { type: string }
    replicas:
      type: integer
      description: How many copies run.
      deprecated: use spec.size instead
status: {}
`;

test("a deprecated field says so in the CRD description and as @deprecated in TypeScript", async () => {
  const files = await renderProject(loadSpec(SPEC, "operator.yaml").model);
  const crd = parse(files.get("config/crd/bases/widgets.example.com_widgets.yaml")!.content);
  const spec = crd.spec.versions[0].schema.openAPIV3Schema.properties.spec;
  assert.equal(
    spec.properties.replicas.description,
    "Deprecated: use spec.size instead. How many copies run.",
  );
  const types = files.get("src/api/v1/widget-types.ts")!.content;
  assert.match(
    types,
    /\* How many copies run\.\n\s+\* @deprecated use spec\.size instead\n\s+\*\/\n\s+replicas\?: number;/,
  );
});
