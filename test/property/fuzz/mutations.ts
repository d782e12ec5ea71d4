// Mutations that turn a valid spec into an invalid one. Each class breaks one thing the spec
// format or Kubernetes forbids, chosen so the result is invalid for certain: the generator must
// answer every one with exit 1 and a located diagnostic (or exit 2), never a crash, a hang, a
// written byte or a project.

import { stringify } from "yaml";
import { documentNodes, getAt, jsonType, setAt, type DocNode, type Path } from "./schema-nodes.ts";

export type Rand = () => number;
type Data = Record<string, any>;

export interface Mutated {
  source: string;
  /** What was changed, for reports: a path and the value put there. */
  note: string;
}

export interface Mutation {
  name: string;
  /** The mutated source, or undefined when the seed has nothing this class can break. */
  apply(seed: Data, rand: Rand): Mutated | undefined;
}

function show(value: unknown): string {
  const text =
    typeof value === "number" && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
  return text === undefined ? "(deleted)" : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function toSource(data: unknown): string {
  return stringify(data, { lineWidth: 0, aliasDuplicateObjects: false });
}

function pick<T>(items: readonly T[], rand: Rand): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(rand() * items.length)];
}

function clone(data: Data): Data {
  return structuredClone(data);
}

/** Data-level mutation: choose a node, change it, serialize. */
function onNode(
  name: string,
  applies: (node: DocNode) => boolean,
  change: (data: Data, node: DocNode, rand: Rand) => boolean | void,
): Mutation {
  return {
    name,
    apply(seed, rand) {
      const data = clone(seed);
      const node = pick(documentNodes(data).filter(applies), rand);
      if (!node) return undefined;
      const before = JSON.stringify(getAt(data, node.path));
      if (change(data, node, rand) === false) return undefined;
      const after = getAt(data, node.path);
      const note = `${node.path.join(".")}: ${JSON.stringify(after) === before ? "changed inside" : show(after)}`;
      return { source: toSource(data), note };
    },
  };
}

const OTHER_VALUES: Record<string, unknown[]> = {
  string: [42, true, ["x"], { a: 1 }, null],
  integer: ["12", 1.5, true, [1], { a: 1 }, null],
  number: ["1.5", false, [1.5], { a: 1 }],
  boolean: ["true", 1, [true], { a: true }],
  array: ["x", 3, { a: 1 }, true],
  object: ["x", 3, ["x"], true],
};

const wrongType = onNode(
  "wrong-type",
  (n) => typeof n.schema.type === "string" && n.path.length > 0,
  (data, n, rand) => {
    const options = OTHER_VALUES[n.schema.type]!.filter((v) => jsonType(v) !== jsonType(n.value));
    // An integer is a number too: keep only values the schema's type excludes.
    const excluded = options.filter(
      (v) => !(n.schema.type === "number" && jsonType(v) === "integer"),
    );
    setAt(data, n.path, pick(excluded, rand));
  },
);

const missingRequired = onNode(
  "missing-required",
  (n) => Array.isArray(n.schema.required) && n.value !== null && typeof n.value === "object",
  (data, n, rand) => {
    const present = (n.schema.required as string[]).filter((k) => k in (n.value as Data));
    const key = pick(present, rand);
    if (key === undefined) return false;
    setAt(data, [...n.path, key], undefined);
  },
);

const UNKNOWN_KEYS = [
  "descripton",
  "requried",
  "spec",
  "__proto__",
  "ключ",
  "a b",
  "x".repeat(300),
];

const unknownKey = onNode(
  "unknown-key",
  (n) =>
    n.schema.additionalProperties === false &&
    n.value !== null &&
    typeof n.value === "object" &&
    !Array.isArray(n.value),
  (data, n, rand) => {
    const key = pick(
      UNKNOWN_KEYS.filter((k) => !(n.schema.properties ?? {})[k]),
      rand,
    )!;
    Object.defineProperty(getAt(data, n.path), key, {
      value: "oops",
      enumerable: true,
      writable: true,
      configurable: true,
    });
  },
);

