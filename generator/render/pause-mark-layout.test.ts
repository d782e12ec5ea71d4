// management.pause renders PAUSE_MARK into finalize.ts, a file `new` lays out without prettier:
// the literal must be in prettier's layout already (found by the random specs of
// test/property/prettier-clean.property.test.ts; this is its minimal spec).

import assert from "node:assert/strict";
import { test } from "node:test";
import { format } from "prettier";
import { loadSpec } from "../pipeline.ts";
import { layoutWithoutPrettier, parserFor, PRETTIER_OPTIONS } from "./format.ts";
import { renderSources } from "./sources/index.ts";

const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec: { fields: { size: { type: string } } }
management: { pause: { annotation: example.com/paused } }
`;

test("a spec with a pause mark: finalize.ts, laid out without prettier, is prettier's output", async () => {
  const { rendered } = renderSources(loadSpec(SPEC, "operator.yaml").model);
  const file = rendered.find((f) => f.path === "src/reconciler/finalize.ts")!;
  const parser = parserFor(file.path)!;
  const laidOut = layoutWithoutPrettier(file, parser);
  assert.ok(laidOut !== undefined, "finalize.ts is laid out without prettier");
  assert.equal(laidOut, await format(file.content, { ...PRETTIER_OPTIONS, parser }));
});
