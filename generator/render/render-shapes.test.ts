// Valid specs of unusual shape that random specs (test/property/) found crashing the render
// stage: each must generate a project, never an internal error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../pipeline.ts";
import { renderProject } from "./render-project.ts";

function spec(body: string, description = "Runs widgets."): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: widget-operator
  description: ${JSON.stringify(description)}
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
${body}`;
}

async function render(source: string) {
  return renderProject(loadSpec(source, "operator.yaml").model);
}

test("a description with quotes and backslashes stays valid JSON in package.json", async () => {
  const description = 'A "quoted" description with a backslash \\ and a tab\tin it';
  const files = await render(
    spec("spec: { fields: { size: { type: string } } }\nstatus: {}\n", description),
  );
  const packageJson = JSON.parse(files.get("package.json")!.content) as { description: string };
  assert.equal(packageJson.description, description);
});

test("an external resource description that closes a comment or spans lines renders", async () => {
  const files = await render(
    spec(`spec: { fields: { size: { type: string } } }
status: { fields: { endpoint: { type: string } } }
externalResources:
  - name: instance
    description: "Ends a comment */ early,\\nthen a second line: not code"
    outputs: [endpoint]
`),
  );
  const provider = files.get("src/providers/instance-provider.ts")!.content;
  assert.match(provider, /Ends a comment \*\\\/ early, then a second line: not code/);
});

for (const [label, def] of [
  ["boolean", "{ type: boolean, immutable: true }"],
  ["date", "{ type: string, format: date, immutable: true }"],
  ["date-time", "{ type: string, format: date-time, immutable: true }"],
  ["uuid", "{ type: string, format: uuid, immutable: true }"],
  ["mac", "{ type: string, format: mac, immutable: true }"],
  ["duration", "{ type: string, format: duration, immutable: true }"],
  ["pattern", "{ type: string, pattern: '^[a-z]+$', immutable: true }"],
] as const) {
  test(`an immutable ${label} field without a default gets its immutability contract test`, async () => {
    const files = await render(spec(`spec: { fields: { f: ${def} } }\nstatus: {}\n`));
    const contract = [...files.values()]
      .filter((f) => f.path.startsWith("test/contract/"))
      .map((f) => f.content)
      .join("\n");
    assert.match(contract, /→ .* is rejected \(immutable\)/);
  });
}

test("an immutable field that admits one value only is accepted unchanged, nothing to refuse", async () => {
  const files = await render(
    spec("spec: { fields: { f: { type: string, enum: [only], immutable: true } } }\nstatus: {}\n"),
  );
  const contract = [...files.values()]
    .filter((f) => f.path.startsWith("test/contract/"))
    .map((f) => f.content)
    .join("\n");
  assert.match(contract, /is accepted \(immutable\)/);
  assert.doesNotMatch(contract, /→ .* is rejected \(immutable\)/);
});

test("a format whose minLength is longer than the usual bad values still gets its format probe", async () => {
  const files = await render(
    spec("spec: { fields: { id: { type: string, format: uuid, minLength: 19 } } }\nstatus: {}\n"),
  );
  const contract = [...files.values()]
    .filter((f) => f.path.startsWith("test/contract/"))
    .map((f) => f.content)
    .join("\n");
  assert.match(contract, /format uuid/);
});
