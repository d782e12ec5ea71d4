// tenancy: the fields it names must exist where a policy can read them, the parameters must have a
// schema, and every rule and messageExpression must compile in the ValidatingAdmissionPolicy's
// environment (object typed from spec, params from the parameters' fields), so the API server never
// refuses the policy, or worse, accepts it and fails every request with failurePolicy: Fail.

import type { CheckContext } from "./context.ts";
import { admissionEnvironment, admissionObjectType } from "./cel-admission-environment.ts";
import { compileExpression } from "./cel-compile.ts";
import { objectType, type DeclType } from "./cel-decl-type.ts";
import { closestMatch } from "./did-you-mean.ts";
import { admissionOnlyNames } from "../model/build-tenancy.ts";
import { notOnOperator } from "./operator-cel-functions.ts";
import { isObject, obj, objects, str, strings, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export function checkTenancy(ctx: CheckContext): void {
  const { data, report } = ctx;
  if (!isObject(data.tenancy)) return;
  const tenancy = data.tenancy;
  const specFields = obj(obj(data.spec).fields);
  const parameters = isObject(tenancy.parameters) ? tenancy.parameters : undefined;
  if (parameters) checkParameters(ctx, parameters);
  if (parameters && str(obj(data.api).scope) === "Cluster")
    report.error(
      "SEM303",
      ["tenancy", "parameters"],
      "tenancy.parameters are per namespace, and this kind is cluster-scoped",
      "Leave parameters out (rules can still read object, request and authorizer), or make the kind Namespaced.",
      "key",
    );

  for (const [i, c] of objects(tenancy.classes)) {
    const def = fieldAt(ctx, specFields, str(c.field), ["tenancy", "classes", i, "field"]);
    if (def === undefined) continue;
    if (str(def.type) !== "string") {
      report.error(
        "SEM301",
        ["tenancy", "classes", i, "field"],
        `spec.${str(c.field)} is a ${str(def.type) ?? "field without a type"}; a class is a string value`,
        "Name a string field of spec: the value is the resource name the `use` verb is checked on.",
      );
      continue;
    }
    const allowed = Array.isArray(def.enum) ? def.enum : undefined;
    for (const [j, value] of strings(c.values))
      if (allowed && !allowed.includes(value))
        report.error(
          "SEM302",
          ["tenancy", "classes", i, "values", j],
          `"${value}" is not a value spec.${str(c.field)} can hold (${allowed.join(", ")})`,
          "List values of the field's enum.",
        );
  }
  for (const [i, a] of objects(tenancy.adminOnly)) {
    const def = fieldAt(ctx, specFields, str(a.field), ["tenancy", "adminOnly", i, "field"]);
    if (def !== undefined && def.default !== undefined)
      report.error(
        "SEM304",
        ["tenancy", "adminOnly", i, "field"],
        `spec.${str(a.field)} has a default, so the API server sets it on every object before admission and no tenant could create one`,
        "Remove the field's default, or leave it out of adminOnly.",
      );
  }

  checkCrossNamespace(ctx, tenancy, parameters);

  const params = parameters ? parametersType(parameters) : undefined;
  const object = admissionObjectType(objectType(specFields, ["spec"]));
  for (const [i, r] of objects(tenancy.rules)) {
    compileAt(ctx, object, params, str(r.rule), ["tenancy", "rules", i, "rule"], "bool");
    compileAt(
      ctx,
      object,
      params,
      str(r.messageExpression),
      ["tenancy", "rules", i, "messageExpression"],
      "string",
    );
    checkOperatorEvaluates(ctx, r, i);
    if (r.message === undefined && r.messageExpression === undefined)
      report.warning(
        "WARN300",
        ["tenancy", "rules", i],
        "this rule has no message, so a refused user reads only the failed expression",
        "Add a messageExpression that says what they may ask for instead.",
      );
  }
}

/**
 * A rule the operator re-checks (it reads no admission-only variable) must call only functions the
 * operator's CEL implements, or the operator and the policy would judge it differently.
 */
function checkOperatorEvaluates({ report }: CheckContext, r: RawObject, i: number): void {
  const rule = str(r.rule);
  if (rule === undefined || readsAdmissionOnly(rule)) return;
  for (const key of ["rule", "messageExpression"] as const) {
    const text = str(r[key]);
    if (text === undefined) continue;
    for (const missing of notOnOperator(text))
      report.error(
        "SEM313",
        ["tenancy", "rules", i, key],
        `${missing.call} cannot be evaluated by the operator's re-check of this rule: ${missing.why}`,
        "Write the rule with other functions (the operator implements CEL's standard functions and the quantity, url, ip, cidr, semver, strings, lists and sets libraries), or make it read request or authorizer, which makes it admission-only.",
        { offset: missing.offset },
      );
  }
}

function readsAdmissionOnly(rule: string): boolean {
  try {
    return admissionOnlyNames(rule).length > 0;
  } catch {
    return true; // does not parse: SEM307 says so
  }
}

function checkParameters({ data, report }: CheckContext, parameters: RawObject): void {
  if (isObject(parameters.fields) && Object.keys(parameters.fields).length === 0)
    report.error(
      "SEM305",
      ["tenancy", "parameters", "fields"],
      "the parameters have no fields, so no rule can read a limit from them",
      "Declare the limits as fields (e.g. allowedSizes: { type: array, items: { type: string } }), or leave parameters out.",
    );
  if (str(parameters.kind) !== undefined && str(parameters.kind) === str(obj(data.api).kind))
    report.error(
      "SEM306",
      ["tenancy", "parameters", "kind"],
      `the parameters kind is the operator's own kind ${str(parameters.kind)}`,
      "Name the parameters kind after what it limits, e.g. DatabaseLimits.",
    );
}

/** The definition at a dotted spec path, or undefined (reported) when there is none. */
function fieldAt(
  { report }: CheckContext,
  specFields: RawObject,
  path: string | undefined,
  at: Path,
): RawObject | undefined {
  if (path === undefined) return undefined;
  let fields = specFields;
  let def: RawObject | undefined;
  const walked: string[] = [];
  for (const step of path.split(".")) {
    const next = fields[step];
    if (!isObject(next)) {
      const near = closestMatch(step, Object.keys(fields));
      const where = walked.length > 0 ? `spec.${walked.join(".")}` : "spec";
      report.error(
        "SEM300",
        at,
        `spec.${path} does not exist: ${where} has no field ${step}`,
        near ? `Did you mean ${[...walked, near].join(".")}?` : "Name a field of spec.fields.",
      );
      return undefined;
    }
    def = next;
    walked.push(step);
    fields = obj(next.fields);
  }
  return def;
}

function parametersType(parameters: RawObject): DeclType {
  return objectType({ spec: { type: "object", fields: obj(parameters.fields) } }, [
    "tenancy",
    "parameters",
  ]);
}

function compileAt(
  { report }: CheckContext,
  object: DeclType,
  params: DeclType | undefined,
  text: string | undefined,
  at: Path,
  returns: "bool" | "string",
): void {
  if (text === undefined) return;
  const compiled = compileExpression(text, admissionEnvironment(object, params), returns);
  if (compiled.status !== "syntax" && compiled.status !== "type") return;
  const undeclaredParams = params === undefined && /\bparams\b/.test(text);
  report.error(
    "SEM307",
    at,
    `does not compile as a ValidatingAdmissionPolicy expression: ${compiled.message}`,
    undeclaredParams
      ? "params exists only with tenancy.parameters: declare them, or read the limit from elsewhere."
      : "It is checked against object (spec typed from spec.fields), oldObject, params (tenancy.parameters, under spec), request, namespaceObject and authorizer.",
    { offset: compiled.offset },
  );
}

/** grantedBy names a list of namespaces in the parameters. */
function checkCrossNamespace(
  { data, report }: CheckContext,
  tenancy: RawObject,
  parameters: RawObject | undefined,
): void {
  if (!isObject(tenancy.crossNamespaceReferences)) return;
  const grantedBy = str(tenancy.crossNamespaceReferences.grantedBy);
  if (grantedBy === undefined) return;
  const at = ["tenancy", "crossNamespaceReferences", "grantedBy"];
  const field = obj(obj(parameters?.fields)[grantedBy]);
  const isList = str(field.type) === "array" && str(obj(field.items).type) === "string";
  if (parameters === undefined || !isList)
    report.error(
      "SEM308",
      at,
      parameters === undefined
        ? "grantedBy names a field of tenancy.parameters, and there are none"
        : `tenancy.parameters has no list of strings named ${grantedBy}`,
      "Declare it in tenancy.parameters.fields, e.g. referenceNamespaces: { type: array, items: { type: string } }.",
    );
}
