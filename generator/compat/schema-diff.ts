// Two structural schemas of one served version, walked side by side. Every keyword the CRD
// carries is compared here or in constraint-diff / rule-diff, so every spec construct that
// reaches the CRD (fields, items, values, defaults, rules, immutable, list types) is covered.

import { isDeepStrictEqual } from "node:util";
import { conditionTypesOf } from "../render/manifests/status-schema.ts";
import type { JSONSchemaProps } from "../render/manifests/schema-types.ts";
import {
  itemsLocation,
  keyPath,
  propertyLocation,
  show,
  valuesLocation,
  type Change,
  type Location,
} from "./change.ts";
import { diffConstraints } from "./constraint-diff.ts";
import { record, type DiffContext } from "./diff-context.ts";
import { diffRules } from "./rule-diff.ts";

const STORED_FAIL = "will fail validation on their next update";

export function diffSchema(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  ctx: DiffContext,
): void {
  const push = (change: Omit<Change, "version">) => record(ctx, change);
  const before = shapeOf(o);
  const after = shapeOf(n);
  if (before !== after) {
    push({
      code: "COMPAT022",
      side: "new",
      specPath: keyPath(at, "type"),
      message: `${at.field}: type changed from ${before} to ${after}: objects already stored hold a ${before} there and ${STORED_FAIL} (and clients reading it break)`,
    });
    return;
  }
  if (o.description !== n.description && !diffConditionTypes(o, n, at, push))
    push({
      code: "COMPAT002",
      side: "new",
      specPath: descriptionPath(at, ctx),
      message: `${at.field || "the object"}: description changed: only kubectl explain and the docs change`,
      hint: "Nothing to do.",
    });
  diffConstraints(o, n, at, ctx);
  diffDefault(o, n, at, ctx);
  diffListType(o, n, at, push);
  diffMapType(o, n, at, ctx);
  diffRules(o, n, at, ctx);
  diffProperties(o, n, at, ctx);
  if (o.items && n.items) diffSchema(o.items, n.items, itemsLocation(at), ctx);
  if (o.additionalProperties && n.additionalProperties)
    diffSchema(o.additionalProperties, n.additionalProperties, valuesLocation(at), ctx);
}

/** The type as a reader of the object sees it; a change here is a change of type. */
export function shapeOf(s: JSONSchemaProps): string {
  if (s["x-kubernetes-int-or-string"]) return "int-or-string";
  if (s.type === "object") {
    if (s.additionalProperties) return "map";
    if (s["x-kubernetes-preserve-unknown-fields"] && !s.properties) return "free-form object";
    return "object";
  }
  return s.type ?? "any";
}

function descriptionPath(at: Location, ctx: DiffContext) {
  if (at.opaque) return at.spec;
  if (at.spec.length === 0) return ["metadata", "description"];
  const path = keyPath(at, "description");
  return ctx.declares("new", path) || ctx.declares("old", path) ? path : at.spec;
}

/**
 * Only defaults the spec declares: an object's default spelled out from its children's defaults
 * changes with them, and the child's change is the one to report.
 */
function diffDefault(o: JSONSchemaProps, n: JSONSchemaProps, at: Location, ctx: DiffContext): void {
  if (isDeepStrictEqual(o.default, n.default)) return;
  const path = keyPath(at, "default");
  if (!ctx.declares("old", path) && !ctx.declares("new", path)) return;
  const what =
    n.default === undefined
      ? `default ${show(o.default)} removed: objects created from now on without ${at.field} no longer get it`
      : o.default === undefined
        ? `default ${show(n.default)} added: objects already stored without ${at.field} show it from their next read, new ones get it when created`
        : `default changed from ${show(o.default)} to ${show(n.default)}: only objects created from now on get it; objects already stored keep ${show(o.default)}`;
  ctx.out.push({
    code: "COMPAT010",
    version: ctx.version,
    side: n.default === undefined ? "old" : "new",
    specPath: path,
    message: `${at.field}: ${what}`,
    hint: "If existing objects need the new value, set it on them explicitly (kubectl patch); make the reconciler handle both values meanwhile.",
  });
}

