// tenancy, old spec against new: not part of the CRD, but of what stored objects may still do.
// A tightened rule never touches an object at rest (the policy judges only creates and spec
// changes), but the next spec change is refused, and the operator's re-check stops acting on an
// object the rule now refuses (Ready=False NotPermitted) until it complies. Deletion is never
// refused. So tightening is risky, never breaking: the API itself is unchanged.

import { isObject, obj, objects, str, strings, type RawObject } from "../check/raw-spec.ts";
import type { Path } from "../check/report.ts";
import type { Change } from "./change.ts";

const HINT =
  "Before rolling it out, list the objects the new rule refuses (deploy with config/tenancy-audit: the binding warns and audits instead of denying), fix or grant them, then enforce; to spare stored objects, write the rule to pass when oldObject already held the value.";

export function diffTenancy(old: RawObject | undefined, next: RawObject | undefined): Change[] {
  if (old === undefined || next === undefined || !isObject(next.tenancy)) return [];
  const before = isObject(old.tenancy) ? old.tenancy : undefined;
  const after = next.tenancy;
  const out: Change[] = [];
  const tightened = (specPath: Path, what: string) =>
    out.push({
      code: "COMPAT045",
      version: null,
      side: "new",
      specPath,
      message: `${what}: objects already stored stay, but a change to their spec may now be refused, and the operator stops acting on one the rule refuses (Ready=False NotPermitted) until it complies`,
      hint: HINT,
    });
  if (before === undefined) {
    tightened(["tenancy"], "tenancy added: every create and spec change is now judged");
    return out;
  }

  const oldRules = new Set(objects(before.rules).map(([, r]) => str(r.rule)));
  for (const [i, rule] of objects(after.rules))
    if (!oldRules.has(str(rule.rule)))
      tightened(
        ["tenancy", "rules", i, "rule"],
        `tenancy rule added or changed: ${str(rule.rule)}`,
      );

  const oldClasses = new Set(
    objects(before.classes).flatMap(([, c]) =>
      strings(c.values).map(([, v]) => `${str(c.field)}/${str(c.resource)}/${v}`),
    ),
  );
  for (const [i, c] of objects(after.classes))
    for (const [j, value] of strings(c.values))
      if (!oldClasses.has(`${str(c.field)}/${str(c.resource)}/${value}`))
        tightened(
          ["tenancy", "classes", i, "values", j],
          `${str(c.field)}: ${value} now needs the use verb on ${str(c.resource)}/${value}`,
        );

  const groupsOf = (a: RawObject) => {
    const listed = strings(a.groups).map(([, g]) => g);
    return listed.length > 0 ? listed : ["system:masters"];
  };
  const oldAdminOnly = new Map(objects(before.adminOnly).map(([, a]) => [str(a.field), a]));
  for (const [i, a] of objects(after.adminOnly)) {
    const previous = oldAdminOnly.get(str(a.field));
    const dropped = previous
      ? groupsOf(previous).filter((g) => !groupsOf(a).includes(g))
      : undefined;
    if (dropped === undefined)
      tightened(["tenancy", "adminOnly", i, "field"], `spec.${str(a.field)} is now admin-only`);
    else if (dropped.length > 0)
      tightened(
        ["tenancy", "adminOnly", i, "groups"],
        `spec.${str(a.field)} may no longer be set by ${dropped.join(", ")}`,
      );
  }

  const missing = (t: RawObject) =>
    isObject(t.parameters) ? (str(obj(t.parameters).missing) ?? "Deny") : "none";
  if (missing(after) === "Deny" && missing(before) !== "Deny")
    tightened(
      ["tenancy", "parameters"],
      "a namespace without its parameters object may no longer create or change objects",
    );
  if (isObject(before.crossNamespaceReferences) && !isObject(after.crossNamespaceReferences))
    tightened(
      ["tenancy"],
      "references to another namespace are no longer granted by the parameters",
    );
  const grantedBy = (t: RawObject) => str(obj(t.crossNamespaceReferences).grantedBy);
  if (
    grantedBy(before) !== undefined &&
    grantedBy(after) !== undefined &&
    grantedBy(before) !== grantedBy(after)
  )
    tightened(
      ["tenancy", "crossNamespaceReferences", "grantedBy"],
      `cross-namespace references are now granted by ${grantedBy(after)}, no longer by ${grantedBy(before)}: the grants cluster admins wrote there no longer count`,
    );
  diffParameters(before, after, tightened);
  const maxObjects = (t: RawObject) => {
    const n = obj(t.quota).maxObjects;
    return typeof n === "number" ? n : undefined;
  };
  const [oldMax, newMax] = [maxObjects(before), maxObjects(after)];
  if (newMax !== undefined && (oldMax === undefined || newMax < oldMax))
    tightened(
      ["tenancy", "quota", "maxObjects"],
      oldMax === undefined
        ? `a namespace may now hold at most ${newMax} objects once its admin applies config/tenancy-quota`
        : `a namespace may now hold at most ${newMax} objects, not ${oldMax}, once its admin re-applies config/tenancy-quota`,
    );
  return out;
}

/**
 * The parameters kind renamed (its stored objects no longer found: with missing Deny every create
 * is refused until admins write the new ones), or its schema tightened (a field added as required,
 * removed, or changed other than in its description): rules read what admins wrote for the old
 * schema.
 */
function diffParameters(
  before: RawObject,
  after: RawObject,
  tightened: (specPath: Path, what: string) => void,
): void {
  if (!isObject(before.parameters) || !isObject(after.parameters)) return;
  const [oldP, newP] = [before.parameters, after.parameters];
  for (const key of ["kind", "version", "name"] as const)
    if (str(oldP[key]) !== str(newP[key]))
      tightened(
        ["tenancy", "parameters", key],
        `the parameters' ${key} is now ${str(newP[key]) ?? "the default"}, not ${str(oldP[key]) ?? "the default"}: the parameters objects admins created are no longer read, so every namespace is judged without its own until they are created again`,
      );
  const [oldFields, newFields] = [obj(oldP.fields), obj(newP.fields)];
  for (const [name, def] of Object.entries(newFields)) {
    const previous = oldFields[name];
    if (previous === undefined) {
      if (obj(def).required === true)
        tightened(
          ["tenancy", "parameters", "fields", name],
          `the parameters gain the required field ${name}: every namespace's parameters object must be updated before its rules can read it`,
        );
    } else if (JSON.stringify(schemaOf(previous)) !== JSON.stringify(schemaOf(def)))
      tightened(
        ["tenancy", "parameters", "fields", name],
        `the parameters' field ${name} changed: rules now read values admins wrote under the old schema`,
      );
  }
  for (const name of Object.keys(oldFields))
    if (!(name in newFields))
      tightened(
        ["tenancy", "parameters", "fields"],
        `the parameters' field ${name} is gone: what admins wrote there no longer counts`,
      );
}

/** A field's definition without its descriptions, which change nothing. */
function schemaOf(def: unknown): unknown {
  if (Array.isArray(def)) return def.map(schemaOf);
  if (!isObject(def)) return def;
  return Object.fromEntries(
    Object.entries(def)
      .filter(([k]) => k !== "description")
      .map(([k, v]) => [k, schemaOf(v)]),
  );
}
