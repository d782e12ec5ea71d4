// What code that implements or calls a generated contract file depends on: its imports, its
// type declarations and the signatures of its exported functions, without comments or function
// bodies. `generate` says "the interfaces your code implements changed" only when this changed,
// not when a default inside a function body or a doc comment did.

const DECLARATION = /^(export\s+)?(declare\s+)?(import|interface|type|enum)\s/;
const EXPORTED_FUNCTION = /^export\s+(async\s+)?function\s/;
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/;

/** The declarations of a generated TypeScript file, one statement after another. */
export function declaredTypes(source: string): string {
  const kept: string[] = [];
  let open = false;
  let depth = 0;
  for (const line of source.split("\n")) {
    if (COMMENT_LINE.test(line)) continue;
    if (!open && EXPORTED_FUNCTION.test(line)) {
      kept.push(line.replace(/\{\s*$/, "").trimEnd()); // the signature, not the body
      continue;
    }
    if (!open && !DECLARATION.test(line)) continue;
    open = true;
    kept.push(line.trimEnd());
    depth += count(line, "{") - count(line, "}");
    // A statement ends where its braces close on a line that ends it: `}`, `};` or `...;`.
    if (depth <= 0 && /[;}]\s*$/.test(line)) {
      open = false;
      depth = 0;
    }
  }
  return kept.join("\n");
}

/** Whether code written against `before` may owe something to `after`. */
export function declarationsChanged(before: string, after: string): boolean {
  return declaredTypes(before) !== declaredTypes(after);
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
