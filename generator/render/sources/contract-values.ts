// Values for the generated API contract tests: how a value is shown in a test name, and big
// values written compactly: arrays of many distinct items as `{ $repeat: n, item: template }`
// ("{i}" in the template's strings is the index), maps as `{ $repeat: n, key, value }`, long
// strings as `{ $text: length, from, pad }`. test/contract/fixtures.ts expands them.

import type { FieldModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";

/** Arrays and maps made by `manyItems`/`manyEntries`, with the compact form they are written in. */
const compactForms = new WeakMap<object, unknown>();

/** Long strings made by `longText`, by content: `{ $text: length, from, pad }`. */
const compactTexts = new Map<string, unknown>();

/** JSON for a template, with repeated items and long strings in their compact form. */
export function fixtureJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "string") return compactTexts.get(v) ?? v;
    return v !== null && typeof v === "object" ? (compactForms.get(v) ?? v) : v;
  });
}

/**
 * Registers a string of the form prefix + one repeated character for its compact form, so a
 * 4097-character value reads as `{ $text: 4097, from: "example", pad: "x" }`.
 */
export function longText(value: string): string {
  if (value.length <= 40) return value;
  const pad = value.at(-1)!;
  let from = value;
  while (from.endsWith(pad)) from = from.slice(0, -1);
  compactTexts.set(value, { $text: value.length, from, pad });
  return value;
}

export function expandTemplate(template: unknown, index: number): unknown {
  if (typeof template === "string") return template.replaceAll("{i}", String(index));
  if (Array.isArray(template)) return template.map((v) => expandTemplate(v, index));
  if (template !== null && typeof template === "object")
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [k, expandTemplate(v, index)]),
    );
  return template;
}

/**
 * `count` valid items of an array field, distinct where the list type requires it (set: whole
 * values; map: the key fields); undefined when the items admit fewer distinct values than that (an
 * enum of one, a bound of three integers), since the server refuses every such list as duplicates.
 */
export function manyItems(array: FieldModel, count: number): unknown[] | undefined {
  const items = array.items!;
  const identity = itemIdentity(array);
  const distinct = (values: unknown[]) =>
    identity === undefined || new Set(values.map(identity)).size === values.length;
  const fits = (v: unknown) => fieldViolations(items, v).length === 0;
  if (count === 0) return [];
  for (const template of itemTemplates(array)) {
    const values = Array.from({ length: count }, (_, i) => expandTemplate(template, i));
    if (!values.every(fits) || !distinct(values)) continue;
    if (count > 3) compactForms.set(values, { $repeat: count, item: template });
    return values;
  }
  if (identity === undefined)
    return Array.from({ length: count }, (_, i) => exampleValue(items, i));
  // Few valid values: gather distinct ones from the enum, both booleans and the examples.
  const pool = new Map<string, unknown>();
  const candidates = [
    ...(items.enum ?? []),
    ...(items.type === "boolean" ? [false, true] : []),
    ...Array.from({ length: count * 2 + 8 }, (_, i) => exampleValue(items, i)),
  ];
  for (const v of candidates) if (fits(v) && !pool.has(identity(v))) pool.set(identity(v), v);
  return pool.size >= count ? [...pool.values()].slice(0, count) : undefined;
}

/** `count` valid entries of a map field. */
export function manyEntries(map: FieldModel, count: number): Record<string, unknown> {
  const value = exampleValue(map.items!, 0);
  const entries = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`key-${i}`, structuredClone(value)]),
  );
  if (count > 3) compactForms.set(entries, { $repeat: count, key: "key-{i}", value });
  return entries;
}

/** What makes two items the same for the API server's duplicate check; undefined for atomic lists. */
export function itemIdentity(array: FieldModel): ((item: unknown) => string) | undefined {
  if (array.listType === "set") return (item) => JSON.stringify(item);
  if (array.listType === "map") {
    const keys = array.listMapKeys ?? [];
    return (item) => JSON.stringify(keys.map((k) => (item as Record<string, unknown>)[k]));
  }
  return undefined;
}

/** Candidate templates: the example item itself, then variants with "{i}" in an identifying string. */
function itemTemplates(array: FieldModel): unknown[] {
  const items = array.items!;
  const base = exampleValue(items, 0);
  if (array.listType === "set" && typeof base === "string")
    return stringTemplates(base, items.format);
  if (array.listType === "map" && base !== null && typeof base === "object") {
    const object = base as Record<string, unknown>;
    return (array.listMapKeys ?? [])
      .map((key) => items.fields.find((f) => f.name === key))
      .filter((f): f is FieldModel => f?.type === "string" && !f.enum)
      .flatMap((key) =>
        stringTemplates(String(object[key.name]), key.format).map((t) => ({
          ...object,
          [key.name]: t,
        })),
      );
  }
  return [base];
}

function stringTemplates(base: string, format: string | undefined): string[] {
  const byFormat: Record<string, string> = {
    cidr: "10.{i}.0.0/16",
    ipv4: "10.0.{i}.1",
    hostname: "host-{i}.example.com",
    email: "user{i}@example.com",
  };
  return [
    ...(format && byFormat[format] ? [byFormat[format]] : []),
    `${base}-{i}`,
    `${base}{i}`,
    `${base}_{i}`,
  ];
}

/** A value as a test name shows it: short values as JSON, long ones summarized. */
export function show(value: unknown): string {
  if (typeof value === "string")
    return value.length <= 24
      ? JSON.stringify(value)
      : `${JSON.stringify(value.slice(0, 8) + "…")} (${[...value].length} chars)`;
  if (Array.isArray(value)) {
    const json = JSON.stringify(value);
    return json.length <= 80 ? json : `${value.length} items`;
  }
  if (value !== null && typeof value === "object") {
    const json = JSON.stringify(value);
    return json.length <= 80 ? json : `${Object.keys(value).length} entries`;
  }
  return String(value);
}
