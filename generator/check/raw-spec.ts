// Semantic checks run even when the schema already rejected parts of the document, so that one
// run reports everything. They therefore read the data through these forgiving accessors: a
// value of the wrong shape reads as absent instead of crashing the check.

export type RawObject = Record<string, unknown>;

export function isObject(value: unknown): value is RawObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function obj(value: unknown): RawObject {
  return isObject(value) ? value : {};
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Strings of a list, with their index in the list (non-strings are skipped, not renumbered). */
export function strings(value: unknown): Array<[index: number, text: string]> {
  return arr(value).flatMap((item, index): Array<[number, string]> =>
    typeof item === "string" ? [[index, item]] : [],
  );
}

/** Object entries of a list, with their index. */
export function objects(value: unknown): Array<[index: number, item: RawObject]> {
  return arr(value).flatMap((item, index): Array<[number, RawObject]> =>
    isObject(item) ? [[index, item]] : [],
  );
}

export function has(o: RawObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

export type Scope = "Namespaced" | "Cluster";

/** The custom resource's scope; Namespaced unless the spec says otherwise (the schema's default). */
export function resourceScope(data: RawObject): Scope {
  return obj(data.api).scope === "Cluster" ? "Cluster" : "Namespaced";
}
