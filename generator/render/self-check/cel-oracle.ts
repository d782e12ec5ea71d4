// The CEL rules of a generated CRD run on an object as the API server runs them on create: every
// x-kubernetes-validations rule of every node the (pruned, defaulted) object holds, typed from the
// CRD's own schema at that node. Transition rules (oldSelf) do not run on create. Compiled and
// evaluated with the check stage's CEL environment, which is the server's Kubernetes library.

import { compileRule, type CompiledRule } from "../../check/cel-compile.ts";
import { declTypeOf, type DeclType } from "../../check/cel-decl-type.ts";
import { evaluateRule } from "../../check/cel-evaluate.ts";
import type { RawObject } from "../../check/raw-spec.ts";
import type { JSONSchemaProps } from "../manifests/schema-types.ts";
import type { Violation } from "./schema-oracle.ts";

export interface CelFindings {
  violations: Violation[];
  /** Paths of rules this library cannot evaluate on the value: neither verdict is known. */
  unknown: string[];
}

export function celViolations(schema: JSONSchemaProps, value: unknown, path: string): CelFindings {
  const found: CelFindings = { violations: [], unknown: [] };
  visit(schema, value, path, found);
  return found;
}

function visit(schema: JSONSchemaProps, value: unknown, path: string, found: CelFindings): void {
  if (value === undefined || value === null) return;
  const rules = (schema["x-kubernetes-validations"] ?? []).filter(
    (r) => !/\boldSelf\b/.test(r.rule),
  );
  if (rules.length > 0) {
    const { self, compile } = compilerOf(schema);
    for (const rule of rules) {
      const at = rule.fieldPath ? `${path}${rule.fieldPath}` : path;
      const compiled = compile(rule.rule);
      const verdict =
        compiled.status === "ok"
          ? evaluateRule(rule.rule, compiled.types, self, value)
          : { outcome: "unknown" as const };
      if (verdict.outcome === "unknown") found.unknown.push(at);
      if (verdict.outcome === "rejected")
        found.violations.push({
          field: at,
          reason: rule.reason ?? "FieldValueInvalid",
          message: rule.message ?? rule.rule,
        });
    }
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((item, i) => visit(schema.items!, item, `${path}[${i}]`, found));
  else if (typeof value === "object" && !Array.isArray(value))
    for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
      // CEL causes name map keys in field.Path notation, unquoted in brackets: spec.tags[key-1].
      if (schema.properties?.[name]) visit(schema.properties[name], v, `${path}.${name}`, found);
      else if (schema.additionalProperties)
        visit(schema.additionalProperties, v, `${path}[${name}]`, found);
    }
}

/** Each schema node's CEL type and compiled rules, built once however many cases reach it. */
const compilers = new WeakMap<
  JSONSchemaProps,
  { self: DeclType; compile: (rule: string) => CompiledRule }
>();

function compilerOf(schema: JSONSchemaProps) {
  let compiler = compilers.get(schema);
  if (!compiler) {
    const self = declTypeOf(rawDefinition(schema), ["spec"]);
    const compiled = new Map<string, CompiledRule>();
    const compile = (rule: string) => {
      if (!compiled.has(rule)) compiled.set(rule, compileRule(rule, self));
      return compiled.get(rule)!;
    };
    compiler = { self, compile };
    compilers.set(schema, compiler);
  }
  return compiler;
}

/** The schema node in the spec-definition shape the CEL type builder reads. */
function rawDefinition(schema: JSONSchemaProps): RawObject {
  if (schema["x-kubernetes-int-or-string"]) return { type: "int-or-string" };
  const constraints: RawObject = {};
  for (const key of ["format", "maxLength", "enum", "maxItems", "maxProperties"] as const)
    if (schema[key] !== undefined) constraints[key] = schema[key];
  switch (schema.type) {
    case "array":
      return {
        type: "array",
        ...constraints,
        ...(schema.items ? { items: rawDefinition(schema.items) } : {}),
      };
    case "object": {
      if (schema.additionalProperties)
        return { type: "map", ...constraints, values: rawDefinition(schema.additionalProperties) };
      if (!schema.properties && schema["x-kubernetes-preserve-unknown-fields"])
        return { type: "free-form" };
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, member]) => [
          name,
          {
            ...rawDefinition(member),
            ...(required.has(name) ? { required: true } : {}),
            ...(member.default !== undefined ? { default: member.default } : {}),
          },
        ]),
      );
      return { type: "object", fields };
    }
    default:
      return { type: schema.type ?? "int-or-string", ...constraints };
  }
}