const outOfRange = onNode(
  "out-of-range",
  (n) =>
    n.schema.minimum !== undefined ||
    n.schema.maximum !== undefined ||
    n.schema.minLength !== undefined ||
    n.schema.maxLength !== undefined ||
    n.schema.minItems !== undefined,
  (data, n, rand) => {
    const s = n.schema;
    const options: unknown[] = [];
    if (s.minimum !== undefined) options.push(s.minimum - 1, -1e9);
    if (s.maximum !== undefined) options.push(s.maximum + 1, 1e9);
    if (s.minLength) options.push("");
    if (s.maxLength !== undefined) options.push("a".repeat(s.maxLength + 1));
    if (s.minItems) options.push([]);
    if (options.length === 0) return false;
    setAt(data, n.path, pick(options, rand));
  },
);

/** Field-definition keywords whose value is a number: non-finite and huge values break them. */
const NUMERIC_KEYWORDS = [
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
];

function fieldDefinitions(data: Data): DocNode[] {
  return documentNodes(data).filter(
    (n) => n.schema.properties?.type?.enum?.includes("free-form") && typeof n.value === "object",
  );
}

const nonFinite: Mutation = {
  name: "non-finite-number",
  apply(seed, rand) {
    const data = clone(seed);
    const def = pick(fieldDefinitions(data), rand);
    if (!def) return undefined;
    const keyword = pick(NUMERIC_KEYWORDS, rand)!;
    const value = pick([Infinity, -Infinity, NaN], rand);
    (def.value as Data)[keyword] = value;
    return { source: toSource(data), note: `${def.path.join(".")}.${keyword}: ${show(value)}` };
  },
};

const hugeNumber: Mutation = {
  name: "huge-number",
  apply(seed, rand) {
    const data = clone(seed);
    const def = pick(
      fieldDefinitions(data).filter((n) => ["integer", "string"].includes((n.value as Data).type)),
      rand,
    );
    if (!def) return undefined;
    const value = def.value as Data;
    if (value.type === "integer") {
      // Kubernetes integers are int64 read through float64: beyond 2^53 they are not exact.
      const where = pick(["minimum", "maximum", "default"] as const, rand)!;
      for (const k of ["enum", "minimum", "maximum", "default", "rules", "immutable", "format"])
        delete value[k];
      const big = pick([2 ** 53 + 2, -(2 ** 60), 1e300], rand);
      value[where] = big;
      return { source: toSource(data), note: `${def.path.join(".")}.${where}: ${show(big)}` };
    }
    value.maxLength = pick([1e18, 2 ** 53 + 2], rand);
    return {
      source: toSource(data),
      note: `${def.path.join(".")}.maxLength: ${show(value.maxLength)}`,
    };
  },
};

/** Names Kubernetes or the spec format restricts (DNS labels, PascalCase, camelCase, paths). */
const NAME_PATHS: ReadonlyArray<(p: Path) => boolean> = [
  (p) => p.join(".") === "metadata.name",
  (p) => p.join(".") === "metadata.namespace",
  (p) => ["api.group", "api.kind", "api.plural", "api.singular"].includes(p.join(".")),
  (p) => p[0] === "api" && (p[1] === "shortNames" || p[1] === "categories") && p.length === 3,
  (p) => p[0] === "api" && p[1] === "versions" && p[3] === "name",
  (p) => p[0] === "status" && p[1] === "phases" && p[3] === "name",
  (p) => p[0] === "status" && p[1] === "conditions" && p[3] === "type",
  (p) => p[0] === "externalResources" && p[2] === "name",
  (p) => p[0] === "children" && ["apiVersion", "kind", "plural"].includes(String(p[2])),
  (p) => p[0] === "rbac" && p[1] === "watchNamespaces" && p.length === 3,
  (p) => p[0] === "printerColumns" && p[2] === "jsonPath",
  (p) => p[0] === "selectableFields" && p[2] === "jsonPath",
];

