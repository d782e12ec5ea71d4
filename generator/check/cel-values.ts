// A JSON value from the spec (a rule's example) as the CEL value the API server would hand the
// rule: integers as int, objects with only their declared fields (unknown ones are pruned) and
// with missing fields defaulted, strings of format date/date-time as timestamps.

import type { DeclType } from "./cel-decl-type.ts";
import type { RuleEnvironment } from "./cel-environment.ts";

/** A value that does not fit the schema: the server would refuse it before any rule runs. */
export class NotOfSchema extends Error {}

export function toCelValue(value: unknown, t: DeclType, types: RuleEnvironment): unknown {
  const fail = (): never => {
    throw new NotOfSchema(`${JSON.stringify(value)} is not a ${t.kind}`);
  };
  switch (t.kind) {
    case "int":
      return typeof value === "number" && Number.isInteger(value) ? BigInt(value) : fail();
    case "double":
      return typeof value === "number" ? value : fail();
    case "bool":
      return typeof value === "boolean" ? value : fail();
    case "string":
      return typeof value === "string" ? value : fail();
    case "bytes":
      return typeof value === "string" ? new Uint8Array(Buffer.from(value, "base64")) : fail();
    case "timestamp": {
      const time = typeof value === "string" ? Date.parse(value) : NaN;
      return Number.isNaN(time) ? fail() : new Date(time);
    }
    case "dyn":
      if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
      return typeof value === "string" ? value : fail();
    case "list":
      return Array.isArray(value) ? value.map((v) => toCelValue(v, t.elem!, types)) : fail();
    case "map":
      if (isPlainObject(value)) Object.keys(value).forEach(refusePrototypeName);
      return isPlainObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [k, toCelValue(v, t.elem!, types)]),
          )
        : fail();
    case "object": {
      if (!isPlainObject(value)) return fail();
      const props: Record<string, unknown> = {};
      for (const [celName, field] of t.fields ?? []) {
        refusePrototypeName(celName);
        const given = Object.hasOwn(value, field.name) ? value[field.name] : field.default;
        if (given !== undefined && given !== null)
          props[celName] = toCelValue(given, field.type, types);
      }
      const ctor = types.classes.get(t);
      return ctor ? new ctor(props) : fail();
    }
    case "duration":
      // Durations are not built from fixtures here; rules over them are left to the API server.
      throw new NotOfSchema("durations are not evaluated at generation time");
  }
}

/**
 * cel-js tells values' types by their `constructor`, so an object with an own property named like
 * a member of Object.prototype (a field `constructor`) cannot be handed to it. Such examples are
 * left to the API server, which the generated contract tests ask.
 */
function refusePrototypeName(name: string): void {
  if (name in Object.prototype)
    throw new NotOfSchema(`a key named "${name}" cannot be evaluated at generation time`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
