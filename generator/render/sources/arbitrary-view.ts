// fast-check arbitraries as TypeScript source, one per field, from the field's schema in one API
// version (type, enum, pattern, bounds, required, nullable): the generated round-trip test
// (test/conversion-round-trip.test.ts) draws each version's objects from them. Written out as
// plain fc.* calls so the generated file reads as the schema it came from, with no logic of its
// own. Only what conversion cares about is modelled: values the schema admits, of every shape.
// CEL rules are not (the converters never evaluate them); formats fast-check has built in are.

import type { FieldModel } from "../../model/types.ts";

/**
 * Formats whose values are drawn valid, mostly by fast-check's own arbitraries; any other format
 * is drawn as a plain string. The API server checks cidr with Go's net.ParseCIDR (an address of
 * either family and a prefix length in its range) and uri with url.ParseRequestURI (an absolute
 * URL; a fragment is not one, so none is drawn).
 */
const FORMATS: Readonly<Record<string, string>> = {
  ipv4: "fc.ipV4()",
  ipv6: "fc.ipV6()",
  cidr:
    "fc.oneof(fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })), " +
    "fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })))" +
    ".map(([address, prefix]) => `${address}/${prefix}`)",
  uri: 'fc.webUrl({ validSchemes: ["https", "http", "ftp"], withQueryParameters: true })',
  uuid: "fc.uuid()",
  email: "fc.emailAddress()",
  hostname: "fc.domain()",
  "date-time": "fc.date({ noInvalidDate: true }).map((date) => date.toISOString())",
};

/** Arrays and maps stay short: conversion treats every element alike, so length adds nothing. */
const MAX_ELEMENTS = 3;

/** `fc.record({ … }, { requiredKeys: [ … ] })` over `fields`. */
export function recordArbitrary(fields: readonly FieldModel[]): string {
  const entries = fields.map((field) => `${JSON.stringify(field.name)}: ${fieldArbitrary(field)}`);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return `fc.record({ ${entries.join(", ")} }, { requiredKeys: ${JSON.stringify(required)} })`;
}

export function fieldArbitrary(field: FieldModel): string {
  const value = valueArbitrary(field);
  return field.nullable ? `fc.option(${value}, { nil: null })` : value;
}

function valueArbitrary(field: FieldModel): string {
  if (field.enum !== undefined)
    return `fc.constantFrom(${field.enum.map((v) => JSON.stringify(v)).join(", ")})`;
  switch (field.type) {
    case "string":
      return stringArbitrary(field);
    case "integer":
      return `fc.integer(${bounds({ min: field.minimum, max: field.maximum })})`;
    case "number":
      return `fc.double(${bounds({ min: field.minimum, max: field.maximum, noNaN: true, noDefaultInfinity: true })})`;
    case "boolean":
      return "fc.boolean()";
    case "int-or-string":
      return "fc.oneof(fc.integer(), fc.string())";
    case "object":
      return recordArbitrary(field.fields);
    case "array": {
      const items = fieldArbitrary(field.items!);
      const size = bounds({
        minLength: field.minItems,
        maxLength: elements(field.minItems, field.maxItems),
      });
      if (field.listType === "set") return `fc.uniqueArray(${items}, ${size})`;
      // listType: map items are unique by their keys: the API server refuses duplicates, and the
      // conversion keeps what an item cannot hold in an older version under its keys.
      if (field.listType === "map" && field.listMapKeys?.length) {
        const keys = field.listMapKeys.map((key) => `item[${JSON.stringify(key)}]`).join(", ");
        const selector = `selector: (item) => JSON.stringify([${keys}])`;
        return `fc.uniqueArray(${items}, { ${[size.slice(2, -2), selector].filter(Boolean).join(", ")} })`;
      }
      return `fc.array(${items}, ${size})`;
    }
    case "map": {
      const size = bounds({
        minKeys: field.minProperties,
        maxKeys: elements(field.minProperties, field.maxProperties),
        noNullPrototype: true,
      });
      return `fc.dictionary(fc.string({ minLength: 1 }), ${fieldArbitrary(field.items!)}, ${size})`;
    }
    case "free-form":
    case "any":
    case "kubernetes":
      return "fc.jsonValue({ maxDepth: 2 })";
  }
}

function stringArbitrary(field: FieldModel): string {
  const length = { minLength: field.minLength, maxLength: field.maxLength };
  const format = field.format === undefined ? undefined : FORMATS[field.format];
  // A pattern or a format makes the string; a length bound then keeps only those that fit.
  const made =
    field.pattern !== undefined
      ? `fc.stringMatching(new RegExp(${JSON.stringify(field.pattern)}))`
      : format;
  if (made === undefined) return `fc.string(${bounds(length)})`;
  const fits = [
    ...(length.minLength !== undefined ? [`text.length >= ${length.minLength}`] : []),
    ...(length.maxLength !== undefined ? [`text.length <= ${length.maxLength}`] : []),
  ];
  return fits.length === 0 ? made : `${made}.filter((text) => ${fits.join(" && ")})`;
}

function elements(min: number | undefined, max: number | undefined): number {
  return Math.max(min ?? 0, Math.min(max ?? MAX_ELEMENTS, MAX_ELEMENTS));
}

/** `{ min: 1, max: 9 }` of the bounds that are set, or nothing. */
function bounds(values: Record<string, number | boolean | undefined>): string {
  const set = Object.entries(values).filter(([, value]) => value !== undefined);
  return set.length === 0 ? "" : `{ ${set.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
}
