// tenancy: in operator.yaml → TenancyModel. Classes become authorizer checks and admin-only fields
// userInfo checks, written here as CEL once, so the policy, the operator's re-check and the docs
// show the same expressions. Check has proven every field path and every rule well-formed.

import { Environment, type ASTNode } from "@marcbachmann/cel-js";
import { ADMISSION_ONLY_VARIABLES } from "../check/cel-admission-environment.ts";
import { deriveSingular, derivePlural } from "../check/derive-names.ts";
import { buildFields, type RawField } from "./build-fields.ts";
import type { TenancyModel, TenancyValidation, UseClassRole } from "./tenancy-types.ts";
import type { FieldModel, ReferenceModel } from "./types.ts";

export interface RawTenancy {
  parameters?: {
    kind: string;
    version?: string;
    name?: string;
    missing?: "Deny" | "Allow";
    description?: string;
    fields: Record<string, RawField>;
    example: Record<string, unknown>;
  };
  rules?: Array<{
    rule: string;
    message?: string;
    messageExpression?: string;
    reason?: TenancyValidation["reason"];
    examples?: { params?: Record<string, unknown>; admitted?: object[]; refused: object[] };
  }>;
  classes?: Array<{ field: string; values: string[]; resource: string }>;
  adminOnly?: Array<{ field: string; groups?: string[] }>;
  crossNamespaceReferences?: { grantedBy: string };
  quota?: { maxObjects: number };
}

export const DEFAULT_PARAMETERS_VERSION = "v1alpha1";
export const DEFAULT_PARAMETERS_OBJECT = "tenancy";
export const DEFAULT_ADMIN_GROUPS = ["system:masters"];

export function buildTenancy(
  raw: RawTenancy | undefined,
  operatorName: string,
  api: { group: string; singular: string; plural: string; namespaced: boolean },
  specFields: readonly FieldModel[],
  references: readonly ReferenceModel[] = [],
): TenancyModel | undefined {
  if (raw === undefined) return undefined;
  const { group } = api;
  const prefix = `${operatorName}-${api.singular}`;
  const useRoles: UseClassRole[] = (raw.classes ?? []).flatMap((c) =>
    c.values.map((value) => ({
      roleName: `${useRolePrefix(operatorName, c.resource)}${value}`,
      field: c.field,
      value,
      resource: c.resource,
    })),
  );
  const validations: TenancyValidation[] = [
    ...(raw.rules ?? []).map((r) =>
      withReach({
        source: "rule" as const,
        expression: r.rule,
        ...(r.message !== undefined ? { message: r.message } : {}),
        ...(r.messageExpression !== undefined ? { messageExpression: r.messageExpression } : {}),
        reason: r.reason ?? "Forbidden",
        ...(r.examples
          ? {
              examples: {
                ...(r.examples.params ? { params: r.examples.params } : {}),
                admitted: (r.examples.admitted ?? []) as Array<Record<string, unknown>>,
                refused: r.examples.refused as Array<Record<string, unknown>>,
              },
            }
          : {}),
      }),
    ),
    ...(raw.classes ?? []).map((c) =>
      withReach(classValidation(c, group, api.namespaced, operatorName, specFields)),
    ),
    ...(raw.adminOnly ?? []).map((a) => withReach(adminOnlyValidation(a))),
    ...crossNamespaceReferences(references).map((r) =>
      withReach(referenceValidation(r, raw.crossNamespaceReferences?.grantedBy)),
    ),
  ];
  const parameters = raw.parameters;
  return {
    policyName: `${prefix}-tenancy`,
    bindingName: `${prefix}-tenancy`,
    validations,
    useRoles,
    crossNamespaceReferences: crossNamespaceReferences(references).map((r) => ({
      path: r.field.path,
      kind: r.kind,
      ...(raw.crossNamespaceReferences
        ? { grantedBy: raw.crossNamespaceReferences.grantedBy }
        : {}),
    })),
    ...(raw.quota
      ? {
          quota: {
            name: `${prefix}-count`,
            resource: `count/${api.plural}.${group}`,
            maxObjects: raw.quota.maxObjects,
          },
        }
      : {}),
    adminOnly: (raw.adminOnly ?? []).map((a) => ({
      path: a.field,
      groups: a.groups ?? DEFAULT_ADMIN_GROUPS,
    })),
    ...(parameters
      ? {
          parameters: {
            group,
            version: parameters.version ?? DEFAULT_PARAMETERS_VERSION,
            kind: parameters.kind,
            listKind: `${parameters.kind}List`,
            plural: derivePlural(parameters.kind),
            singular: deriveSingular(parameters.kind),
            crdName: `${derivePlural(parameters.kind)}.${group}`,
            objectName: parameters.name ?? DEFAULT_PARAMETERS_OBJECT,
            missing: parameters.missing ?? "Deny",
            description:
              parameters.description ??
              `What the ${api.singular} objects of one namespace may ask for; set by a cluster admin.`,
            fields: buildFields(parameters.fields, "", `${parameters.kind}Spec`),
            example: parameters.example,
          },
        }
      : {}),
  };
}