const BAD_NAMES = [
  "../x",
  "../../etc/passwd",
  "a/b",
  "",
  " ",
  "a b",
  "x\ny",
  "a\u0000b",
  "a\u001b[31mb",
  "💥",
  "a\u200bb",
  "\u202eevil",
  "ÄÖÜ",
  "x".repeat(10_000),
  "Kind".repeat(60),
];

const VALID_PHASE_TEXT: ReadonlySet<string> = new Set([
  "../x",
  "../../etc/passwd",
  "a/b",
  "a b",
  "💥",
  "ÄÖÜ",
]);

const badName = onNode(
  "bad-name",
  (n) => typeof n.value === "string" && NAME_PATHS.some((test) => test(n.path)),
  (data, n, rand) => {
    const phase = n.path[0] === "status" && n.path[1] === "phases";
    const condition = n.path[0] === "status" && n.path[1] === "conditions";
    // Phase text is any one line of up to 128 visible characters (a b, ÄÖÜ, ../x); a condition
    // type may carry a DNS prefix (a/b) and be 316 long; a foreign kind may be long too.
    const candidates = BAD_NAMES.filter((b) =>
      phase
        ? !VALID_PHASE_TEXT.has(b)
        : condition
          ? b !== "a/b" && !b.startsWith("Kind")
          : !(n.path[0] === "children" && n.path[2] === "kind" && b.startsWith("Kind")),
    );
    setAt(data, n.path, pick(candidates, rand));
  },
);

/** A field name (a key of a field map) that is not camelCase. */
const badFieldName: Mutation = {
  name: "bad-field-name",
  apply(seed, rand) {
    const data = clone(seed);
    const maps = documentNodes(data).filter(
      (n) => n.path[n.path.length - 1] === "fields" && n.value && typeof n.value === "object",
    );
    const map = pick(maps, rand);
    if (!map) return undefined;
    const fields = map.value as Data;
    const [name] = Object.keys(fields);
    if (name === undefined) return undefined;
    // Not a field name, each of them; a dot neither (SEM011). Letters alone, however many, are
    // a field name (any case, since field names follow the API being modeled).
    const replacement = pick(
      [...BAD_NAMES.filter((b) => b !== "" && !/^[A-Za-z]+$/.test(b)), "max.connections"],
      rand,
    )!;
    fields[replacement] = fields[name];
    delete fields[name];
    return { source: toSource(data), note: `${map.path.join(".")} key ${show(replacement)}` };
  },
};

function swapCase(name: string): string {
  const last = name.length - 1;
  const ch = name[last]!;
  const swapped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return swapped === ch
    ? `${name}X`.replace(/X$/, "x").toUpperCase()
    : name.slice(0, last) + swapped;
}

/** Two names that differ only in case, where names must be told apart (fields, bindings, child kinds). */
const caseCollision: Mutation = {
  name: "case-collision",
  apply(seed, rand) {
    const data = clone(seed);
    const choice = pick(["field", "binding", "child"], rand)!;
    let note = "children: kinds GizmoPart and GizmoPART";
    if (choice === "field") {
      const fields = data.spec?.fields as Data | undefined;
      const name =
        fields &&
        pick(
          Object.keys(fields).filter((n) => /[a-z]$/.test(n)),
          rand,
        );
      if (!fields || !name) return undefined;
      const twin = name.slice(0, -1) + name.slice(-1).toUpperCase();
      fields[twin] = structuredClone(fields[name]);
      note = `spec.fields: ${name} and ${twin}`;
    } else if (choice === "binding") {
      const bindings = data.externalResources as Data[] | undefined;
      const first = bindings?.[0];
      if (!first || !/[a-z]/.test(first.name)) return undefined;
      bindings!.push({ ...structuredClone(first), name: swapCase(first.name) });
      note = `externalResources: ${first.name} and ${swapCase(first.name)}`;
    } else {
      data.children = [
        ...((data.children as Data[] | undefined) ?? []),
        {
          apiVersion: "things.other.example.com/v1",
          kind: "GizmoPart",
          plural: "gizmoparts",
          scope: "Namespaced",
        },
        {
          apiVersion: "things.other.example.com/v1",
          kind: "GizmoPART",
          plural: "gizmoparts2",
          scope: "Namespaced",
        },
      ];
    }
    return { source: toSource(data), note };
  },
};

