// Stage 1: text → YAML document with source positions. Nothing here knows what an operator is;
// it turns bytes into a document and a way to point at any path in it.

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
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
  const yamlErrors = [
    ...document.errors,
    ...document.warnings.filter((w) => w.code !== "TAG_RESOLVE_FAILED"),
  ];
  if (document.errors.length > 0) {
    return {
      ok: false,
      diagnostics: yamlErrors.map((e) => ({
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

  const positionOf = (
    path: readonly (string | number)[],
    which: "key" | "value" = "value",
  ): SourcePosition => {
    let node: unknown = document.contents;
    let best: SourcePosition =
      node && (node as Node).range ? toPos((node as Node).range![0]) : start;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isScalar(item.key) && String(item.key.value) === String(segment),
        );
        if (!pair) return best;
        const key = pair.key as Node;
        if (key.range) best = toPos(key.range[0]);
        node = pair.value;
        if (segment === path[path.length - 1] && which === "key") return best;
      } else if (isSeq(node) && typeof segment === "number") {
        node = node.items[segment];
      } else {
        return best;
      }
      const range = (node as Node | null)?.range;
      if (range) best = toPos(range[0]);
    }
    return best;
  };

  return { ok: true, spec: { file, source, document, data, positionOf } };
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
