// What src/tenancy.ts, the reconciler and the tenancy suite print for operator.yaml's tenancy: the
// policy validations the operator re-checks, as TypeScript literals of the same CEL text, and the
// ones it cannot, each with why (docs/tenancy.md).

import type { FieldModel, OperatorModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { parametersSampleFileName, sampleFileName } from "../manifests/sample.ts";
import { QUOTA_FILE, TENANCY_DIR, tenancyFiles } from "../manifests/tenancy.ts";
import { USER_ROLES, userRoleFileName } from "../manifests/user-roles.ts";
import { tsKey, tsLiteral } from "./ts-types.ts";

export interface TenancyView {
  hasTenancy: boolean;
  /** test/support/tenancy.json, serialized. */
  tenancyFixture?: string;
  tenancy?: {
    /** The runtime's TenancyRule literals, in the policy's order. */
    rules: string[];
    admissionOnly: Array<{ expression: string; why: string }>;
    parameters?: {
      kind: string;
      group: string;
      version: string;
      plural: string;
      name: string;
      missing: "Deny" | "Allow";
      /** parameterNotFoundAction Deny: a namespace without parameters can create nothing. */
      denyWhenMissing: boolean;
      /** config/samples' parameters object, and the kind's sample it admits. */
      sampleFile: string;
      kindSampleFile: string;
    };
    policyName: string;
    bindingName: string;
    /** The ClusterRoles granting `use` of a restricted class, e.g. db-operator-use-instanceclasses-large. */
    useRoles: string[];
    /** config/tenancy-quota's ResourceQuota, when the spec sets tenancy.quota. */
    quota?: { file: string; resource: string; maxObjects: number };
  };
}

export function tenancyView(model: OperatorModel): TenancyView {
  const t = model.tenancy;
  if (!t) return { hasTenancy: false };
  const p = t.parameters;
  return {
    hasTenancy: true,
    tenancyFixture: JSON.stringify(tenancyFixture(model)),
    tenancy: {
      rules: operatorRules(model).map(ruleLiteral),
      admissionOnly: t.validations
        .filter((v) => !v.operatorChecks)
        .map((v) => ({ expression: v.expression, why: v.admissionOnlyBecause! })),
      ...(p
        ? {
            parameters: {
              kind: p.kind,
              group: p.group,
              version: p.version,
              plural: p.plural,
              name: p.objectName,
              missing: p.missing,
              denyWhenMissing: p.missing === "Deny",
              sampleFile: parametersSampleFileName(p),
              kindSampleFile: sampleFileName(model),
            },
          }
        : {}),
      policyName: t.policyName,
      bindingName: t.bindingName,
      useRoles: t.useRoles.map((r) => r.roleName),
      ...(t.quota
        ? {
            quota: {
              file: QUOTA_FILE,
              resource: t.quota.resource,
              maxObjects: t.quota.maxObjects,
            },
          }
        : {}),
    },
  };
}

/** The policy's validations the operator re-checks, as the runtime's TenancyRule takes them. */
function operatorRules(model: OperatorModel): Array<Record<string, string>> {
  return (model.tenancy?.validations ?? [])
    .filter((v) => v.operatorChecks)
    .map((v) => ({
      expression: v.expression,
      ...(v.message !== undefined ? { message: v.message } : {}),
      ...(v.messageExpression !== undefined ? { messageExpression: v.messageExpression } : {}),
    }));
}

const PRINT_WIDTH = 100;
/** prettier keeps a value on a key shorter than this (tabWidth + 3) however long the line. */
const SHORT_KEY = 5;

/**
 * One rule as an element of src/tenancy.ts's TENANCY_RULES array, in prettier's layout, so `new`
 * needs no prettier for the file (render/format.ts): on the element's line when `  {...},` fits;
 * else one property a line, and a string that does not fit after its key goes on the next line
 * (prettier breaks after the colon before a string). Text with other than ASCII is left on one
 * line: its width is prettier's to judge, and render/format.ts sends a long line to prettier.
 */
export function ruleLiteral(rule: Record<string, string>): string {
  const oneLine = tsLiteral(rule);
  if (`  ${oneLine},`.length <= PRINT_WIDTH || /[^\x00-\x7f]/.test(oneLine)) return oneLine;
  const lines = Object.entries(rule).map(([name, value]) => {
    const key = tsKey(name);
    const line = `    ${key}: ${JSON.stringify(value)},`;
    if (line.length <= PRINT_WIDTH || key.length < SHORT_KEY) return line;
    return `    ${key}:\n      ${JSON.stringify(value)},`;
  });
  return `{\n${lines.join("\n")}\n  }`;
}

/**
 * Whether src/tenancy.ts renders in prettier's layout: the template breaks TENANCY_RULES one rule
 * a line, which prettier keeps only when the rules do not fit on the declaration's line.
 */
export function tenancyLaidOut(model: OperatorModel): boolean {
  return rulesBreak(operatorRules(model).map(ruleLiteral));
}

/** Whether prettier prints these ruleLiteral()s one a line, as the template does. */
export function rulesBreak(rules: readonly string[]): boolean {
  if (rules.length === 0) return false;
  const joined = `export const TENANCY_RULES: readonly TenancyRule[] = [${rules.join(", ")}];`;
  return joined.length > PRINT_WIDTH || rules.some((rule) => rule.includes("\n"));
}

/** test/support/tenancy.json: what the tenancy suite creates and expects, from operator.yaml. */
export interface TenancyFixture {
  /** config/tenancy's files, in the order they are applied (the parameters CRD first). */
  files: string[];
  /** The editor ClusterRole a tenant is given in their namespace, and its file. */
  editorRole: string;
  editorRoleFile: string;
  policyName: string;
  bindingName: string;
  parameters: {
    group: string;
    version: string;
    plural: string;
    kind: string;
    name: string;
    missing: "Deny" | "Allow";
    example: Record<string, unknown>;
  } | null;
  ruleCases: Array<{
    expression: string;
    operatorChecks: boolean;
    params: Record<string, unknown> | null;
    admitted: Array<Record<string, unknown>>;
    refused: Array<Record<string, unknown>>;
  }>;
  classes: Array<{ path: string[]; value: string; role: string; resource: string; group: string }>;
  /**
   * `value` set by an admin; `changed`, another value a tenant then tries; `other`, a spec field no
   * tenancy validation reads, which the tenant may still change on that object (null: none).
   */
  adminOnly: Array<{
    path: string[];
    value: unknown;
    changed: unknown;
    groups: string[];
    other: { name: string; value: unknown } | null;
  }>;
  /**
   * References that may carry a namespace; `granted`: a namespace the example parameters grant;
   * `overlay`: spec fields that set one such reference (in a list or map: one item) to the
   * namespace NAMESPACE_PLACEHOLDER.
   */
  references: Array<{
    path: string;
    kind: string;
    granted: string | null;
    overlay: Record<string, unknown>;
  }>;
  /** config/tenancy-quota's ResourceQuota, applied per namespace. */
  quota: { file: string; name: string; resource: string; maxObjects: number } | null;
  /** config/samples' parameters object and the kind's sample it admits (null: no parameters). */
  samples: { parameters: string; object: string } | null;
}

export function tenancyFixture(model: OperatorModel): TenancyFixture | undefined {
  const t = model.tenancy;
  if (!t) return undefined;
  const p = t.parameters;
  const editor = USER_ROLES.find((r) => r.level === "editor")!;
  return {
    files: tenancyFiles(t).map((f) => `${TENANCY_DIR}/${f}`),
    editorRole: `${model.name}-${model.api.singular}-editor-role`,
    editorRoleFile: `config/rbac/${userRoleFileName(model, editor)}`,
    policyName: t.policyName,
    bindingName: t.bindingName,
    parameters: p
      ? {
          group: p.group,
          version: p.version,
          plural: p.plural,
          kind: p.kind,
          name: p.objectName,
          missing: p.missing,
          example: p.example,
        }
      : null,
    ruleCases: t.validations.flatMap((v) =>
      v.examples
        ? [
            {
              expression: v.expression,
              operatorChecks: v.operatorChecks,
              params: v.examples.params ?? p?.example ?? null,
              admitted: v.examples.admitted,
              refused: v.examples.refused,
            },
          ]
        : [],
    ),
    classes: t.useRoles.map((r) => ({
      path: r.field.split("."),
      value: r.value,
      role: r.roleName,
      resource: r.resource,
      group: model.api.group,
    })),
    adminOnly: t.adminOnly.map((a) => ({
      path: a.path.split("."),
      value: exampleValue(fieldAt(model.spec.fields, a.path)),
      changed: exampleValue(fieldAt(model.spec.fields, a.path), 1),
      groups: a.groups,
      other: freeField(model),
    })),
    references: t.crossNamespaceReferences.map((r) => {
      const listed = r.grantedBy === undefined ? undefined : p?.example[r.grantedBy];
      const first = Array.isArray(listed) ? listed[0] : undefined;
      return {
        path: r.path,
        kind: r.kind,
        granted: typeof first === "string" ? first : null,
        overlay: referenceOverlay(model.spec.fields, r.path.split(".")),
      };
    }),
    quota: t.quota ? { file: QUOTA_FILE, ...t.quota } : null,
    samples: p
      ? {
          parameters: `config/samples/${parametersSampleFileName(p)}`,
          object: `config/samples/${sampleFileName(model)}`,
        }
      : null,
  };
}

/**
 * A top-level scalar spec field no tenancy validation names, with a second example value: what a
 * tenant changes on an object whose admin-only field an admin set (the value kept, so admitted).
 */
function freeField(model: OperatorModel): { name: string; value: unknown } | null {
  const read = model.tenancy!.validations.map((v) => v.expression).join(" ");
  const field = model.spec.fields.find(
    (f) =>
      ["string", "integer", "boolean"].includes(f.type) &&
      f.reference === undefined &&
      !f.immutable &&
      !new RegExp(`\\.spec\\.${f.name}\\b`).test(read),
  );
  return field ? { name: field.name, value: exampleValue(field, 1) } : null;
}

/** What the tenancy suite replaces with the namespace a reference names. */
export const NAMESPACE_PLACEHOLDER = "$NAMESPACE";

/** Spec fields holding one reference at `steps` (e.g. replicas[], secret), naming the placeholder. */
function referenceOverlay(
  fields: readonly FieldModel[],
  steps: readonly string[],
): Record<string, unknown> {
  const [step = "", ...rest] = steps;
  const name = step.replace(/(\[\]|\{\})+$/, "");
  const markers = step.slice(name.length).match(/\[\]|\{\}/g) ?? [];
  const valueOf = (field: FieldModel, pending: readonly string[]): unknown => {
    const [marker, ...more] = pending;
    if (marker === "[]") return [valueOf(field.items!, more)];
    if (marker === "{}") return { example: valueOf(field.items!, more) };
    const example = exampleValue(field) as Record<string, unknown>;
    if (rest.length === 0) return { ...example, namespace: NAMESPACE_PLACEHOLDER };
    return { ...example, ...referenceOverlay(field.fields ?? [], rest) };
  };
  return {
    [name]: valueOf(
      fields.find((f) => f.name === name)!,
      markers,
    ),
  };
}

function fieldAt(fields: readonly FieldModel[], path: string): FieldModel {
  let field: FieldModel | undefined;
  for (const step of path.split(".")) {
    field = fields.find((f) => f.name === step);
    fields = field?.fields ?? [];
  }
  return field!;
}