/** A CEL rule the API server cannot compile. */
const BROKEN_RULES = [
  "!self.enabled ||| (x >= ",
  " ",
  "self.noSuchFieldAnywhere > 1",
  "self +",
  "size(self) >= 'a' + 1",
  "(((((",
  "self == oldSelf &&",
];

const brokenCel = onNode(
  "broken-cel",
  (n) => n.path[n.path.length - 1] === "rule" && typeof n.value === "string",
  (data, n, rand) => {
    setAt(data, n.path, pick(BROKEN_RULES, rand));
  },
);

/** Patterns RE2 (the API server's engine) rejects, or that hang a backtracking engine. */
const BAD_PATTERNS: ReadonlyArray<[pattern: string, withDefault?: string]> = [
  ["(?<=a)b"],
  ["(a)\\1"],
  ["[a-"],
  ["^(a+)+$", `${"a".repeat(40)}!`],
  ["(x+x+)+y", "x".repeat(40)],
];

const badPattern: Mutation = {
  name: "bad-pattern",
  apply(seed, rand) {
    const data = clone(seed);
    const strings = fieldDefinitions(data).filter((n) => (n.value as Data).type === "string");
    const def = pick(strings, rand);
    if (!def) return undefined;
    const [pattern, value] = pick(BAD_PATTERNS, rand)!;
    const field = def.value as Data;
    for (const k of ["enum", "format", "minLength", "maxLength", "rules", "immutable"])
      delete field[k];
    field.pattern = pattern;
    if (value !== undefined) field.default = value;
    else delete field.default;
    const withDefault = value === undefined ? "" : ` with default ${show(value)}`;
    return {
      source: toSource(data),
      note: `${def.path.join(".")}.pattern: ${show(pattern)}${withDefault}`,
    };
  },
};

const BAD_DURATIONS = ["600h", "1ns", "-1s", "1d", "", "10", "1h-5m", "9".repeat(400) + "h"];

const badDuration: Mutation = {
  name: "bad-duration",
  apply(seed, rand) {
    const data = clone(seed);
    const key = pick(["resyncPeriod", "initial", "max"], rand)!;
    data.operator = { ...(data.operator ?? {}) };
    const value = pick(BAD_DURATIONS, rand)!;
    if (key === "resyncPeriod") data.operator.resyncPeriod = value;
    else data.operator.backoff = { ...(data.operator.backoff ?? {}), [key]: value };
    return { source: toSource(data), note: `operator ${key}: ${show(value)}` };
  },
};

/**
 * A reference that names nothing: binding inputs/outputs, a natural key, scale paths, printer
 * column paths.
 */
