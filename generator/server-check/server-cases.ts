// What a server check sends after the CRD: the sample object the project ships, and every case
// of the generated API contract tests (schema constraints, CEL rule examples, transitions), each
// with the outcome the generated test will expect. A disagreement here is a generated test that
// would fail on the same server.

import { hasSpec, type OperatorModel } from "../model/types.ts";
import { sampleObject } from "../render/manifests/sample.ts";
import type { Expectation } from "../render/sources/contract-case-types.ts";
import { buildContractView } from "../render/sources/contract-view.ts";

export type Spec = Record<string, unknown>;

export interface CreateCase {
  kind: "sample" | "schema" | "cel";
  name: string;
  spec: Spec;
  expect: Expectation;
}

export interface TransitionCase {
  kind: "transition";
  name: string;
  old: Spec;
  new: Spec;
  expect: Expectation;
}

export type ServerCase = CreateCase | TransitionCase;

export function serverCases(model: OperatorModel): ServerCase[] {
  const sample = sampleObject(model);
  const view = buildContractView(model);
  const table = <T>(json: string) => expand(JSON.parse(json)) as T[];
  return [
    {
      kind: "sample",
      name: `the sample ${sample.metadata.name}`,
      spec: sample.spec ?? {},
      expect: "accepted",
    },
    ...table<Omit<CreateCase, "kind">>(view.schemaCases).map((c) => ({
      ...c,
      kind: "schema" as const,
    })),
    ...table<Omit<CreateCase, "kind">>(view.celCases).map((c) => ({ ...c, kind: "cel" as const })),
    ...table<Omit<TransitionCase, "kind">>(view.transitionCases).map((c) => ({
      ...c,
      kind: "transition" as const,
    })),
  ];
}

/** The object a case sends: the sample's metadata (name and labels) around the case's spec. */
export function objectFor(model: OperatorModel, spec: Spec, name: string, namespace?: string) {
  const sample = sampleObject(model);
  return {
    apiVersion: sample.apiVersion,
    kind: sample.kind,
    metadata: { ...sample.metadata, name, ...(namespace ? { namespace } : {}) },
    ...(hasSpec(model) ? { spec } : {}),
  };
}

/**
 * Expands the compact forms the contract tables use for big values (the generated project's
 * test/contract/contract-cases.ts reads them the same way): `{ $text: n, from, pad }` is a string,
 * `{ $repeat: n, item }` a list, `{ $repeat: n, key, value }` a map.
 */
export function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (value === null || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if (typeof v.$text === "number") return String(v.from).padEnd(v.$text, String(v.pad));
  if (typeof v.$repeat === "number") {
    const indices = Array.from({ length: v.$repeat }, (_, i) => i);
    if ("item" in v) return indices.map((i) => withIndex(expand(v.item), i));
    return Object.fromEntries(
      indices.map((i) => [String(v.key).replaceAll("{i}", String(i)), expand(v.value)]),
    );
  }
  return Object.fromEntries(Object.entries(v).map(([key, item]) => [key, expand(item)]));
}

function withIndex(value: unknown, index: number): unknown {
  if (typeof value === "string") return value.replaceAll("{i}", String(index));
  if (Array.isArray(value)) return value.map((v) => withIndex(v, index));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIndex(v, index)]));
}