/** The ClusterRole names of one class resource end in the value: <prefix><value>. */
export function useRolePrefix(operatorName: string, resource: string): string {
  return `${operatorName}-use-${resource}-`;
}

/** `has` for each step of a spec path, so a missing field never fails the expression. */
export function presence(root: string, path: string): string {
  const steps = path.split(".");
  const checks = steps.map((_, i) => `has(${root}.spec.${steps.slice(0, i + 1).join(".")})`);
  return [`has(${root}.spec)`, ...checks].join(" && ");
}

function classValidation(
  c: { field: string; values: string[]; resource: string },
  group: string,
  namespaced: boolean,
  operatorName: string,
  specFields: readonly FieldModel[],
): Omit<TenancyValidation, "operatorChecks"> {
  const value = `object.spec.${c.field}`;
  const values = `[${c.values.map(quote).join(", ")}]`;
  // In the object's namespace, for a namespaced kind: a tenant is granted `use` by a RoleBinding
  // there, which a cluster-wide check would not see (and a grant in one namespace is not one in all).
  const where = namespaced ? `.namespace(object.metadata.namespace)` : "";
  const decision = `authorizer.group(${quote(group)}).resource(${quote(c.resource)})${where}.name(${value}).check('use').allowed()`;
  const others = otherValues(specFields, c.field, c.values);
  const instead = others.length > 0 ? `, or choose ${c.field} ${others.join(" or ")}` : "";
  return {
    source: "class",
    expression: `!(${presence("object", c.field)}) || !(${value} in ${values}) || ${decision}`,
    messageExpression:
      `${quote(`${c.field} `)} + ${value} + ${quote(` needs the use verb on ${c.resource}/`)} + ${value} + ` +
      `${quote(` in ${group}: ask a cluster admin to bind the ClusterRole ${useRolePrefix(operatorName, c.resource)}`)} + ${value} + ` +
      `${quote(` to you in this namespace${instead}`)}`,
    reason: "Forbidden",
  };
}

/**
 * The references a tenant could point at another namespace: object form with namespaces: any,
 * anywhere in spec, in lists and maps too (path steps ending in [] and {}).
 */
export function crossNamespaceReferences(references: readonly ReferenceModel[]): ReferenceModel[] {
  const found = references.filter(
    (r) => r.form === "object" && r.namespaces === "any" && r.scope === "Namespaced",
  );
  // A polymorphic reference (one model per kind) is one field to check: once, naming its kinds.
  return found
    .filter((r, i) => found.findIndex((o) => o.field.path === r.field.path) === i)
    .map((r) =>
      r.choice === undefined
        ? r
        : {
            ...r,
            kind: found
              .filter((o) => o.field.path === r.field.path)
              .map((o) => o.kind)
              .join(" or "),
          },
    );
}

/**
 * Same namespace unless granted: the namespaces the referencing namespace's parameters list in
 * `grantedBy` (set by a cluster admin), which the operator can read as well as the policy.
 */
function referenceValidation(
  r: ReferenceModel,
  grantedBy: string | undefined,
): Omit<TenancyValidation, "operatorChecks"> {
  const granted = grantedBy === undefined ? undefined : `params.spec.${grantedBy}`;
  /** The reference at CEL expression `ref` names its own namespace or a granted one. */
  const allowed = (ref: string) =>
    `!has(${ref}.namespace) || ${ref}.namespace == object.metadata.namespace` +
    (granted === undefined ? "" : ` || (params != null && ${ref}.namespace in ${granted})`);
  const tail =
    granted === undefined
      ? quote(
          `: a ${r.kind} in another namespace is never used here; name one in this namespace (leave namespace out)`,
        )
      : `': this namespace may reference ${r.kind} objects only in itself' + (params == null || size(${granted}) == 0 ? '' : ' and in ' + ${granted}.join(', ')) + '; a cluster admin grants more in ${grantedBy}'`;
  if (!/\[\]|\{\}/.test(r.field.path)) {
    const ref = `object.spec.${r.field.path}`;
    const same = `!(${presence("object", `${r.field.path}.namespace`)}) || ${ref}.namespace == object.metadata.namespace`;
    const named = `${quote(`spec.${r.field.path} names ${r.kind} `)} + ${ref}.namespace + '/' + ${ref}.name`;
    return {
      source: "reference",
      expression:
        granted === undefined
          ? same
          : `${same} || (params != null && ${ref}.namespace in ${granted})`,
      messageExpression: `${named} + ${tail}`,
      reason: "Forbidden",
    };
  }
  return {
    source: "reference",
    expression: everyReference(r.field.path, allowed),
    messageExpression: `${offenders(r, allowed)} + ${tail}`,
    reason: "Forbidden",
  };
}