function diffListType(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  push: (change: Omit<Change, "version">) => void,
): void {
  const before = o["x-kubernetes-list-type"];
  const after = n["x-kubernetes-list-type"];
  const keysBefore = o["x-kubernetes-list-map-keys"];
  const keysAfter = n["x-kubernetes-list-map-keys"];
  if (before === after && isDeepStrictEqual(keysBefore, keysAfter)) return;
  const what =
    before !== after
      ? `listType changed from ${show(before)} to ${show(after)}`
      : `listMapKeys changed from ${show(keysBefore)} to ${show(keysAfter)}`;
  push({
    code: "COMPAT028",
    side: "new",
    specPath: keyPath(at, before !== after ? "listType" : "listMapKeys"),
    message: `${at.field}: ${what}: server-side apply merges the list differently, so field managers' ownership of existing objects no longer lines up${after === "set" || after === "map" ? `, and objects already stored with duplicate items ${STORED_FAIL}` : ""}`,
  });
}

/**
 * granular is what the API server assumes when no map type is given, so only a move to or from
 * atomic changes how server-side apply merges the value.
 */
function diffMapType(o: JSONSchemaProps, n: JSONSchemaProps, at: Location, ctx: DiffContext): void {
  const before = o["x-kubernetes-map-type"] ?? "granular";
  const after = n["x-kubernetes-map-type"] ?? "granular";
  if (before === after) return;
  // Reported in the new spec; where mapType is gone, at the field it was removed from.
  const path = keyPath(at, "mapType");
  record(ctx, {
    code: "COMPAT035",
    side: "new",
    specPath: ctx.declares("new", path) ? path : at.spec,
    message:
      after === "atomic"
        ? `${at.field}: mapType changed from granular to atomic: server-side apply now replaces the whole value, so a manager that applies only its own keys removes every other manager's keys`
        : `${at.field}: mapType changed from atomic to granular: server-side apply now merges key by key, so a manager that applies the value no longer removes keys it left out, and existing objects' field ownership no longer lines up`,
    hint: "Keep the map type; change it only in a new API version, after every client applies the whole value (atomic) or only its own keys (granular).",
  });
}

/**
 * Whether spec itself is required moves with its fields (their findings say so), unless
 * `spec.required` decides it: then nothing else explains the change, and it is reported here.
 */
function specPresence(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  wasRequired: boolean,
  isRequired: boolean,
  at: Location,
  push: (change: Omit<Change, "version">) => void,
): void {
  const fieldsBefore = new Set(o.required ?? []);
  const fieldsAfter = new Set(n.required ?? []);
  const newlyRequired = [...fieldsAfter].some((f) => !fieldsBefore.has(f));
  const noLongerRequired = [...fieldsBefore].some((f) => !fieldsAfter.has(f));
  if (!wasRequired && isRequired && !newlyRequired)
    push({
      code: "COMPAT023",
      side: "new",
      specPath: keyPath(at, "required"),
      message: `spec: made required (spec.required): objects already stored without spec ${STORED_FAIL}`,
      hint: "Keep spec optional; or add a new API version with a conversion that fills it in; or pass --allow-breaking if no cluster stores these objects yet.",
    });
  if (wasRequired && !isRequired && !noLongerRequired)
    push({
      code: "COMPAT012",
      side: "new",
      specPath: keyPath(at, "required"),
      message:
        "spec: no longer required (spec.required): the reconciler and every client must handle objects without spec",
    });
}