const danglingReference: Mutation = {
  name: "dangling-reference",
  apply(seed, rand) {
    const data = clone(seed);
    const choice = pick(["input", "output", "key", "scale", "column", "selectable"], rand)!;
    if (choice === "key") {
      const binding = (data.externalResources as Data[] | undefined)?.[0];
      if (!binding) return undefined;
      binding.identity = { ...(binding.identity ?? {}), naturalKey: "noSuchField" };
      return {
        source: toSource(data),
        note: "externalResources.0.identity.naturalKey: noSuchField",
      };
    }
    if (choice === "input" || choice === "output") {
      const binding = (data.externalResources as Data[] | undefined)?.[0];
      if (!binding) return undefined;
      const key = choice === "input" ? "inputs" : "outputs";
      binding[key] = [...(binding[key] ?? []), "noSuchField"];
      return { source: toSource(data), note: `externalResources.0.${key}: noSuchField` };
    } else if (choice === "selectable") {
      const jsonPath = pick([".spec.noSuchField", ".status.conditions", ".metadata.labels"], rand)!;
      data.selectableFields = [
        ...((data.selectableFields as Data[] | undefined) ?? []),
        { jsonPath },
      ];
      return { source: toSource(data), note: `selectableFields jsonPath: ${show(jsonPath)}` };
    } else if (choice === "scale") {
      data.api.scale = {
        specReplicasPath: ".spec.noSuchField",
        statusReplicasPath: ".status.noSuchField",
      };
      return { source: toSource(data), note: "api.scale paths name no field" };
    }
    const jsonPath = pick([".spec.noSuchField", "../../x", ".status.a.b.c"], rand)!;
    data.printerColumns = [
      ...((data.printerColumns as Data[] | undefined) ?? []),
      { name: "Missing", type: "string", jsonPath },
    ];
    return { source: toSource(data), note: `printerColumns jsonPath: ${show(jsonPath)}` };
  },
};

/** Text-level: a key written twice in one mapping. */
const duplicateKey: Mutation = {
  name: "duplicate-key",
  apply(seed, rand) {
    const lines = toSource(seed).split("\n");
    const candidates = lines
      .map((line, i) => [line, i] as const)
      .filter(([line]) => /^\s*[A-Za-z_][\w-]*: \S/.test(line) && !/^\s*- /.test(line));
    const chosen = pick(candidates, rand);
    if (!chosen) return undefined;
    lines.splice(chosen[1] + 1, 0, chosen[0]);
    return {
      source: lines.join("\n"),
      note: `line ${chosen[1] + 2} repeats ${show(chosen[0].trim())}`,
    };
  },
};

/** Text-level YAML features a spec does not need: alias bombs, undefined aliases, tags. */
const yamlTrick: Mutation = {
  name: "yaml-alias-or-tag",
  apply(seed, rand) {
    const source = toSource(seed);
    const choice = pick(["bomb", "undefined-alias", "binary", "timestamp", "set", "deep"], rand)!;
    if (choice === "bomb") {
      const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
      for (let i = 1; i < 9; i++) {
        const prev = String.fromCharCode(96 + i);
        const name = String.fromCharCode(97 + i);
        levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
      }
      return { source: `${source}${levels.join("\n")}\n`, note: "alias bomb (10^9 nodes)" };
    }
    const replaceDescription = (value: string): Mutated => ({
      source: source.includes("\n  description:")
        ? source.replace(/\n  description: .*/, `\n  description: ${value}`)
        : source.replace(/\nmetadata:\n/, `\nmetadata:\n  description: ${value}\n`),
      note: `a description: ${show(value)}`,
    });
    if (choice === "undefined-alias") return replaceDescription("*nowhere");
    if (choice === "binary") return replaceDescription("!!binary aGVsbG8=");
    if (choice === "timestamp")
      return replaceDescription("!!timestamp 2001-12-14t21:59:43.10-05:00");
    if (choice === "set") return replaceDescription("!!set { a, b }");
    return replaceDescription(`${"[".repeat(5000)}x${"]".repeat(5000)}`);
  },
};

/** A tag the YAML parser does not know: the value is not what the user meant (today: ignored). */
const unknownTag: Mutation = {
  name: "unknown-tag",
  apply(seed) {
    const source = toSource(seed);
    const replaced = source.replace(/\n  group: (.*)/, "\n  group: !Ref $1");
    return replaced === source ? undefined : { source: replaced, note: "api.group: !Ref <group>" };
  },
};

