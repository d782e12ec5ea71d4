// An external resource keyed on a natural key (identity.naturalKey) is found again by a name from
// the spec, the way cloud controllers key a bucket or a DNS zone on its name. That name must be
// there from the object's creation on and never change: if it could be absent, the object would
// have no resource; if it could change, the object would silently move to another resource (or
// create a second one) and leave its own behind. So the field must exist, be a string, be present
// at creation (required or defaulted, and so every object on its path) and be immutable.

import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { childField, dottedFieldPaths } from "./field-walk.ts";
import { immutabilityOf } from "./immutability.ts";
import { checkKeyFallback } from "./check-key-fallback.ts";
import { isReadOnly } from "./check-external-sources.ts";
import { arr, has, isObject, obj, objects, str, type RawObject } from "./raw-spec.ts";

export function checkResourceIdentity({ data, report }: CheckContext): void {
  const specFields = obj(data.spec).fields;
  for (const [i, resource] of objects(data.externalResources)) {
    if (!isObject(resource.identity)) continue;
    const key = str(resource.identity.naturalKey);
    if (key === undefined || key === "") continue;
    const at = ["externalResources", i, "identity", "naturalKey"] as const;
    const steps = resolveSteps(specFields, key);
    if (steps === undefined) {
      const match = closestMatch(key, dottedFieldPaths(specFields));
      report.error(
        "SEM200",
        at,
        `naturalKey "${key}" is not a spec field`,
        match
          ? `did you mean "${match}"?`
          : "A natural key is a dotted path to a string field under spec.fields, e.g. domain or forProvider.name.",
      );
      continue;
    }
    const field = steps[steps.length - 1]!;
    if (str(field.def.type) !== "string") {
      report.error(
        "SEM201",
        at,
        `naturalKey "${key}" is ${describeType(field.def)}, not a string`,
        "A natural key is the resource's name at the provider: point it at a string field (a name, a domain, an ID).",
      );
      continue;
    }
    const enumValues = arr(field.def.enum);
    if (enumValues.length > 0) {
      report.error(
        "SEM202",
        at,
        `naturalKey "${key}" has an enum, so at most ${enumValues.length} such resource(s) could ever exist`,
        "A natural key names one resource among many (a domain, a bucket name): drop the enum (a pattern can constrain the name), or leave identity out to key the resource on the object's UID.",
      );
    }
    // With a fallback an absent key means the object's name (check-key-fallback.ts); null does not.
    const fallback = resource.identity.fallback !== undefined;
    const absent = steps.find(
      (s) =>
        (!fallback && s.def.required !== true && !has(s.def, "default")) || s.def.nullable === true,
    );
    if (absent !== undefined) {
      const what =
        absent === field ? `spec.${key}` : `spec.${absent.path}, on the path to spec.${key},`;
      const why = absent.def.nullable === true ? "is nullable" : "is optional and has no default";
      report.error(
        "SEM203",
        at,
        `naturalKey "${key}": ${what} ${why}, so an object may have no key`,
        absent.def.nullable === true
          ? `Drop nullable from ${absent === field ? "the field" : `"${absent.name}"`}: the key must be there when the object is created.`
          : `Make ${absent === field ? "the field" : `"${absent.name}"`} required (or give it a default): the key must be there when the object is created.`,
      );
    }
    if (fallback) checkKeyFallback(report, at, key, steps);
    // A source that is only read (access: read) owns nothing: a changed key looks up another
    // source and leaves nothing behind, so its key may change.
    else if (!isReadOnly(resource) && !steps.some((s) => immutabilityOf(s.def) !== undefined)) {
      report.error(
        "SEM204",
        at,
        `naturalKey "${key}": spec.${key} is not immutable, so a change would move the object to another resource and leave its own behind`,
        `Add immutable: true to spec.${key} (or immutable: { message: … } for the API's own message).`,
      );
    }
  }
}

export interface Step {
  name: string;
  /** Dotted path of this step from spec. */
  path: string;
  def: RawObject;
}

/** The definitions along a dotted path through object fields, or undefined when one is missing. */
function resolveSteps(fields: unknown, dotted: string): Step[] | undefined {
  const steps: Step[] = [];
  let current: RawObject | undefined = { fields };
  const names: string[] = [];
  for (const name of dotted.split(".")) {
    current = childField(current, name);
    if (current === undefined) return undefined;
    names.push(name);
    steps.push({ name, path: names.join("."), def: current });
  }
  return steps;
}

function describeType(def: RawObject): string {
  const type = str(def.type);
  if (type === undefined) return "a field without a type";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Whether a raw external resource adopts existing resources (and so has an <Name>Adopted condition). */
export function adoptsExisting(data: RawObject, resource: RawObject): boolean {
  const identity = obj(resource.identity);
  // A source the operator only reads (access: read) never takes anything.
  if (typeof identity.naturalKey !== "string" || resource.access === "read") return false;
  // With an adoption annotation one object may adopt whatever the spec's default says.
  return (
    identity.adoption === "Adopt" || typeof obj(data.management).adoptionAnnotation === "string"
  );
}
