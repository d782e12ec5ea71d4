// selectableFields let clients list with a field selector (kubectl get --field-selector
// spec.color=blue). The API server refuses the CRD unless each path is a plain dotted path to a
// string, integer or boolean field reached through objects only, at most 8 of them; naming those
// rules here puts the error on the line that causes it.

import { isKubernetesTypeName } from "../base/kubernetes-types/catalog.ts";
import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { parseJsonPath } from "./json-path.ts";
import { objectShape, type Shape } from "./object-shape.ts";
import { objects, str } from "./raw-spec.ts";

/** The scalar types a field selector can compare (apiextensions' selectable field validation). */
const SELECTABLE_TYPES: ReadonlySet<string> = new Set(["string", "integer", "boolean"]);

export function checkSelectableFields({ data, report }: CheckContext): void {
  const entries = objects(data.selectableFields);
  if (entries.length === 0) return;
  const shape = objectShape(data);
  const seen = new Map<string, number>();
  for (const [i, entry] of entries) {
    const jsonPath = str(entry.jsonPath);
    if (jsonPath === undefined) continue;
    const at = ["selectableFields", i, "jsonPath"];
    const problem = selectableProblem(shape, jsonPath);
    if (problem) {
      report.error(problem.code, at, `selectable field "${jsonPath}" ${problem.why}`, problem.hint);
      continue;
    }
    const first = seen.get(jsonPath);
    if (first !== undefined)
      report.error(
        "SEM192",
        at,
        `selectable field "${jsonPath}" duplicates selectableFields[${first}]`,
        "List each field once.",
      );
    else seen.set(jsonPath, i);
  }
}

interface Problem {
  code: "SEM190" | "SEM191";
  why: string;
  hint: string;
}

const PATH_HINT = "Write a dotted path to a field of spec or status, e.g. .spec.color.";

function selectableProblem(root: Shape, jsonPath: string): Problem | undefined {
  const parsed = parseJsonPath(jsonPath);
  if (!parsed.ok)
    return { code: "SEM190", why: `is not a JSONPath: ${parsed.reason}`, hint: PATH_HINT };
  const names: string[] = [];
  for (const segment of parsed.segments) {
    if (segment.kind !== "field")
      return {
        code: "SEM191",
        why: "goes through a list",
        hint: "A field selector compares one value per object; select a field outside lists.",
      };
    names.push(segment.name);
  }
  if (names[0] === "metadata")
    return {
      code: "SEM191",
      why: "is under metadata",
      hint: "metadata.name and metadata.namespace are always selectable; select a field of spec or status.",
    };
  if (names[0] !== "spec" && names[0] !== "status")
    return { code: "SEM190", why: "is not under spec or status", hint: PATH_HINT };
  let shape = root;
  let where = "";
  for (const name of names) {
    if (shape.kind === "map" || shape.kind === "any")
      return {
        code: "SEM191",
        why: `goes into ${where}, a ${shape.kind === "map" ? "map" : "free-form object"}`,
        hint: "The API server can only select fields the schema declares; declare the field under an object.",
      };
    if (shape.kind === "scalar" && isKubernetesTypeName(shape.type))
      return {
        code: "SEM190",
        why: `goes into ${where}, the embedded Kubernetes type ${shape.type}, which selectable fields cannot look into yet`,
        hint: PATH_HINT,
      };
    if (shape.kind !== "object")
      return {
        code: "SEM190",
        why: `names no field: ${where} has no field "${name}"`,
        hint: PATH_HINT,
      };
    const next = shape.fields.get(name);
    if (!next) {
      const match = closestMatch(name, shape.fields.keys());
      return {
        code: "SEM190",
        why: `names no field: ${where || "the object"} has no field "${name}"`,
        hint: match ? `did you mean .${where ? `${where}.` : ""}${match}?` : PATH_HINT,
      };
    }
    shape = next;
    where = where ? `${where}.${name}` : name;
  }
  if (shape.kind !== "scalar" || !SELECTABLE_TYPES.has(shape.type))
    return {
      code: "SEM191",
      why: `is ${shape.kind === "scalar" ? `of type ${shape.type}` : `a ${shape.kind === "any" ? "free-form object" : shape.kind}`}`,
      hint: "A field selector compares strings, integers and booleans only.",
    };
  return undefined;
}