/** Lists far longer than any spec needs, with one duplicate or wrong item. */
const hugeList: Mutation = {
  name: "huge-list",
  apply(seed, rand) {
    const data = clone(seed);
    const choice = pick(["shortNames", "enum", "phases"] as const, rand)!;
    const note = {
      shortNames: "api.shortNames: 20000 times ab",
      enum: "a spec field: enum of 12000 strings and one number",
      phases: "status.phases: 3000 phases, none initial, the last leads nowhere",
    }[choice];
    if (choice === "shortNames") data.api.shortNames = Array.from({ length: 20_000 }, () => "ab");
    else if (choice === "enum") {
      // A seed may have no spec (a status-only kind): the enum then goes on a new field.
      data.spec = { ...(data.spec ?? {}), fields: { ...(data.spec?.fields ?? {}) } };
      const [name = "size"] = Object.keys(data.spec.fields);
      data.spec.fields[name] = {
        type: "string",
        enum: [...Array.from({ length: 12_000 }, (_, i) => `v${i}`), 7],
      };
    } else
      data.status = {
        ...(data.status ?? {}),
        phases: Array.from({ length: 3_000 }, (_, i) => ({
          name: `Phase${i}`,
          next: [`Phase${i + 1}`],
        })),
      };
    return { source: toSource(data), note };
  },
};

/**
 * A list or map type the API server refuses: mapType on a field that is not an object (SEM020),
 * a set of objects that are not atomic (SEM022), a list map key that is nullable (SEM023), or a
 * map type that does not exist.
 */
const badMergeType: Mutation = {
  name: "bad-list-or-map-type",
  apply(seed, rand) {
    const data = clone(seed);
    const defs = fieldDefinitions(data);
    const choice = pick(["scalar", "set", "key", "unknown"], rand)!;
    const of = (types: string[]) =>
      pick(
        defs.filter((n) => types.includes((n.value as Data).type)),
        rand,
      );
    if (choice === "scalar") {
      const def = of(["string", "integer", "number", "boolean", "int-or-string", "array"]);
      if (!def) return undefined;
      (def.value as Data).mapType = "atomic";
      return { source: toSource(data), note: `${def.path.join(".")}.mapType: atomic` };
    }
    if (choice === "set") {
      const def = of(["object", "map", "free-form"]);
      if (!def) return undefined;
      const items: Data = { ...(def.value as Data), mapType: pick([undefined, "granular"], rand) };
      if (items.mapType === undefined) delete items.mapType;
      for (const k of ["default", "rules", "immutable", "required", "nullable"]) delete items[k];
      setAt(data, def.path, { type: "array", listType: "set", items });
      return { source: toSource(data), note: `${def.path.join(".")}: a set of granular items` };
    }
    if (choice === "key") {
      const list = pick(
        defs.filter((n) => (n.value as Data).listType === "map"),
        rand,
      );
      if (!list) return undefined;
      const value = list.value as Data;
      const key = (value.listMapKeys as string[])[0]!;
      const keyDef = value.items.fields[key] as Data;
      delete keyDef.required;
      keyDef.default = keyDef.default ?? "k";
      keyDef.nullable = true;
      return { source: toSource(data), note: `${list.path.join(".")}: key ${key} nullable` };
    }
    const def = of(["object", "map", "free-form"]);
    if (!def) return undefined;
    (def.value as Data).mapType = pick(["merge", "Atomic", "", 1], rand);
    return {
      source: toSource(data),
      note: `${def.path.join(".")}.mapType: ${show((def.value as Data).mapType)}`,
    };
  },
};

/** An object field nested so deep the CRD would exceed any sane size; its leaf has a broken default. */
const deepNesting: Mutation = {
  name: "deep-nesting",
  apply(seed) {
    const data = clone(seed);
    let leaf: Data = { type: "integer", maximum: 1, default: 2 };
    for (let i = 0; i < 150; i++) leaf = { type: "object", fields: { inner: leaf } };
    // A seed may have no spec (a status-only kind).
    data.spec = { ...(data.spec ?? {}), fields: { ...(data.spec?.fields ?? {}), deep: leaf } };
    return {
      source: toSource(data),
      note: "spec.fields.deep: 150 nested objects, leaf default above its maximum",
    };
  },
};