/**
 * CEL that holds when every reference at `path` (steps through lists, `[]`, and map values, `{}`)
 * is `allowed`: `all` over each list and map on the way, absent fields passing.
 */
function everyReference(path: string, allowed: (ref: string) => string): string {
  const at = (base: string, rest: string, depth: number): string => {
    const m = /^(.*?)(\[\]|\{\})(?:\.(.*))?$/.exec(rest);
    if (!m) return `!(${present(base, rest)}) || ${allowed(`${base}.${rest}`)}`;
    const [, head = "", marker = "", next] = m;
    const v = `r${depth}`;
    const inner = next === undefined ? allowed(v) : at(v, next, depth + 1);
    return `!(${present(base, head)}) || ${items(`${base}.${head}`, marker, depth)}.all(${v}, ${inner})`;
  };
  return `!has(object.spec) || ${at("object.spec", path, 0)}`;
}

/**
 * A list's items, or a map's values as a list: has() then selects a field of a plain variable,
 * which every CEL implementation accepts (cel-js refuses has() on an index expression).
 */
function items(collection: string, marker: string, depth: number): string {
  return marker === "[]" ? collection : `${collection}.map(k${depth}, ${collection}[k${depth}])`;
}

/** `has` for each step of a dotted path below `base`. */
function present(base: string, path: string): string {
  const steps = path.split(".");
  return steps.map((_, i) => `has(${base}.${steps.slice(0, i + 1).join(".")})`).join(" && ");
}

/**
 * The start of the refusal: for a reference one list or map deep, the namespaces it names that
 * are not allowed; deeper, the path alone.
 */
function offenders(r: ReferenceModel, allowed: (ref: string) => string): string {
  const m = /^([^[{]+)(\[\]|\{\})$/.exec(r.field.path);
  if (!m) return quote(`spec.${r.field.path} names a ${r.kind} in another namespace`);
  const all = items(`object.spec.${m[1]}`, m[2]!, 0);
  return `${quote(`spec.${r.field.path} names ${r.kind} objects in `)} + ${all}.filter(r0, !(${allowed("r0")})).map(r0, r0.namespace).join(', ')`;
}

function adminOnlyValidation(a: {
  field: string;
  groups?: string[];
}): Omit<TenancyValidation, "operatorChecks"> {
  const groups = a.groups ?? DEFAULT_ADMIN_GROUPS;
  const value = `object.spec.${a.field}`;
  const kept = `(oldObject != null && ${presence("oldObject", a.field)} && oldObject.spec.${a.field} == ${value})`;
  return {
    source: "adminOnly",
    expression: `!(${presence("object", a.field)}) || ${kept} || request.userInfo.groups.exists(g, g in [${groups.map(quote).join(", ")}])`,
    message: `spec.${a.field} may be set or changed only by members of ${groups.join(", ")}: leave it out, or keep the value an admin set`,
    reason: "Forbidden",
  };
}

/** The enum values of a spec field other than `taken`, for "choose ... instead". */
function otherValues(
  specFields: readonly FieldModel[],
  path: string,
  taken: readonly string[],
): string[] {
  let fields = specFields;
  let field: FieldModel | undefined;
  for (const step of path.split(".")) {
    field = fields.find((f) => f.name === step);
    fields = field?.fields ?? [];
  }
  return (field?.enum ?? []).filter(
    (v): v is string => typeof v === "string" && !taken.includes(v),
  );
}

function withReach(v: Omit<TenancyValidation, "operatorChecks">): TenancyValidation {
  const uses = [v.expression, v.messageExpression ?? ""].flatMap(admissionOnlyNames);
  const expressionUses = admissionOnlyNames(v.expression);
  if (expressionUses.length > 0)
    return {
      ...v,
      operatorChecks: false,
      admissionOnlyBecause: `it reads ${[...new Set(uses)].join(" and ")}, which only the API server knows at admission`,
    };
  return { ...v, operatorChecks: true };
}

/** The admission-only variables an expression reads. */
export function admissionOnlyNames(expression: string): string[] {
  if (expression === "") return [];
  const env = new Environment({ unlistedVariablesAreDyn: true });
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object" || !("op" in node)) return;
    const ast = node as ASTNode;
    if (
      ast.op === "id" &&
      (ADMISSION_ONLY_VARIABLES as readonly string[]).includes(ast.args as string)
    )
      found.add(ast.args as string);
    walk(ast.args);
  };
  walk(env.parse(expression).ast);
  return [...found].sort();
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}
