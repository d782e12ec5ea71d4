// Scalar field definitions with the values they accept. Each arbitrary yields a definition and
// `samples`: distinct values that satisfy every constraint of it (type, bounds, enum, pattern,
// format). Defaults and CEL examples are drawn from the samples, so they are valid by construction.

import fc from "fast-check";

export type Def = Record<string, unknown>;

export interface GenField {
  def: Def;
  /** Valid values of the field, at least one, distinct. */
  samples: unknown[];
  /** Whether the definition or anything inside it carries a CEL rule (rules or immutable). */
  cel: boolean;
}

const WORDS = ["alpha", "beta-1", "gamma_2", "delta.x", "Epsilon", "zeta9", "forty-two", "ok"];

/** Patterns Kubernetes (RE2) and ECMA-262 read alike, each with strings it matches. */
export const SAFE_PATTERNS: ReadonlyArray<readonly [pattern: string, samples: string[]]> = [
  ["^[a-z]+$", ["abc", "zz"]],
  ["^[0-9]+(\\.[0-9]+)?$", ["16", "1.5"]],
  ["^[A-Za-z_][A-Za-z0-9_]*$", ["NAME", "_x1"]],
  ["^v[0-9]+$", ["v1", "v20"]],
  ["^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", ["my-app", "a1"]],
  ["[a-z]", ["x", "9a"]],
];

/** One or two values per format that the API server's format checker accepts. */
export const FORMAT_SAMPLES: Readonly<Record<string, string[]>> = {
  date: ["2024-01-31", "1999-12-01"],
  "date-time": ["2024-01-31T12:00:00Z", "2024-06-01T08:30:00+02:00"],
  duration: ["30s", "1h"],
  email: ["ops@example.com"],
  hostname: ["example.org", "db-1.internal"],
  ipv4: ["10.0.0.1", "192.168.1.20"],
  ipv6: ["2001:db8::1", "::1"],
  cidr: ["10.0.0.0/8", "2001:db8::/32"],
  mac: ["00:1a:2b:3c:4d:5e"],
  uri: ["https://example.com/x", "s3://bucket/key"],
  uuid: ["123e4567-e89b-12d3-a456-426614174000"],
  byte: ["aGVsbG8=", "d29ybGQ="],
  password: ["s3cret", "hunter2"],
};

/** Adds length bounds that every sample satisfies (sometimes none). */
function lengthBounds(samples: string[]): fc.Arbitrary<Def> {
  const shortest = Math.min(...samples.map((s) => s.length));
  const longest = Math.max(...samples.map((s) => s.length));
  return fc.record(
    {
      minLength: fc.integer({ min: 0, max: shortest }),
      maxLength: fc.integer({ min: longest, max: Math.max(longest, 300) }),
    },
    { requiredKeys: [] },
  );
}

const plainString = fc
  .uniqueArray(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 4 })
  .chain((samples) => lengthBounds(samples).map((bounds) => ({ def: bounds, samples })));

const enumString = fc
  .uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
  .map((values) => ({ def: { enum: values }, samples: values }));

const patternString = fc
  .constantFrom(...SAFE_PATTERNS)
  .chain(([pattern, samples]) =>
    lengthBounds(samples).map((bounds) => ({ def: { pattern, ...bounds }, samples })),
  );

const formatString = fc.constantFrom(...Object.keys(FORMAT_SAMPLES)).chain((format) =>
  lengthBounds(FORMAT_SAMPLES[format]!).map((bounds) => ({
    def: { format, ...bounds },
    samples: FORMAT_SAMPLES[format]!,
  })),
);

export const stringField: fc.Arbitrary<GenField> = fc
  .oneof(plainString, enumString, patternString, formatString)
  .map(({ def, samples }) => ({ def: { type: "string", ...def }, samples, cel: false }));

function spread(low: number, high: number): number[] {
  return [...new Set([low, high, Math.floor((low + high) / 2)])];
}

const INT32 = 2 ** 31 - 1;

const boundedInteger = fc
  .tuple(
    fc.integer({ min: -1000, max: 100_000 }),
    fc.integer({ min: 1, max: 100_000 }),
    fc.constantFrom(undefined, "int32", "int64"),
    fc.constantFrom("both", "minimum", "maximum"),
  )
  .map(([low, width, format, which]) => {
    const high = low + width;
    const def: Def = { type: "integer" };
    if (format) def.format = format;
    if (which !== "maximum") def.minimum = low;
    if (which !== "minimum") def.maximum = high;
    return { def, samples: spread(low, high) };
  });

const enumInteger = fc
  .uniqueArray(fc.integer({ min: -INT32 - 1, max: INT32 }), { minLength: 1, maxLength: 4 })
  .map((values) => ({ def: { type: "integer", enum: values }, samples: values }));

const plainInteger = fc.constantFrom(undefined, "int32", "int64").map((format) => ({
  def: format ? { type: "integer", format } : { type: "integer" },
  samples: [0, 7, -3],
}));

export const integerField: fc.Arbitrary<GenField> = fc
  .oneof(boundedInteger, enumInteger, plainInteger)
  .map((f) => ({ ...f, cel: false }));

export const numberField: fc.Arbitrary<GenField> = fc
  .tuple(
    fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: 0.25, max: 1e6, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(undefined, "float", "double"),
    fc.boolean(),
  )
  .map(([low, width, format, bounded]) => {
    const def: Def = { type: "number" };
    if (format) def.format = format;
    if (!bounded) return { def, samples: [0.5, 2, -1.25], cel: false };
    const high = low + width;
    def.minimum = low;
    def.maximum = high;
    return { def, samples: [...new Set([low, high])], cel: false };
  });

export const booleanField: fc.Arbitrary<GenField> = fc.constant({
  def: { type: "boolean" },
  samples: [true, false],
  cel: false,
});

export const intOrStringField: fc.Arbitrary<GenField> = fc.constant({
  def: { type: "int-or-string" },
  samples: [8080, "http", "25%"],
  cel: false,
});

export const freeFormField: fc.Arbitrary<GenField> = fc.constant({
  def: { type: "free-form" },
  samples: [{ a: 1, nested: { b: ["x", true] } }, {}],
  cel: false,
});

/** type: any, a typeless field: samples of every JSON type but null. */
export const anyField: fc.Arbitrary<GenField> = fc.constant({
  def: { type: "any" },
  samples: ["text", [1, "two"], { a: { b: true } }, 3],
  cel: false,
});

export const scalarField: fc.Arbitrary<GenField> = fc.oneof(
  { arbitrary: stringField, weight: 4 },
  { arbitrary: integerField, weight: 3 },
  { arbitrary: numberField, weight: 1 },
  { arbitrary: booleanField, weight: 2 },
  { arbitrary: intOrStringField, weight: 1 },
);
