// Diagnostics are the generator's only way of talking about bad input. Every stage that can
// reject input produces these; the CLI prints them as `file:line:col severity CODE path: message`.

export type Severity = "error" | "warning";

/** A 1-based line and column, the way editors and compilers report them. */
export interface SourcePosition {
  line: number;
  col: number;
}

export interface Diagnostic {
  severity: Severity;
  /** Stable identifier, e.g. SPEC012. Documented in docs/diagnostics.md. */
  code: string;
  /** Dotted path into the spec document, e.g. `spec.fields.size.default`. */
  path: string;
  message: string;
  /** One line that tells the user what to do about it. */
  hint?: string;
  file: string;
  position: SourcePosition;
}

/** Errors and warnings in reading order, so the first thing printed is the first thing to fix. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.position.line - b.position.line ||
      a.position.col - b.position.col ||
      a.code.localeCompare(b.code) ||
      a.path.localeCompare(b.path),
  );
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.file}:${d.position.line}:${d.position.col} ${d.severity} ${d.code} ${oneLine(d.path) || "(root)"}: ${oneLine(d.message)}`;
  return d.hint ? `${head}\n  hint: ${oneLine(d.hint)}` : head;
}

/**
 * Messages quote user values (patterns, defaults, keys), which may hold line breaks or other
 * control characters; escaped, one diagnostic stays one line for people and for tools.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * Thrown when input is rejected. Carries every diagnostic found, so the CLI can print them all
 * at once instead of one per run.
 */
export class InputError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(`${diagnostics.filter((d) => d.severity === "error").length} error(s) in the input`);
    this.name = "InputError";
    this.diagnostics = sortDiagnostics(diagnostics);
  }
}
