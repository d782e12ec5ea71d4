// A child's name up to its kind's own limit, with a fallback to the owner's name, rendered: the
// instance function reads the field or the owner's name, the field gets a DNS-subdomain pattern,
// and the CRD restricts the owner's name no more than the children need.

import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSpec } from "../../check/check-spec.ts";
import { buildModel } from "../../model/build-model.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { renderManifests } from "../manifests/index.ts";
import { ownerNameRules } from "../manifests/owner-name-rules.ts";
import { documentsOf, fileAt } from "../manifests/testing/fixtures.ts";
import { renderSources } from "./index.ts";

function specWith(children: string): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: sync-operator
api:
  group: sync.example.com
  kind: SecretSync
  versions:
    - name: v1
spec:
  fields:
    target:
      type: object
      fields:
        name:
          type: string
          maxLength: 253
status:
  conditions:
    - type: Ready
children:
${children}`;
}

const SECRET = `  - apiVersion: v1
    kind: Secret
    name: "{spec.target.name ?? metadata.name}"
`;

function model(spec: string) {
  const parsed = parseSpec(spec, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), []);
  return buildModel(parsed.spec.data, spec);
}

test("a Secret named from an optional field reads it, else the owner's name", () => {
  const index = renderSources(model(specWith(SECRET))).rendered.find(
    (f) => f.path === "src/children/index.ts",
  )!;
  assert.match(
    index!.content,
    /return \[\{ name: `\$\{obj\.spec\?\.target\?\.name \?\? obj\.metadata\.name\}`, labels: \{\}/,
  );
});

test("the field a Secret's name reads is a DNS subdomain, and the owner's name is not restricted", () => {
  const m = model(specWith(SECRET));
  const crd = documentsOf(
    fileAt(renderManifests(m), "config/crd/bases/sync.example.com_secretsyncs.yaml"),
  )[0]!;
  const schema = crd.spec.versions[0].schema.openAPIV3Schema;
  assert.equal(
    schema.properties.spec.properties.target.properties.name.pattern,
    "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$",
  );
  // Any name the API server allows (253 characters, with dots) makes a valid Secret name.
  assert.deepEqual(ownerNameRules(m), []);
  assert.equal(schema["x-kubernetes-validations"], undefined);
});

test("the owner's name is bounded by the tightest child: each kind's limit less its suffix", () => {
  const rules = (children: string) => ownerNameRules(model(specWith(children))).map((r) => r.rule);
  // A Secret named <owner>-tls: 253 - 4.
  assert.deepEqual(
    rules(`  - apiVersion: v1\n    kind: Secret\n    name: "{metadata.name}-tls"\n`),
    ["self.metadata.name.size() <= 249"],
  );
  // A Deployment's name is kept a label: 63, and no dots; a StatefulSet's stops at 52.
  assert.deepEqual(
    rules(
      `${SECRET}  - apiVersion: apps/v1\n    kind: Deployment\n    name: "{metadata.name}-web"\n`,
    ),
    [
      "self.metadata.name.size() <= 59",
      "self.metadata.name.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$')",
    ],
  );
  assert.deepEqual(rules(`${SECRET}  - apiVersion: apps/v1\n    kind: StatefulSet\n`), [
    "self.metadata.name.size() <= 52",
  ]);
  // A Service named after its owner: a DNS-1035 label.
  assert.deepEqual(rules(`  - apiVersion: v1\n    kind: Service\n`), [
    "self.metadata.name.size() <= 63",
    "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
  ]);
});