function diffProperties(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  ctx: DiffContext,
): void {
  const push = (change: Omit<Change, "version">) => record(ctx, change);
  const before = o.properties ?? {};
  const after = n.properties ?? {};
  const requiredBefore = new Set(o.required ?? []);
  const requiredAfter = new Set(n.required ?? []);
  const removed = Object.keys(before).filter((name) => !(name in after));
  const added = Object.keys(after).filter((name) => !(name in before));
  const renames = pairRenames(removed, added, before, after);
  for (const name of Object.keys(after)) {
    const child = propertyLocation(at, name);
    const schema = after[name]!;
    if (name in before) {
      const wasRequired = requiredBefore.has(name);
      const isRequired = requiredAfter.has(name);
      // The object needs spec once a field in it is required: that field's finding says so.
      if (!wasRequired && isRequired && at.spec.length > 0)
        push(
          schema.default === undefined
            ? {
                code: "COMPAT023",
                side: "new",
                specPath: keyPath(child, "required"),
                message: `${child.field}: made required without a default: objects already stored without ${child.field} ${STORED_FAIL}`,
                hint: `Give ${child.field} a default, or keep it optional; or add a new API version with a conversion that fills it in; or pass --allow-breaking if no cluster stores these objects yet.`,
              }
            : {
                code: "COMPAT013",
                side: "new",
                specPath: keyPath(child, "required"),
                message: `${child.field}: made required, with default ${show(schema.default)}: objects already stored without it read as ${show(schema.default)}, which may not be what their owners meant`,
                hint: "Check that the default suits objects created before this change.",
              },
        );
      if (wasRequired && !isRequired && at.spec.length > 0)
        push({
          code: "COMPAT012",
          side: "new",
          specPath: child.spec,
          message: `${child.field}: no longer required: the reconciler and every client must handle objects without it`,
        });
      if (at.spec.length === 0 && name === "spec")
        specPresence(before[name]!, schema, wasRequired, isRequired, child, push);
      diffSchema(before[name]!, schema, child, ctx);
      continue;
    }
    const renamedFrom = renames.get(name);
    if (renamedFrom !== undefined) {
      push({
        code: "COMPAT021",
        side: "new",
        specPath: child.spec,
        previousName: renamedFrom,
        message: `${child.field}: looks like a rename of ${renamedFrom} to ${name} (both ${shapeOf(schema)}): objects already stored hold ${renamedFrom}, which the API server now prunes, so its value is lost on their next write`,
        hint: `Keep ${renamedFrom} beside ${name} (read either in the reconciler) or add a new API version with a conversion that moves the value; or pass --allow-breaking if no cluster stores these objects yet.`,
      });
      continue;
    }
    const required = requiredAfter.has(name) && schema.default === undefined;
    push(
      required
        ? {
            code: "COMPAT023",
            side: "new",
            specPath: child.spec,
            message: `${child.field}: new required field without a default: objects already stored do not have it and ${STORED_FAIL}`,
            hint: `Make ${child.field} optional or give it a default; or add a new API version with a conversion that fills it in; or pass --allow-breaking if no cluster stores these objects yet.`,
          }
        : {
            code: "COMPAT001",
            side: "new",
            specPath: child.spec,
            message: `${child.field}: ${requiredAfter.has(name) ? "required field with a default" : "optional field"} added (${shapeOf(schema)}): objects already stored stay valid`,
            hint: "Nothing to do; older clients simply do not set it.",
          },
    );
  }
  const renamed = new Set(renames.values());
  for (const name of removed.filter((r) => !renamed.has(r))) {
    const child = propertyLocation(at, name);
    push({
      code: "COMPAT020",
      side: "old",
      specPath: child.spec,
      message: `${child.field}: field removed: objects already stored hold it, the API server prunes it on their next write (the value is lost), and clients that still set it are refused by strict field validation`,
      hint: `Keep ${child.field} (say in its description that it is deprecated) until no stored object uses it, or add a new API version with a conversion; or pass --allow-breaking if no cluster stores these objects yet.`,
    });
  }
}

/**
 * A field removed and one added of the same type at the same level reads as a rename. Removed
 * fields are matched in order, preferring an added field whose schema is identical.
 */
function pairRenames(
  removed: string[],
  added: string[],
  before: Record<string, JSONSchemaProps>,
  after: Record<string, JSONSchemaProps>,
): Map<string, string> {
  const renames = new Map<string, string>();
  const free = new Set(added);
  const strip = (s: JSONSchemaProps) => ({ ...s, description: undefined });
  for (const name of removed) {
    const candidates = [...free].filter((a) => shapeOf(after[a]!) === shapeOf(before[name]!));
    const pick =
      candidates.find((a) => isDeepStrictEqual(strip(after[a]!), strip(before[name]!))) ??
      candidates[0];
    if (pick === undefined) continue;
    free.delete(pick);
    renames.set(pick, name);
  }
  return renames;
}

/**
 * The conditions field's description lists the condition types: when that list is what changed,
 * say which types came and went (a description change would hide it). False when it is not.
 */
function diffConditionTypes(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  push: (change: Omit<Change, "version">) => void,
): boolean {
  const before = conditionTypesOf(o.description);
  const after = conditionTypesOf(n.description);
  if (before === undefined || after === undefined) return false;
  for (const type of after.filter((t) => !before.includes(t)))
    push({
      code: "COMPAT008",
      side: "new",
      specPath: at.spec,
      message: `${at.field}: condition type ${type} added: clients that do not know it ignore it`,
      hint: "Nothing to do; document what it means for your users.",
    });
  for (const type of before.filter((t) => !after.includes(t)))
    push({
      code: "COMPAT017",
      side: "new",
      specPath: at.spec,
      message: `${at.field}: condition type ${type} removed: objects already stored keep it until their next status write, and clients or alerts that wait for it never see it again`,
      hint: `Tell the users of ${type} (kubectl wait --for=condition=${type}, alert rules, dashboards) before rolling this out.`,
    });
  return true;
}
