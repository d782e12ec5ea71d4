// Prints JSON text the way prettier 3 prints it (parser "json", printWidth 100, tabWidth 2), so
// the generated JSON files need no prettier at `new`: loading prettier's parsers and printers costs
// more than the rest of a cold `new`. The rules are prettier's own for JSON:
// - an object breaks onto one line per key when the source has a line break after its `{`, or
//   when it does not fit on the line; else it prints as `{ "a": 1, "b": 2 }`;
// - an array breaks when it does not fit, or when it has several elements that are all arrays (or
//   all objects) with several entries each; else `[1, 2]`;
// - an array of two or more numbers breaks by filling lines (as many numbers per line as fit);
// - strings, numbers and literals print as written; a key is never followed by a line break.
// Widths are prettier's display widths: one column per character for ASCII and for the few
// narrow characters listed in NARROW (the "…" and "→" contract case names use); text with any
// other character is not laid out here (layoutJson returns undefined and the caller runs prettier).
// test/property/prettier-clean.property.test.ts compares this with prettier on random JSON values.

const PRINT_WIDTH = 100;
const INDENT = "  ";

type Node =
  | { type: "object"; entries: [string, Node][]; breakInSource: boolean }
  | { type: "array"; items: Node[] }
  | { type: "scalar"; raw: string; number: boolean };

/**
 * Printable ASCII, and characters outside it that prettier counts as one column (neither East
 * Asian wide nor emoji nor combining): Latin-1 letters and signs without © and ®, the dashes,
 * quotes, bullets and ellipsis of General Punctuation, and the four simple arrows.
 */
const NARROW =
  /^[\x20-\x7e\n\r\t\u00a0-\u00a8\u00aa-\u00ad\u00af-\u00ff\u2010-\u2027\u2190-\u2193]*$/;

/** `text` laid out as prettier would, ending in a newline; undefined for other characters (see NARROW). */
export function layoutJson(text: string, options: { breakAll?: boolean } = {}): string | undefined {
  if (!NARROW.test(text)) return undefined;
  const parser = new Parser(text);
  const root = parser.value();
  parser.end();
  // prettier's "json-stringify" parser (package.json) breaks every non-empty object and array.
  return (options.breakAll ? printBroken(root, 0) : print(root, 0, 0)) + "\n";
}

function printBroken(node: Node, depth: number): string {
  if (node.type === "scalar") return node.raw;
  const items = node.type === "array" ? node.items.map((i) => ["", i] as const) : node.entries;
  const [open, close] = node.type === "array" ? ["[", "]"] : ["{", "}"];
  if (items.length === 0) return open + close;
  const inner = INDENT.repeat(depth + 1);
  const lines = items.map(
    ([key, value]) => inner + (key ? `${key}: ` : "") + printBroken(value, depth + 1),
  );
  return `${open}\n${lines.join(",\n")}\n${INDENT.repeat(depth)}${close}`;
}

/** Width of `node` on one line, or Infinity when it must break (prettier's propagated hard breaks). */
function flatWidth(node: Node): number {
  if (node.type === "scalar") return node.raw.length;
  if (mustBreak(node)) return Infinity;
  if (node.type === "array") {
    if (node.items.length === 0) return 2;
    return node.items.reduce((sum, item) => sum + flatWidth(item), 0) + 2 * node.items.length;
  }
  if (node.entries.length === 0) return 2;
  // `{ ` + `"k": v` joined by `, ` + ` }`
  return (
    node.entries.reduce((sum, [key, value]) => sum + key.length + 2 + flatWidth(value), 0) +
    2 * (node.entries.length - 1) +
    4
  );
}

function mustBreak(node: Node): boolean {
  if (node.type === "scalar") return false;
  if (node.type === "object") {
    if (node.entries.length === 0) return false;
    return node.breakInSource || node.entries.some(([, value]) => mustBreak(value));
  }
  if (node.items.some(mustBreak)) return true;
  // prettier's array rule: several elements, all arrays or all objects, each with several entries.
  return (
    node.items.length > 1 &&
    node.items.every(
      (item) =>
        item.type !== "scalar" &&
        item.type === node.items[0]!.type &&
        (item.type === "array" ? item.items.length : item.entries.length) > 1,
    )
  );
}

function isConciseNumbers(node: Node & { type: "array" }): boolean {
  return node.items.length > 1 && node.items.every((i) => i.type === "scalar" && i.number);
}

/**
 * `node` printed starting at `column` with `depth` levels of indentation; `rest` is the width of
 * what follows it on the same line before the next line break (a comma, or nothing).
 */
