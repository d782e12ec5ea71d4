// The JSONPath subset printer columns use. The API server only checks that a column's path
// starts with "."; it parses it with client-go's jsonpath on every `kubectl get`, where a path
// that does not parse or finds nothing prints an empty column. This parser accepts the paths
// that can be checked against the schema: fields (.a, .a\.b/c, ['a.b/c']), indices ([0], [*]) and filters
// comparing a member with a literal ([?(@.type=="Ready")]). Recursive descent (..), unions and
// slices are refused: no column needs them, and they cannot be checked.

export type PathSegment =
  | { kind: "field"; name: string }
  | { kind: "index"; wildcard: boolean }
  | {
      kind: "filter";
      member: readonly string[];
      op?: string;
      value?: string | number | boolean;
    };

export type ParsedPath = { ok: true; segments: PathSegment[] } | { ok: false; reason: string };

const FILTER =
  /^\?\(@((?:\.[A-Za-z_][A-Za-z0-9_-]*)+)\s*(?:(==|!=|<=|>=|<|>)\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|true|false))?\s*\)$/;

/** Parses a path that starts with "."; positions in reasons are 1-based characters. */
export function parseJsonPath(path: string): ParsedPath {
  const segments: PathSegment[] = [];
  const fail = (reason: string): ParsedPath => ({ ok: false, reason });
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === ".") {
      if (i + 1 >= path.length) return fail(`it ends with "." at character ${i + 1}`);
      const key = dottedKey(path, i + 1);
      if (typeof key === "string") return fail(key);
      segments.push({ kind: "field", name: key.name });
      i = key.end;
    } else if (c === "[") {
      const close = closingBracket(path, i);
      if (close < 0) return fail(`unclosed [ at character ${i + 1}`);
      const content = path.slice(i + 1, close);
      const segment = bracketSegment(content);
      if (!segment)
        return fail(
          content.startsWith("?")
            ? `the filter [${content}] at character ${i + 1} is not @.field, an operator (==, !=, <, >, <=, >=) and a literal`
            : `[${content}] at character ${i + 1} is not an index, [*], a quoted key or a filter`,
        );
      segments.push(segment);
      i = close + 1;
    } else {
      return fail(`unexpected ${JSON.stringify(c)} at character ${i + 1}`);
    }
  }
  return { ok: true, segments };
}

/**
 * A dotted key as client-go's jsonpath reads it (parser.go parseField): up to the next unescaped
 * terminator, a backslash taking the character after it literally, so
 * .metadata.labels.example\.com/cluster is the label example.com/cluster, as kubectl reads it.
 */
function dottedKey(path: string, start: number): { name: string; end: number } | string {
  let name = "";
  let i = start;
  for (; i < path.length && !KEY_TERMINATORS.has(path[i]!); i++) {
    if (path[i] !== "\\") {
      name += path[i];
      continue;
    }
    if (i + 1 >= path.length) return `a "\\" at character ${i + 1} escapes nothing`;
    name += path[++i];
  }
  if (name === "" || name === "*") {
    const found = path[start];
    return found === undefined
      ? `it ends with "." at character ${start}`
      : `unexpected ${JSON.stringify(found)} at character ${start + 1}`;
  }
  return { name, end: i };
}

/** What ends a dotted key in client-go's jsonpath (parser.go isTerminator). */
const KEY_TERMINATORS = new Set([" ", ".", ",", "[", "]", "$", "@", "{", "}"]);

/** Index of the "]" closing the "[" at `open`, skipping quoted text; -1 when there is none. */
function closingBracket(path: string, open: number): number {
  let quote: string | undefined;
  for (let j = open + 1; j < path.length; j++) {
    const c = path[j];
    if (quote) {
      if (c === "\\") j++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "]") return j;
  }
  return -1;
}

function bracketSegment(content: string): PathSegment | undefined {
  if (content === "*") return { kind: "index", wildcard: true };
  if (/^-?\d+$/.test(content)) return { kind: "index", wildcard: false };
  const quoted = /^'((?:[^'\\]|\\.)*)'$|^"((?:[^"\\]|\\.)*)"$/.exec(content);
  if (quoted) return { kind: "field", name: unescape(quoted[1] ?? quoted[2] ?? "") };
  const filter = FILTER.exec(content);
  if (!filter) return undefined;
  const member = filter[1]!.slice(1).split(".");
  if (filter[2] === undefined) return { kind: "filter", member };
  return { kind: "filter", member, op: filter[2], value: literal(filter[3]!) };
}

function literal(text: string): string | number | boolean {
  if (text === "true" || text === "false") return text === "true";
  if (text.startsWith('"') || text.startsWith("'")) return unescape(text.slice(1, -1));
  return Number(text);
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, "$1");
}
