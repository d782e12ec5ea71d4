// Stage 1: text → YAML document with source positions. Nothing here knows what an operator is;
// it turns bytes into a document and a way to point at any path in it.

import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
  visit,
} from "yaml";
import type { Diagnostic, SourcePosition } from "../base/diagnostics.ts";

/** A spec is a page of YAML; anything this big is a mistake or an attack. */
export const MAX_SPEC_BYTES = 256 * 1024;
/** Aliases expand on conversion; a handful is plenty for a spec, thousands are a billion-laughs bomb. */
export const MAX_ALIAS_COUNT = 50;

export interface ParsedSpec {
  file: string;
  source: string;
  document: Document.Parsed;
  /** The document as plain JSON-compatible data. */
  data: unknown;
  /** Position of the node at a path, or of its nearest existing ancestor. */
  positionOf(path: readonly (string | number)[], which?: "key" | "value"): SourcePosition;
}

export type ParseResult = { ok: true; spec: ParsedSpec } | { ok: false; diagnostics: Diagnostic[] };

export function parseSpec(source: string, file: string): ParseResult {
  const start = { line: 1, col: 1 };
  const bytes = Buffer.byteLength(source, "utf8");
  if (bytes > MAX_SPEC_BYTES) {
    return fail(
      file,
      start,
      "YAML003",
      `the spec is ${bytes} bytes; the limit is ${MAX_SPEC_BYTES}`,
      "A domain spec fits on a page; check that this is the right file.",
    );
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(source, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
    strict: true,
  });
  const toPos = (offset: number): SourcePosition => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, col: p.col };
  };
  if (document.errors.length > 0) {
    const warnings = document.warnings.filter((w) => w.code !== "TAG_RESOLVE_FAILED");
    return {
      ok: false,
      diagnostics: [...document.errors, ...warnings].map((e) => ({
        severity: "error" as const,
        code: e.code === "DUPLICATE_KEY" ? "YAML002" : "YAML001",
        path: "",
        message: e.message.split("\n")[0] ?? e.message,
        hint:
          e.code === "DUPLICATE_KEY"
            ? "Each key may appear once in a mapping; remove one of them."
            : "Fix the YAML syntax at this position.",
        file,
        position: toPos(e.pos[0]),
      })),
    };
  }
  const tagged = unsupportedTags(document, source);
  if (tagged.length > 0) {
    return {
      ok: false,
      diagnostics: tagged.map(({ tag, offset }) => ({
        severity: "error" as const,
        code: "YAML010",
        path: "",
        message: `the tag ${tag} is not supported: a spec is plain YAML`,
        hint: "Remove the tag; a spec has no references or custom types (quote the value if it is text).",
        file,
        position: toPos(offset),
      })),
    };
  }
  const merges = mergeKeys(document);
  if (merges.length > 0) {
    return {
      ok: false,
      diagnostics: merges.map((offset) => ({
        severity: "error" as const,
        code: "YAML012",
        path: "",
        message: "the merge key << is not supported: YAML 1.2 reads it as a field named <<",
        hint: "Write the fields out where they are needed (an alias *name may stand for a whole value).",
        file,
        position: toPos(offset),
      })),
    };
  }
  const aliasKeys = aliasKeyProblems(document);
  if (aliasKeys.length > 0) {
    return {
      ok: false,
      diagnostics: aliasKeys.map(({ message, offset }) => ({
        severity: "error" as const,
        code: "YAML002",
        path: "",
        message,
        hint: "Each key may appear once in a mapping, as plain text; write the key out instead of the alias.",
        file,
        position: toPos(offset),
      })),
    };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(
      file,
      start,
      "YAML004",
      `the document cannot be expanded: ${message}`,
      "Remove the YAML aliases (*name): a spec does not need them.",
    );
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return fail(
      file,
      start,
      "YAML005",
      "the document must be a mapping (key: value pairs)",
      "Start from one of the files in examples/.",
    );
  }

  // Walks the real nodes: each segment is looked up in the node the previous one led to, so a key
  // that shares its name with an ancestor is found where it is, not where the ancestor is.
  const positionOf = (
    path: readonly (string | number)[],
    which: "key" | "value" = "value",
  ): SourcePosition => {
    let node: unknown = resolveAlias(document, document.contents);
    let best: SourcePosition = startOf(node) ?? start;
    for (const [index, segment] of path.entries()) {
      const last = index === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (!pair) return best;
        best = startOf(pair.key) ?? best;
        if (last && which === "key") return best;
        node = resolveAlias(document, pair.value);
      } else if (isSeq(node) && typeof segment === "number") {
        node = resolveAlias(document, node.items[segment]);
      } else {
        return best;
      }
      best = startOf(node) ?? best;
    }
    return best;
  };
  function startOf(node: unknown): SourcePosition | undefined {
    const range = (node as Node | null | undefined)?.range;
    return range ? toPos(range[0]) : undefined;
  }

  return { ok: true, spec: { file, source, document, data, positionOf } };
}

