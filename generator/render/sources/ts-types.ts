// TypeScript declarations derived from FieldModel trees: interface shapes, doc comments and
// property accessors. Templates print these; they never derive a type themselves.

import { printNumber } from "../json-layout.ts";
import { fieldImmutability } from "../../check/immutability.ts";
import type { FieldModel } from "../../model/types.ts";

export interface PropertyView {
  name: string;
  /** `?` when the property may be absent, "" otherwise. */
  optional: "" | "?";
  type: string;
  /** A complete `/** … *\/` block ending in a newline, or "". */
  doc: string;
}

export interface InterfaceView {
  name: string;
  doc: string;
  properties: PropertyView[];
  /** Set for a type with no members of its own: declared as `type name = alias` instead. */
  alias?: string;
}

/** A JSDoc block for `lines`, or "" when there is nothing to say. */
/** Free text on one line that is safe inside `//` and `/** *\/` comments. */
export function commentLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().replaceAll("*/", "*\\/");
}

export function docComment(lines: readonly string[], indent = ""): string {
  const clean = lines
    .flatMap((line) => line.split("\n"))
    .map((line) => line.replaceAll("*/", "*\\/").trimEnd());
  const body = clean.filter((line, i) => line !== "" || (i > 0 && i < clean.length - 1));
  if (body.length === 0) return "";
  // Continuation lines carry the indentation of the member the comment documents, and the
  // comment ends with it, so `  {{doc}}{{name}}` renders prettier's layout at any depth.
  if (body.length === 1) return `/** ${body[0]} */\n${indent}`;
  const inner = body.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)).join("\n");
  return `/**\n${inner}\n${indent} */\n${indent}`;
}

/** The doc comment of an interface member or array element, one level (two spaces) in. */
export function memberDoc(lines: readonly string[]): string {
  return docComment(lines, "  ");
}

function fieldDocLines(field: FieldModel): string[] {
  const lines: string[] = [];
  if (field.description) lines.push(field.description);
  if (field.hasDefault) lines.push(`Default: ${JSON.stringify(field.default)}.`);
  const immutability = fieldImmutability(field);
  if (immutability)
    lines.push(
      immutability.since === "creation"
        ? "Immutable: set when the object is created, or never."
        : "Immutable once set.",
    );
  // The JSDoc tag editors and @typescript-eslint/no-deprecated act on.
  if (field.deprecated) lines.push(`@deprecated ${field.deprecated}`);
  return lines;
}

/** A TypeScript identifier needs no quotes as a property key or after a dot. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key as TypeScript prints it: bare when it is an identifier, quoted otherwise (`"pg-hba"`). */
export function tsKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/**
 * A JSON value as a TypeScript literal on one line, spaced as prettier prints it: `{ a: 1 }`,
 * `["x", "y"]`, keys bare when they are identifiers. Strings are JSON's double-quoted text; one
 * holding a double quote is left to prettier (render/format.ts refuses lines with `\"`).
 */
export function tsLiteral(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${tsLiteral(v)}`).join(", ")} }`;
  }
  if (typeof value === "number") return printNumber(JSON.stringify(value));
  return JSON.stringify(value);
}

/** Reading property `name` after an expression: `.name`, or `["pg-hba"]` (`?.` forms when `optional`). */
export function tsMember(name: string, optional = false): string {
  if (IDENTIFIER.test(name)) return `${optional ? "?." : "."}${name}`;
  return `${optional ? "?." : ""}[${JSON.stringify(name)}]`;
}

export function propertyOf(field: FieldModel): PropertyView {
  return {
    name: tsKey(field.name),
    optional: field.required ? "" : "?",
    type: field.tsType,
    doc: memberDoc(fieldDocLines(field)),
  };
}

/**
 * One interface per object type in the tree: `rootName` for the fields themselves, then every
 * nested object (including array items and map values) under the name the model gave its tsType.
 */
export function interfacesFor(
  rootName: string,
  rootDoc: string[],
  fields: readonly FieldModel[],
  extra: PropertyView[] = [],
): InterfaceView[] {
  const result: InterfaceView[] = [
    { name: rootName, doc: docComment(rootDoc), properties: [...fields.map(propertyOf), ...extra] },
  ];
  const visit = (field: FieldModel): void => {
    if (field.type === "object") {
      result.push({
        name: objectTypeName(field),
        doc: docComment(field.description ? [field.description] : []),
        properties: field.fields.map(propertyOf),
      });
      field.fields.forEach(visit);
    }
    if (field.items) visit(field.items);
  };
  fields.forEach(visit);
  return result;
}

/** The interface name of an object field: its tsType without a trailing `| null`. */
function objectTypeName(field: FieldModel): string {
  return field.tsType.replace(/ \| null$/, "");
}

export interface AccessorView {
  /** Expression reading the value from `obj`, with `?.` after every parent that may be absent. */
  expression: string;
  /** Whether the expression can evaluate to undefined. */
  optional: boolean;
}

/**
 * How to read the spec field at `path` (dotted, e.g. backup.enabled) from a variable `root` that
 * holds the object, falling back to the declared default so readers see what the API server would
 * have defaulted.
 */
export function specAccessor(
  path: string,
  fields: readonly FieldModel[],
  rootExpression: string,
  rootOptional: boolean,
): AccessorView {
  let expression = rootExpression;
  let maybeAbsent = rootOptional;
  let level: readonly FieldModel[] = fields;
  let field: FieldModel | undefined;
  for (const segment of path.split(".")) {
    field = level.find((f) => f.name === segment);
    if (!field) throw new Error(`internal error: no spec field ${path}`);
    expression += tsMember(segment, maybeAbsent);
    // A nullable field may hold null: what follows it needs `?.` as much as after an absent one.
    maybeAbsent = maybeAbsent || !field.required || field.nullable;
    level = field.fields;
  }
  if (field!.hasDefault && field!.default !== null) {
    return { expression: `${expression} ?? ${tsLiteral(field!.default)}`, optional: false };
  }
  return { expression, optional: maybeAbsent };
}
