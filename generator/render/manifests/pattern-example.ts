// A string matching a simple regular expression, for sample values of fields with a `pattern`.
// Handles the subset field patterns are written in: literals, escapes, character classes,
// groups with alternation, and quantifiers. Anything else yields undefined, and every result is
// still checked against the real pattern by the caller.

interface Cursor {
  source: string;
  at: number;
  /** Repetitions for optional parts: 0 for the shortest match, 1 to include them once. */
  extra: number;
}

/** Shortest-ish (extra 0) or fuller (extra 1) string matching `pattern`, or undefined. */
export function stringForPattern(pattern: string, extra = 0): string | undefined {
  try {
    const cursor: Cursor = { source: pattern, at: 0, extra };
    const result = alternation(cursor);
    return cursor.at === pattern.length ? result : undefined;
  } catch {
    return undefined;
  }
}

function alternation(c: Cursor): string {
  const first = sequence(c);
  while (c.source[c.at] === "|") {
    c.at++;
    sequence(c); // parsed to move past it; the first alternative is the example
  }
  return first;
}

function sequence(c: Cursor): string {
  let out = "";
  while (c.at < c.source.length && c.source[c.at] !== "|" && c.source[c.at] !== ")") {
    const ch = c.source[c.at]!;
    if (ch === "^" || ch === "$") {
      c.at++;
      continue;
    }
    const atom = atomAt(c);
    out += atom.repeat(quantifier(c));
  }
  return out;
}

function atomAt(c: Cursor): string {
  const ch = c.source[c.at++]!;
  if (ch === "(") {
    if (c.source.startsWith("?:", c.at)) c.at += 2;
    else if (c.source[c.at] === "?") throw new Error("lookaround");
    const inner = alternation(c);
    if (c.source[c.at++] !== ")") throw new Error("unclosed group");
    return inner;
  }
  if (ch === "[") return classAt(c);
  if (ch === "\\") return escapeAt(c.source[c.at++]);
  if (ch === ".") return "a";
  if ("*+?{".includes(ch)) throw new Error("dangling quantifier");
  return ch;
}

function escapeAt(ch: string | undefined): string {
  if (ch === undefined) throw new Error("trailing backslash");
  if (ch === "d") return "1";
  if (ch === "w") return "a";
  if (ch === "s") return " ";
  if (/[A-Za-z]/.test(ch)) throw new Error(`unsupported escape \\${ch}`);
  return ch;
}

function classAt(c: Cursor): string {
  if (c.source[c.at] === "^") throw new Error("negated class");
  let first: string | undefined;
  while (c.at < c.source.length && (c.source[c.at] !== "]" || first === undefined)) {
    const ch = c.source[c.at++]!;
    const value = ch === "\\" ? escapeAt(c.source[c.at++]) : ch;
    if (first === undefined) first = value;
    if (c.source[c.at] === "-" && c.source[c.at + 1] !== "]") c.at += 2;
  }
  if (c.source[c.at++] !== "]" || first === undefined) throw new Error("unclosed class");
  return first;
}

function quantifier(c: Cursor): number {
  const ch = c.source[c.at];
  let count = 1;
  if (ch === "?") {
    c.at++;
    count = Math.min(c.extra, 1);
  } else if (ch === "*") {
    c.at++;
    count = c.extra;
  } else if (ch === "+") {
    c.at++;
    count = 1 + c.extra;
  } else if (ch === "{") {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(c.source.slice(c.at));
    if (!match) throw new Error("bad repetition");
    c.at += match[0].length;
    const min = Number(match[1]);
    const max = match[3] ? Number(match[3]) : match[2] ? Infinity : min;
    count = Math.min(min + c.extra, max);
  }
  if (c.source[c.at] === "?") c.at++; // lazy modifier
  return count;
}
