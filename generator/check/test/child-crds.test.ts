import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { Diagnostic } from "../../base/diagnostics.ts";
import { buildModel } from "../../model/build-model.ts";
import { readChildCrds } from "../../parse/child-crds.ts";
import { parseSpec } from "../../parse/parse-spec.ts";
import { checkSource } from "../../pipeline.ts";
import { checkSpec } from "../check-spec.ts";
import { MINIMAL, posOf } from "./helpers.ts";

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: { kind: Widget, plural: widgets, singular: widget, listKind: WidgetList }
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              required: [size, color]
              properties:
                size: { type: integer, minimum: 3 }
                color: { type: string, enum: [red, blue] }
                note: { type: string }
`;

function child(extra: string): string {
  return `${MINIMAL}children:\n  - apiVersion: example.com/v1\n    kind: Widget\n${extra}`;
}

/** A spec and its files in a fresh folder, checked the way the pipeline checks them. */
function checkIn(source: string, files: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "child-crds-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const specFile = join(dir, "operator.yaml");
  writeFileSync(specFile, source);
  const parsed = parseSpec(source, specFile);
  assert.ok(parsed.ok);
  const crds = readChildCrds(parsed.spec.data, specFile);
  return { dir, diagnostics: checkSpec(parsed.spec, crds), crds, data: parsed.spec.data };
}

function only(diagnostics: Diagnostic[], code: string): Diagnostic {
  const found = diagnostics.filter((d) => d.code === code);
  assert.equal(found.length, 1, diagnostics.map((d) => `${d.code} ${d.message}`).join(" | "));
  return found[0]!;
}

const at = (d: Diagnostic) => `${d.position?.line}:${d.position?.col}`;

test("a child with its CRD checks clean; plural and scope come from the CRD", () => {
  const source = child("    crd: crds/widgets.yaml\n");
  const { diagnostics, crds, data } = checkIn(source, { "crds/widgets.yaml": WIDGET_CRD });
  assert.deepEqual(diagnostics, []);
  const model = buildModel(data, source, crds);
  const widget = model.children[0]!;
  assert.equal(widget.plural, "widgets");
  assert.equal(widget.scope, "Namespaced");
  assert.equal(widget.crd?.path, "crds/widgets.yaml");
  assert.deepEqual(
    widget.crd?.fields.find((f) => f.name === "spec")?.fields.map((f) => [f.name, f.required]),
    [
      ["size", true],
      ["color", true],
      ["note", false],
    ],
  );
});

test("SEM181 the CRD file must exist, be a .yaml file inside the spec's folder, outside generated folders", () => {
  const cases: Array<[string, RegExp, Record<string, string>?]> = [
    ["crds/missing.yaml", /crds\/missing.yaml does not exist/],
    ["../widgets.yaml", /must stay inside the spec's folder/],
    ["/etc/widgets.yaml", /is not a relative POSIX path/],
    ["crds/widgets.json", /is not a \.yaml file/, { "crds/widgets.json": WIDGET_CRD }],
    ["config/widgets.yaml", /under config\//, { "config/widgets.yaml": WIDGET_CRD }],
    ["crds", /is not a file|\.yaml/, { "crds/x.yaml": WIDGET_CRD }],
  ];
  for (const [path, message, files] of cases) {
    const source = child(`    crd: ${path}\n`);
    const d = only(checkIn(source, files).diagnostics, "SEM181");
    assert.match(d.message, message, path);
    assert.equal(at(d), posOf(source, path), path);
  }
});

test("SEM181 a symbolic link out of the spec's folder is refused", () => {
  const outside = mkdtempSync(join(tmpdir(), "outside-"));
  writeFileSync(join(outside, "widgets.yaml"), WIDGET_CRD);
  const source = child("    crd: crds/widgets.yaml\n");
  const dir = mkdtempSync(join(tmpdir(), "child-crds-"));
  mkdirSync(join(dir, "crds"));
  symlinkSync(join(outside, "widgets.yaml"), join(dir, "crds", "widgets.yaml"));
  const specFile = join(dir, "operator.yaml");
  const parsed = parseSpec(source, specFile);
  assert.ok(parsed.ok);
  const d = only(checkSpec(parsed.spec, readChildCrds(parsed.spec.data, specFile)), "SEM181");
  assert.match(d.message, /leads outside the spec's folder/);
});

test("SEM182 the file must hold exactly one apiextensions.k8s.io/v1 CRD", () => {
  const cases: Array<[string, RegExp]> = [
    ["key: [unclosed", /not valid YAML/],
    [
      "apiVersion: v1\nkind: ConfigMap\n",
      /not an apiextensions.k8s.io\/v1 CustomResourceDefinition/,
    ],
    [`${WIDGET_CRD}---\n${WIDGET_CRD}`, /holds 2 YAML documents/],
    [
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec: {}\n",
      /lacks group/,
    ],
  ];
  for (const [text, message] of cases) {
    const source = child("    crd: crds/widgets.yaml\n");
    const d = only(checkIn(source, { "crds/widgets.yaml": text }).diagnostics, "SEM182");
    assert.match(d.message, message);
  }
});

test("SEM183 the CRD must serve the child's group, version, kind, plural and scope", () => {
  const source = `${MINIMAL}children:\n  - apiVersion: other.com/v2\n    kind: Gadget\n    plural: gadgetz\n    scope: Cluster\n    crd: crds/widgets.yaml\n`;
  const { diagnostics } = checkIn(
    source.replace("kind: Shop\n", "kind: Shop\n  scope: Cluster\n"),
    {
      "crds/widgets.yaml": WIDGET_CRD,
    },
  );
  const d = only(diagnostics, "SEM183");
  assert.equal(
    d.message,
    "crds/widgets.yaml does not serve other.com/v2 Gadget: it has group example.com, not other.com, kind Widget, not Gadget, no served version v2, plural widgets, not gadgetz, scope Namespaced, not Cluster",
  );
});

test("SEM184 a built-in kind needs no CRD", () => {
  const source = `${MINIMAL}children:\n  - apiVersion: v1\n    kind: ConfigMap\n    crd: crds/widgets.yaml\n`;
  const d = only(checkIn(source, { "crds/widgets.yaml": WIDGET_CRD }).diagnostics, "SEM184");
  assert.equal(at(d), posOf(source, "crds/widgets.yaml"));
});

test("a child CRD whose required values no example satisfies: SEM186 at the child's crd", () => {
  const unbuildable = WIDGET_CRD.replace("minimum: 3 }", "minimum: 5, maximum: 1 }");
  const source = child("    crd: crds/widgets.yaml\n");
  const { dir } = checkIn(source, { "crds/widgets.yaml": unbuildable });
  const found = only(checkSource(source, join(dir, "operator.yaml")), "SEM186");
  assert.equal(found.path, "children[0].crd");
  assert.equal(`${found.position.line}:${found.position.col}`, posOf(source, "crds/widgets.yaml"));
  assert.match(found.message, /no Widget the generator can build: spec\.size: 5 > maximum 1/);
});

test("a child whose kind a field chooses: each kind's crd is read and checked at kinds[j]", () => {
  const spec = MINIMAL.replace(
    "  fields:\n",
    "  fields:\n    runAs:\n      type: string\n      enum: [Deployment, Widget]\n      default: Deployment\n",
  );
  const choosing = (crd: string) =>
    `${spec}children:\n  - kindField: runAs\n    kinds:\n      - apiVersion: apps/v1\n        kind: Deployment\n      - apiVersion: example.com/v1\n        kind: Widget\n        crd: ${crd}\n`;
  const source = choosing("crds/widgets.yaml");
  const { diagnostics, crds, data } = checkIn(source, { "crds/widgets.yaml": WIDGET_CRD });
  assert.deepEqual(diagnostics, []);
  const widget = buildModel(data, source, crds).children.find((c) => c.kind === "Widget")!;
  assert.equal(widget.plural, "widgets");
  assert.equal(widget.crd?.path, "crds/widgets.yaml");
  assert.equal(widget.chosenBy?.kind, "Widget");
  const missing = choosing("crds/missing.yaml");
  const d = only(checkIn(missing).diagnostics, "SEM181");
  assert.equal(at(d), posOf(missing, "crds/missing.yaml"));
});
