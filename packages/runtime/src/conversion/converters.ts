// Hub and spoke, as controller-runtime's conversion does it: every kind names one hub version (the
// storage version) and, for every other served version, a converter to and from the hub. Two
// spokes convert through the hub, so n versions need n-1 converters, not n². A generated project
// passes one KindConversion per kind; several kinds share one webhook server.
//
// The converters are user code (generated, or a hook a person wrote), so everything they return is
// checked before the API server sees it: a converter that renames the object, moves it to another
// namespace or answers with another kind would corrupt what clients read.

/** A JSON object as the API server sends it in a ConversionReview. */
export type JsonObject = { [key: string]: unknown };

/** Converts one served version to and from the hub. Each gets a deep copy it may change. */
export interface VersionConverter {
  toHub(object: JsonObject): JsonObject | Promise<JsonObject>;
  fromHub(hub: JsonObject): JsonObject | Promise<JsonObject>;
}

export interface KindConversion {
  /** The API group, e.g. "example.com". */
  group: string;
  /** The kind, e.g. "Database". */
  kind: string;
  /** The hub version: the storage version, which the reconciler works on. */
  hub: string;
  /** A converter for every served version other than the hub. */
  spokes: Readonly<Record<string, VersionConverter>>;
}

/** Why one object could not be converted: becomes the ConversionReview's failure message. */
export class ConversionFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ConversionFailure";
  }
}

/** The kinds one webhook server converts, looked up by group and kind. */
export class ConversionRegistry {
  readonly #kinds = new Map<string, KindConversion>();

  constructor(kinds: readonly KindConversion[]) {
    for (const kind of kinds) {
      const key = `${kind.kind}.${kind.group}`;
      if (this.#kinds.has(key)) throw new Error(`conversion for ${key} registered twice`);
      if (kind.hub in kind.spokes)
        throw new Error(`${key}: the hub version ${kind.hub} must not have a converter`);
      this.#kinds.set(key, kind);
    }
  }

  /** `object` (any version of a registered kind) in `desiredApiVersion`; throws ConversionFailure. */
  async convert(object: unknown, desiredApiVersion: string): Promise<JsonObject> {
    if (!isJsonObject(object)) throw new ConversionFailure("the object is not a JSON object");
    const source = splitApiVersion(object.apiVersion);
    const target = splitApiVersion(desiredApiVersion);
    const what = describe(object);
    if (source === undefined) throw new ConversionFailure(`${what}: no valid apiVersion`);
    if (target === undefined)
      throw new ConversionFailure(`desiredAPIVersion ${desiredApiVersion} is not group/version`);
    if (source.group !== target.group)
      throw new ConversionFailure(
        `${what}: cannot convert from ${source.group} to ${target.group}`,
      );
    const kind = this.#kinds.get(`${String(object.kind)}.${source.group}`);
    if (kind === undefined)
      throw new ConversionFailure(`${what}: no conversion registered for this kind`);
    for (const version of [source.version, target.version]) {
      if (version !== kind.hub && !(version in kind.spokes))
        throw new ConversionFailure(`${what}: version ${version} is not known to this operator`);
    }
    if (source.version === target.version) return object;
    const hubApiVersion = `${kind.group}/${kind.hub}`;
    let hub = structuredClone(object);
    if (source.version !== kind.hub) {
      const converted = await run(what, `${source.version} to ${kind.hub}`, () =>
        kind.spokes[source.version]!.toHub(hub),
      );
      hub = checked(converted, object, hubApiVersion, `${source.version} to ${kind.hub}`);
    }
    if (target.version === kind.hub) return hub;
    const step = `${kind.hub} to ${target.version}`;
    const converted = await run(what, step, () =>
      kind.spokes[target.version]!.fromHub(structuredClone(hub)),
    );
    return checked(converted, hub, desiredApiVersion, step);
  }
}

async function run(
  what: string,
  step: string,
  convert: () => JsonObject | Promise<JsonObject>,
): Promise<unknown> {
  try {
    return await convert();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ConversionFailure(`${what}: converting ${step} failed: ${message}`, { cause: err });
  }
}

/**
 * `converted` with apiVersion `apiVersion`, if it is still the same object as `input`. A converter
 * that left apiVersion as it was (the usual `{ ...object, spec }`) or removed it gets the right
 * one set here; any other apiVersion is its mistake and is refused.
 */
function checked(
  converted: unknown,
  input: JsonObject,
  apiVersion: string,
  step: string,
): JsonObject {
  const what = describe(input);
  const fail = (why: string) => new ConversionFailure(`${what}: converting ${step} ${why}`);
  if (!isJsonObject(converted)) throw fail("returned no object");
  if (converted.apiVersion === undefined || converted.apiVersion === input.apiVersion)
    converted.apiVersion = apiVersion;
  else if (converted.apiVersion !== apiVersion)
    throw fail(`returned apiVersion ${String(converted.apiVersion)}, not ${apiVersion}`);
  if (converted.kind !== input.kind)
    throw fail(`returned kind ${String(converted.kind)}, not ${String(input.kind)}`);
  for (const field of ["name", "namespace", "uid"] as const) {
    const before = metadataOf(input)[field];
    const after = metadataOf(converted)[field];
    if (before !== after)
      throw fail(`changed metadata.${field} from ${String(before)} to ${String(after)}`);
  }
  return converted;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function metadataOf(object: JsonObject): JsonObject {
  return isJsonObject(object.metadata) ? object.metadata : {};
}

function splitApiVersion(value: unknown): { group: string; version: string } | undefined {
  if (typeof value !== "string") return undefined;
  const slash = value.lastIndexOf("/");
  if (slash <= 0 || slash === value.length - 1) return undefined;
  return { group: value.slice(0, slash), version: value.slice(slash + 1) };
}

/** "Database team-a/orders (v1)": enough for the person reading the API server's error. */
function describe(object: JsonObject): string {
  const metadata = metadataOf(object);
  const name = [metadata.namespace, metadata.name].filter((part) => part !== undefined).join("/");
  return `${String(object.kind)} ${name || "(no name)"} (${String(object.apiVersion)})`;
}