/**
 * A field that embeds a Kubernetes type wrongly: a name the catalog lacks (SEM240), a keyword that
 * would change the upstream schema (SEM241), or a default the upstream schema refuses (SEM026).
 */
const badKubernetesType: Mutation = {
  name: "bad-kubernetes-type",
  apply(seed, rand) {
    const data = clone(seed);
    const def = pick<Data>(
      [
        { type: "core/v1.Tolerations" },
        { type: "core/v1.Deployment" },
        { type: "meta/v1.ObjectMetaX" },
        { type: "Quantity", maxLength: 10 },
        { type: "core/v1.Toleration", fields: { extra: { type: "string" } } },
        { type: "array", items: { type: "core/v1.LocalObjectReference", listType: "map" } },
        { type: "Quantity", default: "lots" },
        { type: "core/v1.ResourceRequirements", default: { requests: { cpu: "a lot" } } },
        { type: "core/v1.Toleration", default: { tolerationSeconds: "forever" } },
      ],
      rand,
    )!;
    data.spec = { ...(data.spec ?? {}), fields: { ...(data.spec?.fields ?? {}), embedded: def } };
    return { source: toSource(data), note: `spec.fields.embedded: ${show(def)}` };
  },
};

/**
 * Versions that cannot be: a second version and no (or two) storage versions, an unserved storage
 * version, versions out of priority order, or a field's versions: block naming an unknown version,
 * removing before adding, retyping without a hook, or renaming onto another field.
 */
const badVersions: Mutation = {
  name: "bad-versions",
  apply(seed, rand) {
    const data = clone(seed);
    const first = String(data.api?.versions?.[0]?.name ?? "v1alpha1");
    const newer = first === "v1" ? "v2" : "v1";
    const two = (a: Data, b: Data) =>
      (data.api.versions = [
        { name: first, ...a },
        { name: newer, ...b },
      ]);
    const field = (def: Data) => {
      data.spec = { ...(data.spec ?? {}), fields: { ...(data.spec?.fields ?? {}), evolved: def } };
    };
    const choice = pick(
      ["no-storage", "two-storage", "unserved", "order", "unknown", "order-field", "hook", "clash"],
      rand,
    )!;
    if (data.api === undefined) return undefined;
    if (choice === "no-storage") two({}, {});
    else if (choice === "two-storage") two({ storage: true }, { storage: true });
    else if (choice === "unserved") two({}, { storage: true, served: false });
    else if (choice === "order")
      data.api.versions = [{ name: newer, storage: true }, { name: first }];
    else {
      two({}, { storage: true });
      if (choice === "unknown") field({ type: "string", versions: { added: "v9beta9" } });
      if (choice === "order-field")
        field({ type: "string", versions: { added: newer, removed: newer } });
      if (choice === "hook")
        field({ type: "integer", versions: { changed: { [first]: { type: "string" } } } });
      if (choice === "clash") {
        field({ type: "string" });
        data.spec.fields.other = { type: "string", versions: { renamed: { [first]: "evolved" } } };
      }
    }
    return { source: toSource(data), note: `api.versions: ${choice}` };
  },
};

export const MUTATIONS: readonly Mutation[] = [
  wrongType,
  missingRequired,
  unknownKey,
  outOfRange,
  nonFinite,
  hugeNumber,
  badName,
  badFieldName,
  caseCollision,
  brokenCel,
  badPattern,
  badDuration,
  danglingReference,
  duplicateKey,
  yamlTrick,
  unknownTag,
  hugeList,
  deepNesting,
  badMergeType,
  badKubernetesType,
  badVersions,
];
