// Points inside a string value: a CEL error at character 16 of a rule should be reported at the
// column of that character in the YAML file, not at the start of the value. Exact for plain,
// quoted and literal block scalars; folded and multi-line flow scalars fold lines, so for them the
// start of the value is the honest answer.

import { isScalar, Scalar } from "yaml";
import type { SourcePosition } from "../base/diagnostics.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import type { Path } from "./report.ts";

export function positionInScalar(
  parsed: ParsedSpec,
  path: Path,
  offset: number,
): SourcePosition | undefined {
  const node = parsed.document.getIn(path, true);
  if (!isScalar(node) || typeof node.value !== "string" || !node.range) return undefined;
  const start = node.range[0];
  const raw = parsed.source.slice(start, node.range[1]);
  const at = sourceOffset(node.type, raw, node.value, offset);
  return at === undefined ? undefined : positionAt(parsed.source, start + at);
}

function sourceOffset(
  type: Scalar["type"],
  raw: string,
  value: string,
  offset: number,
): number | undefined {
  switch (type) {
    case Scalar.PLAIN:
      return raw.includes("\n") ? undefined : Math.min(offset, raw.length);
    case Scalar.QUOTE_SINGLE:
    case Scalar.QUOTE_DOUBLE: {
      if (raw.includes("\n")) return undefined;
      // Walk the source, counting one value character per escape sequence.
      let i = 1;
      for (let seen = 0; seen < offset && i < raw.length - 1; seen++) {
        if (type === Scalar.QUOTE_SINGLE && raw.startsWith("''", i)) i += 2;
        else if (type === Scalar.QUOTE_DOUBLE && raw[i] === "\\") i += escapeLength(raw, i);
        else i++;
      }
      return i;
    }
    case Scalar.BLOCK_LITERAL: {
      const before = value.slice(0, offset).split("\n");
      const lines = raw.split("\n");
      const body = lines.slice(1);
      const indent = Math.min(
        ...body.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length),
      );
      const line = before.length - 1;
      if (line >= body.length) return undefined;
      const lineStart = lines.slice(0, line + 1).reduce((sum, l) => sum + l.length + 1, 0);
      return lineStart + indent + before[line]!.length;
    }
    default:
      return undefined;
  }
}

function escapeLength(raw: string, i: number): number {
  const next = raw[i + 1];
  if (next === "x") return 4;
  if (next === "u") return 6;
  if (next === "U") return 10;
  return 2;
}

function positionAt(source: string, offset: number): SourcePosition {
  const before = source.slice(0, offset).split("\n");
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}
