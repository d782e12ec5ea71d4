// Pads the cells of Markdown tables the way prettier does (proseWrap "preserve"): every column as
// wide as its widest cell and at least 3, the delimiter row all dashes. Templates write tables
// unpadded (`| a | b |` and `|---|---|`), since cell widths depend on the spec; the rest of a
// laid-out Markdown template is already in prettier's layout. Column widths are string lengths,
// prettier's display widths for ASCII only: a table with other characters, or with alignment
// colons, is not handled here (alignTables returns undefined and the caller runs prettier).

/** `content` with every table padded, or undefined when a table is outside what is handled. */
export function alignTables(content: string): string | undefined {
  const lines = content.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    if (!lines[i]!.startsWith("|")) {
      out.push(lines[i++]!);
      continue;
    }
    const block: string[] = [];
    while (i < lines.length && lines[i]!.startsWith("|")) block.push(lines[i++]!);
    const aligned = alignTable(block);
    if (aligned === undefined) return undefined;
    out.push(...aligned);
  }
  return out.join("\n");
}

function alignTable(block: string[]): string[] | undefined {
  if (!block.every((line) => /^\|[\x20-\x7e]*\|$/.test(line))) return undefined;
  const rows = block.map(cells);
  const delimiter = rows[1];
  if (!delimiter || !delimiter.every((cell) => /^-{3,}$/.test(cell))) return undefined;
  const columns = rows[0]!.length;
  if (!rows.every((row) => row.length === columns)) return undefined;
  const widths = rows[0]!.map((_, c) =>
    Math.max(3, ...rows.filter((_, r) => r !== 1).map((row) => row[c]!.length)),
  );
  return rows.map((row, r) =>
    r === 1
      ? `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`
      : `| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`,
  );
}

/** The trimmed cells of `| a | b |`; a `|` after a backslash belongs to its cell. */
function cells(line: string): string[] {
  return line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}
