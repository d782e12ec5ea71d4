// Names that are distinct in the spec can become the same name after derivation (a plural, a
// TypeScript type, a status key the generator already writes). Catch that here, with the line
// that caused it, instead of as a compile error in generated code.

import { FIELD_NAME, type CheckContext } from "./context.ts";
import { derivePlural, deriveSingular, fieldTypeName } from "./derive-names.ts";
import { walkFields, type FieldVisit } from "./field-walk.ts";
import { obj, str, strings } from "./raw-spec.ts";
import { formatPath } from "./report.ts";

/** Status keys the generated controller owns; a declared field of the same name would fight it. */
export const RESERVED_STATUS_FIELDS: ReadonlySet<string> = new Set([
  "phase",
  "conditions",
  "observedGeneration",
]);

/**
 * Members every JavaScript object inherits. TypeScript gives each object literal these as
 * apparent properties, so an interface property of the same name with a data type rejects every
 * literal that leaves it out ("Type 'Function' is not assignable to type 'string'"): no value of
 * the generated type could be written in code.
 */
const OBJECT_PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set(
  Object.getOwnPropertyNames(Object.prototype),
);

export function checkCollisions(ctx: CheckContext): void {
  checkResourceNames(ctx);
  checkFieldNames(ctx);
  checkTypeNames(ctx);
}

function checkResourceNames({ data, report }: CheckContext): void {
  const api = obj(data.api);
  const kind = str(api.kind) ?? "";
  const plural = str(api.plural) ?? derivePlural(kind);
  const singular = str(api.singular) ?? deriveSingular(kind);
  if (kind && plural === singular) {
    const path = str(api.plural) !== undefined ? ["api", "plural"] : ["api", "singular"];
    report.error(
      "SEM010",
      path,
      `plural and singular are both "${plural}"`,
      "kubectl cannot tell them apart; give a distinct plural.",
    );
  }
  for (const [i, shortName] of strings(api.shortNames)) {
    if (shortName === plural || shortName === singular) {
      report.error(
        "SEM010",
        ["api", "shortNames", i],
        `short name "${shortName}" equals the ${shortName === plural ? "plural" : "singular"}`,
        "A short name is an abbreviation; remove it or shorten it.",
      );
    }
  }
}

function checkFieldNames({ data, report, specFields, statusFields }: CheckContext): void {
  // Top-level fields are the object's properties too: the same names hold for them.
  const topLevelFields = walkFields(data, "spec", "topLevel");
  for (const v of [...specFields, ...statusFields, ...topLevelFields]) {
    if (v.role !== "field") continue;
    if (!FIELD_NAME.test(v.name)) {
      report.error(
        "SEM011",
        v.docPath,
        `field name "${v.name}" cannot be used`,
        v.name.includes(".")
          ? "A dotted path cannot reach a property whose name has a dot: the API server reads the scale subresource's paths and selectableFields as dotted paths and refuses bracket notation there, and operator.yaml names fields by dotted paths too (inputs, printer columns, selectableFields). Rename it; for keys that have dots in the API being modeled (pg_stat_statements.max, app.kubernetes.io/name), declare the parent as type: map, whose keys may hold dots and which rules read as self['a.b']."
          : "A field name is letters, digits, `_` and `-`, starting with a letter (after any `_`) (camelCase, snake_case or kebab-case, as real APIs have them).",
        "key",
      );
    }
    if (OBJECT_PROTOTYPE_MEMBERS.has(v.name)) {
      report.error(
        "SEM014",
        v.docPath,
        `field name "${v.name}" is a member every JavaScript object inherits`,
        `TypeScript types every object literal with Object.prototype.${v.name}, so the generated interface could never be satisfied in code; rename the field (e.g. ${v.name}Value), or declare the parent as a map or free-form object.`,
        "key",
      );
    }
    if (v.section === "status" && !v.parent && RESERVED_STATUS_FIELDS.has(v.name)) {
      report.error(
        "SEM013",
        v.docPath,
        `status field "${v.name}" is reserved`,
        `The generator always writes status.${v.name}; ${v.name === "phase" ? "declare status.phases instead" : v.name === "conditions" ? "declare status.conditions instead" : "remove it"}.`,
        "key",
      );
    }
  }
}

/** Object-valued definitions get a named TypeScript interface; two paths may derive one name. */
function checkTypeNames({ data, report, specFields, statusFields }: CheckContext): void {
  const kind = str(obj(data.api).kind);
  if (!kind) return;
  const owners = new Map<string, FieldVisit>();
  for (const v of [...specFields, ...statusFields]) {
    if (v.type !== "object") continue;
    const name = fieldTypeName(kind, v.section, v.steps);
    const first = owners.get(name);
    if (first) {
      report.error(
        "SEM012",
        v.docPath,
        `${formatPath(v.docPath)} and ${formatPath(first.docPath)} both derive the TypeScript type ${name}`,
        "Rename one of the fields.",
        "key",
      );
    } else {
      owners.set(name, v);
    }
  }
}