/** The tags of the YAML 1.2 core schema: anything else (!Ref, !!binary, !!set) would be dropped or turned into something a spec never holds. */
const CORE_TAGS = new Set(
  ["str", "int", "float", "bool", "null", "map", "seq"].map((t) => `tag:yaml.org,2002:${t}`),
);

/** Every node with an explicit tag outside the core schema, at the tag's own offset. */
function unsupportedTags(
  document: Document.Parsed,
  source: string,
): { tag: string; offset: number }[] {
  const found: { tag: string; offset: number }[] = [];
  // Unresolved tags (!Ref) carry the tag's position; resolved ones are found on their nodes.
  for (const w of document.warnings)
    if (w.code === "TAG_RESOLVE_FAILED")
      found.push({ tag: w.message.replace(/^Unresolved tag: /, ""), offset: w.pos[0] });
  const unresolved = new Set(found.map((f) => f.tag));
  visit(document, {
    Node(_, node) {
      // "!" is YAML's non-specific tag: it only says "a string", which is fine.
      if (
        !node.tag ||
        node.tag === "!" ||
        CORE_TAGS.has(node.tag) ||
        unresolved.has(node.tag) ||
        !node.range
      )
        return;
      // The node's range starts after its properties; the tag is the last `!…` token before it.
      const before = source.slice(0, node.range[0]);
      const match = /(!\S*)\s+(?:&\S+\s+)?$/.exec(before);
      found.push({ tag: match?.[1] ?? node.tag, offset: match ? match.index : node.range[0] });
    },
  });
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Offsets of unquoted `<<` keys. YAML 1.1's merge key is not part of YAML 1.2, which reads it as
 * an ordinary key; left alone, a later check would call the field it sits in "a free-form object"
 * or name a field "<<". One clear error at the key instead.
 */
function mergeKeys(document: Document.Parsed): number[] {
  const found: number[] = [];
  visit(document, {
    Pair(_, pair) {
      const key = pair.key;
      if (isScalar(key) && key.value === "<<" && key.type === "PLAIN" && key.range)
        found.push(key.range[0]);
    },
  });
  return found;
}

/**
 * Keys written as aliases (`*name : value`): the yaml package's duplicate check compares key nodes,
 * and an alias is not the scalar it stands for, so a key repeated through one would silently
 * replace the first. Each such key is resolved and compared with the mapping's other keys; an
 * alias of a list or a mapping is no key at all.
 */
function aliasKeyProblems(document: Document.Parsed): { message: string; offset: number }[] {
  const problems: { message: string; offset: number }[] = [];
  visit(document, {
    Map(_, map) {
      if (!map.items.some((pair) => isAlias(pair.key))) return;
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = resolveAlias(document, pair.key);
        const offset =
          (isAlias(pair.key) || isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? 0;
        if (!isScalar(key)) {
          problems.push({ message: "a key is an alias of a list or mapping, not text", offset });
          continue;
        }
        const text = String(key.value);
        if (seen.has(text))
          problems.push({
            message: `the key ${JSON.stringify(text)} appears twice in this mapping`,
            offset,
          });
        seen.add(text);
      }
    },
  });
  return problems;
}

/** An alias stands for the node its anchor names; positions point into that node. */
function resolveAlias(document: Document.Parsed, node: unknown): unknown {
  return isAlias(node) ? node.resolve(document) : node;
}

function fail(
  file: string,
  position: SourcePosition,
  code: string,
  message: string,
  hint: string,
): ParseResult {
  return {
    ok: false,
    diagnostics: [{ severity: "error", code, path: "", message, hint, file, position }],
  };
}
