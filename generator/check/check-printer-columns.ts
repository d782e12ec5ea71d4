// kubectl evaluates printer columns at display time; a bad path prints an empty column forever
// rather than failing, so it is worth rejecting up front: it must parse as the JSONPath subset
// columns use, and name a field the object has.

import { isKubernetesTypeName } from "../base/kubernetes-types/catalog.ts";
import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { parseJsonPath, type PathSegment } from "./json-path.ts";
import { conditionTypes, objectShape, type Shape } from "./object-shape.ts";
import { objects, str } from "./raw-spec.ts";

export function checkPrinterColumns({ data, report }: CheckContext): void {
  const seen = new Map<string, number>();
  const columns = objects(data.printerColumns);
  const shape = columns.length > 0 ? objectShape(data) : undefined;
  const conditions = conditionTypes(data);
  for (const [i, column] of columns) {
    const jsonPath = str(column.jsonPath);
    if (jsonPath !== undefined && !jsonPath.startsWith(".")) {
      report.error(
        "SEM052",
        ["printerColumns", i, "jsonPath"],
        `jsonPath "${jsonPath}" does not start with "."`,
        `Write it relative to the object, e.g. .${jsonPath.replace(/^[$@]?\.?/, "")}.`,
      );
    } else if (jsonPath !== undefined && shape) {
      checkColumnPath(shape, conditions, jsonPath, i, report);
    }
    const name = str(column.name);
    if (name === undefined) continue;
    // kubectl upper-cases column headers, so names differing only in case look identical.
    const key = name.toUpperCase();
    const first = seen.get(key);
    if (first !== undefined)
      report.error(
        "SEM053",
        ["printerColumns", i, "name"],
        `printer column "${name}" duplicates printerColumns[${first}]`,
        "Give each column a distinct name.",
      );
    else seen.set(key, i);
  }
}

function checkColumnPath(
  shape: Shape,
  conditions: ReadonlySet<string>,
  jsonPath: string,
  i: number,
  report: CheckContext["report"],
): void {
  const path = ["printerColumns", i, "jsonPath"];
  const parsed = parseJsonPath(jsonPath);
  if (!parsed.ok) {
    report.error(
      "SEM151",
      path,
      `jsonPath "${jsonPath}" is not a printer-column JSONPath: ${parsed.reason}`,
      "Write a dotted path from the object, with [n], [*], ['key'] or a filter such as .status.conditions[?(@.type==\"Ready\")].status.",
    );
    return;
  }
  const problem = resolve(shape, parsed.segments, conditions);
  if (problem)
    report.error(
      "SEM152",
      path,
      `jsonPath "${jsonPath}" names no field: ${problem.why}`,
      problem.suggestion
        ? `did you mean ${problem.suggestion}?`
        : "Point it at a field of spec or status (or metadata), as declared in this file.",
    );
}

interface Problem {
  why: string;
  suggestion?: string;
}

/** Walks the segments through the object's shape; the first step that finds nothing is the problem. */
function resolve(
  root: Shape,
  segments: readonly PathSegment[],
  conditions: ReadonlySet<string>,
): Problem | undefined {
  if (segments.length === 0) return { why: "it is the whole object" };
  let shape = root;
  let where = "";
  for (const segment of segments) {
    const label = where === "" ? "the object" : where;
    if (shape.kind === "any") return undefined;
    if (segment.kind === "field") {
      if (shape.kind === "map") {
        shape = shape.values;
        where = `${where}.${segment.name}`.replace(/^\./, "");
        continue;
      }
      if (shape.kind !== "object")
        return { why: `${label} is ${describe(shape)}: it has no field "${segment.name}"` };
      const next = shape.fields.get(segment.name);
      if (!next) {
        const match = closestMatch(segment.name, shape.fields.keys());
        return {
          why: `${label} has no field "${segment.name}"`,
          ...(match ? { suggestion: `.${where ? `${where}.` : ""}${match}` } : {}),
        };
      }
      shape = next;
      where = where ? `${where}.${segment.name}` : segment.name;
    } else if (segment.kind === "index") {
      if (shape.kind === "map" && segment.wildcard) shape = shape.values;
      else if (shape.kind === "array") shape = shape.items;
      else return { why: `${label} is ${describe(shape)}, not a list` };
      where = `${where}[]`;
    } else {
      if (shape.kind !== "array") return { why: `${label} is ${describe(shape)}, not a list` };
      const problem = checkFilter(where, shape.items, segment, conditions);
      if (problem) return problem;
      shape = shape.items;
      where = `${where}[]`;
    }
  }
  return undefined;
}

function checkFilter(
  where: string,
  items: Shape,
  filter: Extract<PathSegment, { kind: "filter" }>,
  conditions: ReadonlySet<string>,
): Problem | undefined {
  const listName = where.slice(where.lastIndexOf(".") + 1);
  let member = items;
  for (const name of filter.member) {
    if (member.kind === "any") return undefined;
    const next = member.kind === "object" ? member.fields.get(name) : undefined;
    if (!next) return { why: `${listName} items have no field "${name}"` };
    member = next;
  }
  const isConditionType =
    where === "status.conditions" && filter.member.join(".") === "type" && filter.op === "==";
  if (isConditionType && typeof filter.value === "string" && !conditions.has(filter.value)) {
    const match = closestMatch(filter.value, conditions);
    return {
      why: `no condition of type "${filter.value}" is declared (known: ${[...conditions].join(", ")})`,
      ...(match ? { suggestion: `.status.conditions[?(@.type=="${match}")]` } : {}),
    };
  }
  return undefined;
}

function describe(shape: Shape): string {
  if (shape.kind === "scalar" && isKubernetesTypeName(shape.type))
    return `the embedded Kubernetes type ${shape.type}, which columns cannot look into yet`;
  if (shape.kind === "scalar")
    return /^[aeiou]/.test(shape.type) ? `an ${shape.type}` : `a ${shape.type}`;
  if (shape.kind === "object") return "an object";
  if (shape.kind === "map") return "a map";
  if (shape.kind === "array") return "a list";
  return "free-form";
}
