// A spec judged as the API server judges it on create, from the generated CRD alone: pruned and
// defaulted, then the structural schema, the CEL rules, and the scale subresource's replica
// bounds (the server reads specReplicasPath as an int32: apiextensions-apiserver
// pkg/registry/customresource/validator.go ValidateScaleSpec).

import type { JSONSchemaProps } from "../manifests/schema-types.ts";
import { celViolations } from "./cel-oracle.ts";
import { prunedAndDefaulted, schemaViolations, type Violation } from "./schema-oracle.ts";

/** The parts of a generated CRD version the judge reads. */
export interface JudgedCrd {
  spec: {
    versions: Array<{
      storage: boolean;
      schema: { openAPIV3Schema: JSONSchemaProps };
      subresources?: { scale?: { specReplicasPath: string } };
    }>;
  };
}

export interface Judgement {
  violations: Violation[];
  /** Where a rule could not be evaluated locally (the server's verdict there is not known). */
  unknown: string[];
}

export function judgeSpec(crd: JudgedCrd, spec: unknown): Judgement {
  const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0]!;
  const root = version.schema.openAPIV3Schema;
  const schema = root.properties?.spec;
  if (!schema) return { violations: [], unknown: [] };
  if (spec === null || spec === undefined) {
    // An object without spec: refused when the root requires it, else defaulted to spec's own
    // default (judged like a sent spec), else stored without one.
    if (root.required?.includes("spec"))
      return {
        violations: [{ field: "spec", reason: "FieldValueRequired", message: "Required value" }],
        unknown: [],
      };
    if (schema.default === undefined) return { violations: [], unknown: [] };
    return judgeSpec(crd, schema.default);
  }
  const stored = prunedAndDefaulted(schema, spec);
  const structural = schemaViolations(schema, stored, "spec");
  const cel = celViolations(schema, stored, "spec");
  const scalePath = version.subresources?.scale?.specReplicasPath;
  return {
    violations: [...structural, ...cel.violations, ...scaleViolations(scalePath, stored)],
    unknown: cel.unknown,
  };
}

const MAX_INT32 = 2 ** 31 - 1;

function scaleViolations(specReplicasPath: string | undefined, spec: unknown): Violation[] {
  if (!specReplicasPath?.startsWith(".spec.")) return [];
  const keys = specReplicasPath.slice(".spec.".length).split(".");
  let value: unknown = spec;
  for (const key of keys)
    value =
      typeof value === "object" && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
  // field.NewPath(specReplicasPath): the server names it with the leading dot.
  const field = specReplicasPath;
  if (typeof value !== "number") return [];
  if (value < 0)
    return [{ field, reason: "FieldValueInvalid", message: "should be a non-negative integer" }];
  if (value > MAX_INT32)
    return [
      {
        field,
        reason: "FieldValueInvalid",
        message: `should be less than or equal to ${MAX_INT32}`,
      },
    ];
  return [];
}
