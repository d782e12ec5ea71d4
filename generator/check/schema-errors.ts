// Structural validation against schema/operator-spec.schema.json (the same file editors use for
// completion), with ajv's errors rewritten into one readable diagnostic per offending node.

import type { ErrorObject, ValidateFunction } from "ajv";
import { didYouMean } from "./did-you-mean.ts";
import { formatPath, type Anchor, type Path, type Reporter } from "./report.ts";
import { compileSpecValidator, PRECOMPILED_VALIDATOR_MODULE } from "./spec-validator-options.ts";

// Compiling the schema costs far more than validating a page of YAML (~0.1 s of every cold
// start), so the build compiles it once: scripts/precompile.ts writes ajv's standalone code next
// to the built checker (dist/check/spec-validator.js), and the built CLI only imports that
// module, never ajv's compiler. Run from source (tests under type stripping) there is no build
// step and no generated file to go stale, so the same options compile the schema at load.
const validate: ValidateFunction = import.meta.url.endsWith(".ts")
  ? (await compileSpecValidator()).validate
  : (
      (await import(new URL(PRECOMPILED_VALIDATOR_MODULE, import.meta.url).href)) as {
        default: ValidateFunction;
      }
    ).default;

/** Which error wins when ajv reports several for one node: the most fundamental first. */
const PRIORITY = ["type", "const", "enum", "required", "additionalProperties"];
const rank = (e: ErrorObject) => {
  const i = PRIORITY.indexOf(e.keyword);
  return i < 0 ? PRIORITY.length : i;
};

/** `validator`: the spec schema's, or another document's built from it (presets). */
export function reportSchemaErrors(
  data: unknown,
  report: Reporter,
  validator: ValidateFunction = validate,
): void {
  if (validator(data)) return;
  const errors = [...(validator.errors ?? [])].sort((a, b) => rank(a) - rank(b));
  const seen = new Set<string>();
  for (const error of errors) {
    const translated = translateAjvError(error, data);
    const key = formatPath(translated.path);
    if (seen.has(key)) continue;
    seen.add(key);
    report.error(
      translated.code,
      translated.path,
      translated.message,
      translated.hint,
      translated.at,
    );
  }
}

export interface SchemaDiagnostic {
  code: string;
  path: Path;
  message: string;
  hint: string;
  at: Anchor;
}

export function translateAjvError(error: ErrorObject, data: unknown): SchemaDiagnostic {
  const base = pointerToPath(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
  const value = valueAt(data, base);
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const where = formatPath(base) || "the top level";
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((parentSchema.properties ?? {}) as object);
      const hint = didYouMean(key, allowed, `Remove it; allowed keys here: ${allowed.join(", ")}.`);
      return {
        code: "SPEC001",
        path: [...base, key],
        message: `unknown key "${key}"`,
        hint,
        at: "key",
      };
    }
    case "required": {
      const key = String(params.missingProperty);
      return {
        code: "SPEC002",
        path: [...base, key],
        message: `missing required key "${key}" in ${where}`,
        hint: `Add "${key}" to ${where}.`,
        at: "parent",
      };
    }
    case "type":
      return {
        code: "SPEC003",
        path: base,
        message: `expected ${article(String(params.type))}, got ${describe(value)}`,
        hint: typeHint(String(params.type), value),
        at: "value",
      };
    case "enum": {
      const allowed = ((params.allowedValues ?? []) as unknown[]).map(String);
      const hint = didYouMean(String(value), allowed, `Use one of: ${allowed.join(", ")}.`);
      return {
        code: "SPEC004",
        path: base,
        message: `${describe(value)} is not one of ${allowed.join(", ")}`,
        hint,
        at: "value",
      };
    }
    case "const":
      return {
        code: "SPEC005",
        path: base,
        message: `must be "${String(params.allowedValue)}", not ${describe(value)}`,
        hint: `Write ${String(base[0])}: ${String(params.allowedValue)}.`,
        at: "value",
      };
    case "minLength":
    case "maxLength": {
      const limit = Number(params.limit);
      const message =
        error.keyword === "minLength" && limit === 1
          ? "must not be empty"
          : `must be at ${error.keyword === "minLength" ? "least" : "most"} ${limit} characters long`;
      return {
        code: "SPEC006",
        path: base,
        message,
        hint:
          limit === 1
            ? "Give it a value or remove the key."
            : `Shorten or lengthen it to fit ${limit} characters.`,
        at: "value",
      };
    }
    case "minItems":
    case "maxItems": {
      const limit = Number(params.limit);
      return {
        code: "SPEC007",
        path: base,
        message: `must have at ${error.keyword === "minItems" ? "least" : "most"} ${limit} item${limit === 1 ? "" : "s"}`,
        hint: error.keyword === "minItems" ? "Add items or remove the key." : "Remove items.",
        at: "value",
      };
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return {
        code: "SPEC008",
        path: base,
        message: `${describe(value)} must be ${String(params.comparison)} ${String(params.limit)}`,
        hint: "Choose a value within the allowed range.",
        at: "value",
      };
    case "uniqueItems": {
      const index = Math.max(Number(params.i), Number(params.j));
      return {
        code: "SPEC009",
        path: [...base, index],
        message: `duplicate item ${describe(valueAt(data, [...base, index]))}`,
        hint: "Each item may appear once; remove the duplicate.",
        at: "value",
      };
    }
    default:
      return {
        code: "SPEC010",
        path: base,
        message: error.message ?? `fails the schema rule "${error.keyword}"`,
        hint: "Compare with schema/operator-spec.schema.json.",
        at: "value",
      };
  }
}

/** JSON Pointer → path; numeric segments become indexes only where the data has an array. */
function pointerToPath(pointer: string, data: unknown): Path {
  const path: Array<string | number> = [];
  let node = data;
  for (const raw of pointer.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const key: string | number = Array.isArray(node) ? Number(segment) : segment;
    path.push(key);
    node =
      node !== null && typeof node === "object"
        ? (node as Record<string | number, unknown>)[key]
        : undefined;
  }
  return path;
}

function valueAt(data: unknown, path: Path): unknown {
  let node = data;
  for (const key of path)
    node =
      node !== null && typeof node === "object"
        ? (node as Record<string | number, unknown>)[key]
        : undefined;
  return node;
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return JSON.stringify(value);
  return `${typeof value} ${String(value)}`;
}

function article(type: string): string {
  // ajv reports a union of types (boolean or object) as "boolean,object".
  if (type.includes(",")) return type.split(",").map(article).join(" or ");
  if (type === "object") return "a mapping";
  if (type === "array") return "a list";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function typeHint(expected: string, value: unknown): string {
  if (expected === "string" && (typeof value === "number" || typeof value === "boolean"))
    return `Quote it: "${String(value)}".`;
  if (expected === "array") return "Write a YAML list: [a, b] or one `- item` per line.";
  if (expected === "object") return "Write a mapping of key: value lines, indented under this key.";
  return `Write ${article(expected)} here.`;
}
