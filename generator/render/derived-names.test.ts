// Whatever check accepts must render within Kubernetes' and the file system's limits, and the
// list of derived files check reasons about must be the files render writes. Driven by the
// examples and by specs at the edge of every length check accepts.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parseAllDocuments } from "yaml";
import { hasErrors } from "../base/diagnostics.ts";
import { checkSpec } from "../check/check-spec.ts";
import { derivedNames } from "../check/derived-paths.ts";
import type { ChildCrdFiles } from "../parse/child-crds.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { buildModel } from "../model/build-model.ts";
import { renderProject } from "./render-project.ts";

const examples = ["database", "dns-zone", "web-app"].map((name) => ({
  name,
  source: readFileSync(new URL(`../../examples/${name}.yaml`, import.meta.url), "utf8"),
}));

const group = `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.io`;
const kind = `A${"b".repeat(58)}`;
const binding = `x${"y".repeat(239)}`;
const edge = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: ${"o".repeat(40)}
api:
  group: ${group}
  kind: ${kind}
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      minimum: 1
      maximum: 10
      default: 3
status:
  fields:
    endpoint:
      type: string
  conditions:
    - type: ${"C".repeat(316)}
externalResources:
  - name: ${binding}
    description: A thing.
    inputs: [size]
    outputs: [endpoint]
children:
  - apiVersion: v1
    kind: ConfigMap
  - apiVersion: ${"g".repeat(63)}.example.com/v1
    kind: W${"x".repeat(62)}
    plural: ${"w".repeat(63)}
    scope: Namespaced
    crd: crds/widgets.yaml
rbac:
  watchNamespaces: [${"n".repeat(63)}]
`;

/** The CRD that serves the edge spec's longest-named child, as readChildCrds would hand it over. */
const edgeChildCrds: ChildCrdFiles = new Map([
  [
    "crds/widgets.yaml",
    {
      ok: true,
      text: `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${"w".repeat(63)}.${"g".repeat(63)}.example.com
spec:
  group: ${"g".repeat(63)}.example.com
  scope: Namespaced
  names:
    kind: W${"x".repeat(62)}
    listKind: W${"x".repeat(62)}List
    plural: ${"w".repeat(63)}
    singular: ${"w".repeat(63)}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-preserve-unknown-fields: true
`,
    },
  ],
]);

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

for (const { name, source } of [...examples, { name: "edge-of-every-limit", source: edge }]) {
  test(`${name}: accepted, rendered within every name limit, derived files as check predicts`, async () => {
    const parsed = parseSpec(source, "operator.yaml");
    assert.ok(parsed.ok);
    const crds = name === "edge-of-every-limit" ? edgeChildCrds : undefined;
    const diagnostics = checkSpec(parsed.spec, crds);
    assert.ok(!hasErrors(diagnostics), diagnostics.map((d) => `${d.code} ${d.message}`).join("\n"));
    const files = [...(await renderProject(buildModel(parsed.spec.data, source, crds))).values()];
    const paths = new Set(files.map((f) => f.path));
    for (const path of paths)
      for (const segment of path.split("/"))
        assert.ok(Buffer.byteLength(segment) <= 255, `${path}: a segment over 255 bytes`);
    const lower = new Set([...paths].map((p) => p.toLowerCase()));
    assert.equal(lower.size, paths.size, "two paths differ only in case");
    for (const derived of derivedNames(parsed.spec.data as Record<string, unknown>))
      if (derived.what === "file")
        assert.ok(paths.has(derived.value), `render writes ${derived.value}`);
    for (const file of files.filter(
      (f) => f.path.startsWith("config/") && f.path.endsWith(".yaml"),
    ))
      for (const doc of parseAllDocuments(file.content)) {
        const object = doc.toJS() as {
          metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
        } | null;
        const metadata = object?.metadata;
        if (!metadata) continue;
        if (metadata.name !== undefined)
          assert.ok(metadata.name.length <= 253, `${file.path}: ${metadata.name}`);
        if (metadata.namespace !== undefined)
          assert.ok(
            DNS_LABEL.test(metadata.namespace) && metadata.namespace.length <= 63,
            metadata.namespace,
          );
        for (const [key, value] of Object.entries(metadata.labels ?? {}))
          assert.ok(
            value.length <= 63 && LABEL_VALUE.test(value),
            `${file.path}: label ${key}=${value}`,
          );
      }
  });
}
