import assert from "node:assert/strict";
import { test } from "node:test";
import { runInNewContext } from "node:vm";
import { BUILTIN_KINDS } from "../../check/builtin-kinds.ts";
import type { ChildModel } from "../../model/types.ts";
import { fixtureModel } from "../manifests/testing/fixtures.ts";
import { READINESS_RULES } from "../../../packages/runtime/src/child-readiness.ts";
import { CHILD_KINDS } from "./child-view.ts";
import { renderSources } from "./index.ts";
import { KINDS_WITH_READINESS } from "./test-fixture.ts";

const childOf = (b: (typeof BUILTIN_KINDS)[number]): ChildModel => ({
  apiVersion: b.apiVersion,
  group: b.group,
  version: b.version,
  kind: b.kind,
  plural: b.plural,
  scope: b.scope,
  varName: b.kind[0]!.toLowerCase() + b.kind.slice(1),
  fileName: b.kind.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase(),
});

test("every kind the spec accepts as a child has a builder, and only those", () => {
  assert.deepEqual(
    Object.keys(CHILD_KINDS).sort(),
    BUILTIN_KINDS.map((b) => `${b.apiVersion}:${b.kind}`).sort(),
  );
});

test("the fixture's list of kinds with readiness is the runtime's", () => {
  const builtin = Object.keys(READINESS_RULES).filter((key) =>
    BUILTIN_KINDS.some((b) => `${b.apiVersion}/${b.kind}` === key),
  );
  assert.deepEqual([...KINDS_WITH_READINESS].sort(), builtin.sort());
});

test("each built-in child kind renders its own builder, typed and without placeholders", () => {
  const model = fixtureModel();
  model.api.namespaced = false;
  model.children = BUILTIN_KINDS.map(childOf);
  const rendered = renderSources(model).rendered;
  for (const child of model.children) {
    const file = rendered.find((f) => f.path === `src/children/${child.fileName}.ts`);
    assert.ok(file, child.kind);
    const type = CHILD_KINDS[`${child.apiVersion}:${child.kind}`]!.tsType;
    // Typed by the generated interface, so a changed contract is reported in this file.
    assert.match(
      file.content,
      new RegExp(`: ${model.api.kind}ChildBuilder<${type}> = \\(obj\\) => \\{`),
      child.kind,
    );
    assert.match(file.content, new RegExp(`kind: "${child.kind}"`), child.kind);
    assert.doesNotMatch(file.content, /placeholder|KubernetesObject &/, child.kind);
  }
  const index = rendered.find((f) => f.path === "src/children/index.ts")!;
  for (const child of model.children)
    assert.match(index.content, new RegExp(`desired${child.kind}\\(obj\\)`));
});

test("a child of another project's CRD is built from that CRD's schema, and the CRD is copied", async () => {
  const { fieldsFromSchema } = await import("../../model/schema-fields.ts");
  const { renderManifests } = await import("../manifests/index.ts");
  const { Ownership } = await import("../../base/files.ts");
  const { objectViolations } = await import("../manifests/field-violations.ts");
  const schema = {
    type: "object",
    properties: {
      spec: {
        type: "object",
        required: ["size", "color", "ref"],
        properties: {
          size: { type: "integer", minimum: 3 },
          color: { type: "string", enum: ["red", "blue"] },
          ref: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
          id: { type: "string", pattern: "^w-[0-9]+$" },
        },
      },
    },
  };
  const fields = fieldsFromSchema(schema);
  const model = fixtureModel();
  model.children = [
    {
      apiVersion: "gadgets.example.org/v1",
      group: "gadgets.example.org",
      version: "v1",
      kind: "Gadget",
      plural: "gadgets",
      scope: "Namespaced",
      varName: "gadget",
      fileName: "gadget",
      crd: {
        path: "crds/gadgets.yaml",
        text: "# the user's file\n",
        document: { kind: "X" },
        fields,
      },
    },
  ];
  const builder = renderSources(model).rendered.find((f) => f.path === "src/children/gadget.ts")!;
  const spec = /"?spec"?: (\{.*\}),/.exec(builder.content)?.[1];
  assert.ok(spec, builder.content);
  // The builder writes a TypeScript literal (bare keys, as prettier prints it): evaluate it as one.
  const value: unknown = runInNewContext(`(${spec})`);
  assert.deepEqual(objectViolations(fields, { spec: value }, ""), []);
  const manifests = renderManifests(model);
  const copy = manifests.find((f) => f.path === "crds/gadgets.yaml");
  assert.deepEqual(copy, {
    path: "crds/gadgets.yaml",
    ownership: Ownership.ScaffoldOnce,
    content: "# the user's file\n",
  });
  const installed = manifests.find(
    (f) => f.path === "config/crd/bases/gadgets.example.org_gadgets.yaml",
  );
  assert.equal(installed?.ownership, Ownership.Generated);
  const kustomization = manifests.find((f) => f.path === "config/crd/kustomization.yaml")!;
  assert.doesNotMatch(kustomization.content, /gadgets/, "another project's CRD is not deployed");
});

test("an optional image field left out falls back to the placeholder image, never the empty string the server refuses", async () => {
  const { field } = await import("../manifests/testing/fixtures.ts");
  const { childView } = await import("./child-view.ts");
  const model = fixtureModel();
  model.spec.fields = [field("image", "string")];
  const statefulSet = BUILTIN_KINDS.find((b) => b.kind === "StatefulSet")!;
  const view = childView(childOf(statefulSet), model, true);
  assert.equal(view.imageExpression, 'obj.spec?.image ?? "registry.example.com/app:latest"');
});

test("the Service builder's port is a TODO the user sets, listed among the things to do (issue 23)", async () => {
  const { activeUserHooks } = await import("./hooks-view.ts");
  const model = fixtureModel();
  model.children = BUILTIN_KINDS.filter((b) => b.kind === "Service").map(childOf);
  const file = renderSources(model).rendered.find((f) => f.path === "src/children/service.ts")!;
  assert.match(
    file.content,
    /\/\/ TODO\(user\): the port clients of a \w+ connect to, and its name/,
  );
  assert.match(file.content, /const SERVICE_PORT = \{ name: "http", port: 80 \};/);
  assert.match(file.content, /ports: \[\{ \.\.\.SERVICE_PORT, targetPort: /);
  const hook = activeUserHooks(model).find((h) => h.path === "src/children/service.ts")!;
  assert.ok(
    hook.todos.some((t) => t.startsWith("set SERVICE_PORT")),
    hook.todos.join("; "),
  );
});
