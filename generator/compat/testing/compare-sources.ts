// Test helpers: a small spec that has every kind of node (scalars with constraints, an object,
// a list of objects, a map of objects, a status field), and a comparison of two spec texts.

import { snapshotFromSpec } from "../api-snapshot.ts";
import { compareSnapshots } from "../compare.ts";
import type { CompatFinding } from "../finding.ts";

export const BASE_SPEC = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1alpha1
spec:
  fields:
    size:
      type: string
      description: How big the shop is.
      enum: [small, medium, huge]
      default: small
    replicas:
      type: integer
      minimum: 1
      maximum: 10
    name:
      type: string
      maxLength: 63
    owner:
      type: object
      fields:
        email:
          type: string
    items:
      type: array
      items:
        type: object
        fields:
          sku:
            type: string
    labels:
      type: map
      values:
        type: object
        fields:
          value:
            type: string
status:
  fields:
    endpoint:
      type: string
`;

/** The findings from `before` to `after`, as operator.yaml (old: base/operator.yaml). */
export function compareSources(before: string, after: string): CompatFinding[] {
  const old = snapshotFromSpec(before, "base/operator.yaml");
  const next = snapshotFromSpec(after, "operator.yaml");
  if (!old.ok) throw new Error(`previous spec invalid: ${JSON.stringify(old.diagnostics)}`);
  if (!next.ok) throw new Error(`new spec invalid: ${JSON.stringify(next.diagnostics)}`);
  return compareSnapshots(old.snapshot, next.snapshot);
}

/** BASE_SPEC with one piece of text replaced; throws when the text is not there. */
export function edit(from: string, to: string, source = BASE_SPEC): string {
  if (!source.includes(from)) throw new Error(`not in the spec: ${from}`);
  return source.replace(from, to);
}

/** line:col of the first occurrence of `text` in `source` (1-based, as the report gives). */
export function lineColOf(source: string, text: string, nth = 0): string {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = source.indexOf(text, index + 1);
  if (index === -1) throw new Error(`not in the spec: ${text}`);
  const before = source.slice(0, index).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}
