// Presets on disk for tests: a folder with preset.yaml (and optional extra files), and a spec
// that extends it. Built in a temporary directory, the way a platform team's repository holds them.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const PRESET = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-platform
  description: ACME's house style.
defaults:
  metadata:
    imageRegistry: registry.acme.internal/platform
    labels:
      acme.com/team: platform
      acme.com/cost-center: "4711"
  rbac:
    watchNamespaces: [team-a]
  operator:
    concurrency: 4
    resources:
      limits:
        cpu: 250m
        memory: 192Mi
constraints:
  imageRegistries: [registry.acme.internal]
  allowedNamespaces: [team-a, team-b, acme-*]
  maxResources:
    cpu: 500m
    memory: 256Mi
  requiredConditions: [Ready]
  forbiddenRules:
    - apiGroups: [""]
      resources: [secrets]
      reason: operators read secrets through the vault sidecar
files:
  - path: CODEOWNERS
    content: "* @acme/{{name}}-owners\\n"
  - path: .github/workflows/ci.yaml
    from: files/ci.yaml
`;

export const CI_WORKFLOW = `name: ci
on: [push]
jobs:
  test:
    runs-on: \${{ matrix.os }}
    steps:
      - run: echo building {{name}} for {{image}}
`;

export const SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
extends: ../presets/acme
metadata:
  name: shop-operator
  namespace: acme-shop
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      default: 3
`;

/** A temporary tree of files: { "presets/acme/preset.yaml": "..." }; returns its root. */
export function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "preset-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The usual layout: presets/acme (with its CI file) beside a project folder shop/. */
export function acmeTree(preset = PRESET, spec = SPEC, more: Record<string, string> = {}): string {
  return tree({
    "presets/acme/preset.yaml": preset,
    "presets/acme/files/ci.yaml": CI_WORKFLOW,
    "presets/acme/package.json": JSON.stringify({
      name: "@acme/operator-preset",
      version: "1.0.0",
    }),
    "shop/operator.yaml": spec,
    ...more,
  });
}

/** line:col of needle in text (the first occurrence after `after`). */
export function positionIn(text: string, needle: string, after = ""): string {
  const start = text.indexOf(after);
  const index = text.indexOf(needle, start);
  if (start < 0 || index < 0) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}
