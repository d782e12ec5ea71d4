// Value constraints of one schema node, old against new: bounds, pattern, format, enum and
// nullable. Tightening is breaking (objects already stored may no longer validate on their next
// update); relaxing is risky (readers meet values they never saw before).

import { isDeepStrictEqual } from "node:util";
import type { JSONSchemaProps } from "../render/manifests/schema-types.ts";
import { keyPath, show, type Change, type Location } from "./change.ts";
import { record, type DiffContext } from "./diff-context.ts";

interface Bound {
  key: "minimum" | "maximum" | "minLength" | "maxLength" | "minItems" | "maxItems";
  lower: boolean;
  /** What a stored value that the new bound refuses looks like. */
  offending: string;
}

const BOUNDS: ReadonlyArray<
  Bound | (Omit<Bound, "key"> & { key: "minProperties" | "maxProperties" })
> = [
  { key: "minimum", lower: true, offending: "a smaller value" },
  { key: "maximum", lower: false, offending: "a larger value" },
  { key: "minLength", lower: true, offending: "a shorter value" },
  { key: "maxLength", lower: false, offending: "a longer value" },
  { key: "minItems", lower: true, offending: "fewer items" },
  { key: "maxItems", lower: false, offending: "more items" },
  { key: "minProperties", lower: true, offending: "fewer entries" },
  { key: "maxProperties", lower: false, offending: "more entries" },
];

const STORED_FAIL = "will fail validation on their next update";
const RELAXED_WHY =
  "values the previous version refused are now accepted, so the reconciler and every client must handle them";

export function diffConstraints(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  ctx: DiffContext,
): void {
  const push = (change: Omit<Change, "version">) => record(ctx, change);
  for (const { key, lower, offending } of BOUNDS) {
    const before = o[key];
    const after = n[key];
    if (before === after) continue;
    const derived = after !== undefined && !ctx.declares("new", keyPath(at, key)) ? DERIVED : "";
    if (after === undefined) {
      push({
        code: "COMPAT012",
        side: "old",
        specPath: keyPath(at, key),
        message: `${at.field}: ${key} ${show(before)} removed: ${RELAXED_WHY}`,
      });
    } else if (before === undefined || (lower ? after > before : after < before)) {
      const what =
        before === undefined
          ? `${key} ${show(after)} added`
          : `${key} ${lower ? "raised" : "lowered"} from ${show(before)} to ${show(after)}`;
      push({
        code: "COMPAT025",
        side: "new",
        specPath: keyPath(at, key),
        message: `${at.field}: ${what}${derived}: objects already stored with ${offending} ${STORED_FAIL}`,
      });
    } else {
      push({
        code: "COMPAT012",
        side: "new",
        specPath: keyPath(at, key),
        message: `${at.field}: ${key} ${lower ? "lowered" : "raised"} from ${show(before)} to ${show(after)}${derived}: ${RELAXED_WHY}`,
      });
    }
  }
  for (const key of ["pattern", "format"] as const) {
    const before = o[key];
    const after = n[key];
    if (before === after) continue;
    const offending =
      key === "pattern"
        ? `a value that does not match ${show(after)}`
        : `a value that is not a valid ${after}`;
    if (after === undefined)
      push({
        code: "COMPAT012",
        side: "old",
        specPath: keyPath(at, key),
        message: `${at.field}: ${key} ${show(before)} removed: ${RELAXED_WHY}`,
      });
    else
      push({
        code: "COMPAT025",
        side: "new",
        specPath: keyPath(at, key),
        message: `${at.field}: ${key} ${before === undefined ? `${show(after)} added` : `changed from ${show(before)} to ${show(after)}`}: objects already stored with ${offending} ${STORED_FAIL}`,
      });
  }
  diffEnum(o, n, at, push);
  if (o.nullable && !n.nullable)
    push({
      code: "COMPAT025",
      side: "new",
      specPath: keyPath(at, "nullable"),
      message: `${at.field}: no longer nullable: objects already stored with ${at.field}: null ${STORED_FAIL}`,
    });
  if (!o.nullable && n.nullable)
    push({
      code: "COMPAT012",
      side: "new",
      specPath: keyPath(at, "nullable"),
      message: `${at.field}: now nullable: ${RELAXED_WHY}`,
    });
}

const DERIVED =
  " (not declared in the spec: the generator adds it so that a CEL rule on this string has a bounded cost)";

function diffEnum(
  o: JSONSchemaProps,
  n: JSONSchemaProps,
  at: Location,
  push: (change: Omit<Change, "version">) => void,
): void {
  if (isDeepStrictEqual(o.enum, n.enum)) return;
  const list = (values: unknown[]) => values.map((v) => show(v)).join(", ");
  if (n.enum === undefined) {
    push({
      code: "COMPAT012",
      side: "old",
      specPath: keyPath(at, "enum"),
      message: `${at.field}: enum ${list(o.enum ?? [])} removed: any value is accepted now; ${RELAXED_WHY}`,
    });
    return;
  }
  if (o.enum === undefined) {
    push({
      code: "COMPAT025",
      side: "new",
      specPath: keyPath(at, "enum"),
      message: `${at.field}: enum ${list(n.enum)} added: objects already stored with any other value ${STORED_FAIL}`,
    });
    return;
  }
  const has = (values: unknown[], v: unknown) => values.some((w) => isDeepStrictEqual(v, w));
  const removed = o.enum.filter((v) => !has(n.enum!, v));
  const added = n.enum.filter((v) => !has(o.enum!, v));
  const transition = `(${list(o.enum)} → ${list(n.enum)})`;
  if (removed.length > 0)
    push({
      code: "COMPAT024",
      side: "new",
      specPath: keyPath(at, "enum"),
      message: `${at.field}: enum value ${list(removed)} removed ${transition}: objects already stored with ${removed.map((v) => `${at.field}=${typeof v === "string" ? v : show(v)}`).join(" or ")} ${STORED_FAIL}`,
    });
  if (added.length > 0)
    push({
      code: "COMPAT011",
      side: "new",
      specPath: keyPath(
        at,
        "enum",
        n.enum.findIndex((v) => isDeepStrictEqual(v, added[0])),
      ),
      message: `${at.field}: enum value ${list(added)} added ${transition}: clients and older operator versions that handle only the known values meet a value they do not expect`,
      hint: `Make sure the reconciler and every client handle ${list(added)} before objects use it; roll the operator out before the clients.`,
    });
}