function print(node: Node, depth: number, column: number, rest = 0): string {
  if (node.type === "scalar") return node.raw;
  const width = flatWidth(node);
  if (column + width + rest <= PRINT_WIDTH) return flat(node);
  const inner = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth) + (node.type === "array" ? "]" : "}");
  if (node.type === "array") {
    if (isConciseNumbers(node)) return `[\n${fill(node.items, inner)}\n${close}`;
    const lines = node.items.map((item, i) => {
      const comma = i < node.items.length - 1 ? 1 : 0;
      return inner + print(item, depth + 1, inner.length, comma) + (comma ? "," : "");
    });
    return `[\n${lines.join("\n")}\n${close}`;
  }
  const lines = node.entries.map(([key, value], i) => {
    const comma = i < node.entries.length - 1 ? 1 : 0;
    const prefix = `${inner}${key}: `;
    return prefix + print(value, depth + 1, prefix.length, comma) + (comma ? "," : "");
  });
  return `{\n${lines.join("\n")}\n${close}`;
}

function flat(node: Node): string {
  if (node.type === "scalar") return node.raw;
  if (node.type === "array") return `[${node.items.map(flat).join(", ")}]`;
  if (node.entries.length === 0) return "{}";
  return `{ ${node.entries.map(([key, value]) => `${key}: ${flat(value)}`).join(", ")} }`;
}

/** prettier's fill: a number joins the line when it and the one before it fit together. */
function fill(items: Node[], indent: string): string {
  const parts = items.map((item, i) => flat(item) + (i < items.length - 1 ? "," : ""));
  let out = indent + parts[0]!;
  let column = out.length;
  for (let i = 1; i < parts.length; i++) {
    // prettier measures the previous part and this one together from where the previous began.
    const previousStart = column - parts[i - 1]!.length;
    if (previousStart + parts[i - 1]!.length + 1 + parts[i]!.length <= PRINT_WIDTH) {
      out += " " + parts[i]!;
      column += 1 + parts[i]!.length;
    } else {
      out += "\n" + indent + parts[i]!;
      column = indent.length + parts[i]!.length;
    }
  }
  return out;
}

/** prettier's printNumber: lower case, no `+` or leading zeros in exponents, no trailing zeros. */
export function printNumber(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(\d)/, "$1$2$3")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");
}

/** A strict JSON reader that keeps what prettier keeps: raw scalars and where objects break. */
class Parser {
  private at = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  value(): Node {
    this.skip();
    const c = this.text[this.at];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return { type: "scalar", raw: this.string(), number: false };
    const match = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(
      this.text.slice(this.at),
    );
    if (!match) throw this.error("a value");
    this.at += match[0].length;
    const number = /^-?\d/.test(match[0]);
    return { type: "scalar", raw: number ? printNumber(match[0]) : match[0], number };
  }

  end(): void {
    this.skip();
    if (this.at !== this.text.length) throw this.error("the end of the text");
  }

  private object(): Node {
    const open = this.at++;
    const entries: [string, Node][] = [];
    this.skip();
    const breakInSource = this.text.slice(open + 1, this.at).includes("\n");
    if (this.text[this.at] === "}") {
      this.at++;
      return { type: "object", entries, breakInSource: false };
    }
    for (;;) {
      this.skip();
      if (this.text[this.at] !== '"') throw this.error("a key");
      const key = this.string();
      this.expect(":");
      entries.push([key, this.value()]);
      this.skip();
      if (this.text[this.at] === "}") break;
      this.expect(",");
    }
    this.at++;
    return { type: "object", entries, breakInSource };
  }

  private array(): Node {
    this.at++;
    const items: Node[] = [];
    this.skip();
    if (this.text[this.at] === "]") {
      this.at++;
      return { type: "array", items };
    }
    for (;;) {
      items.push(this.value());
      this.skip();
      if (this.text[this.at] === "]") break;
      this.expect(",");
    }
    this.at++;
    return { type: "array", items };
  }

  private string(): string {
    const match = /^"(?:[^"\\\n]|\\.)*"/.exec(this.text.slice(this.at));
    if (!match) throw this.error("a string");
    this.at += match[0].length;
    return match[0];
  }

  private expect(token: string): void {
    this.skip();
    if (this.text[this.at] !== token) throw this.error(`"${token}"`);
    this.at++;
  }

  private skip(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }

  private error(expected: string): Error {
    return new Error(`expected ${expected} at offset ${this.at}`);
  }
}
