// A property name is not always a CEL identifier: the API server escapes reserved words and a few
// punctuation characters (k8s.io/apiserver pkg/cel/escaping.go), and drops names it cannot escape.
// Rules must use the escaped name, so the type checker declares fields under it.

const RESERVED: ReadonlySet<string> = new Set([
  "true",
  "false",
  "null",
  "in",
  "as",
  "break",
  "const",
  "continue",
  "else",
  "for",
  "function",
  "if",
  "import",
  "let",
  "loop",
  "package",
  "namespace",
  "return",
  "var",
  "void",
  "while",
]);

const PUNCTUATION: Readonly<Record<string, string>> = {
  __: "__underscores__",
  ".": "__dot__",
  "-": "__dash__",
  "/": "__slash__",
};

/** The name a rule uses for the property, or undefined when CEL cannot see it at all. */
export function escapeCelFieldName(name: string): string | undefined {
  if (name === "" || /^[0-9]/.test(name)) return undefined;
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[A-Za-z0-9_./-]*$/.test(name)) return undefined;
  return name.replace(/__|[-./]/g, (s) => PUNCTUATION[s]!);
}
