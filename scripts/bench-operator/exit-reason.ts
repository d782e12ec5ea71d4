// Why an operator process ended, read from its log, so the bench's error says it rather than only
// "exited with code 1": a designed exit (ours logs "lost leadership, exiting" at level error,
// as controller-runtime exits when its lease is lost), a crash the runtime logged
// (crash-on-unhandled.ts), or Node's own last words (a stack on stderr, after the last JSON line).

/** The reason, or undefined when the log says nothing about one. */
export function exitReason(log: string): string | undefined {
  const lines = log.split("\n").map((line) => line.trim());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  let lastJson = lines.length - 1;
  while (lastJson >= 0 && !lines[lastJson]!.startsWith("{")) lastJson--;
  const after = lines.slice(lastJson + 1).filter((line) => line !== "");
  if (after.length > 0) return after.slice(0, 8).join(" | ");
  for (let i = lastJson; i >= 0; i--) {
    const entry = parse(lines[i]!);
    if (entry?.level !== "error") continue;
    const err = entry.err as { message?: unknown } | string | undefined;
    const detail = typeof err === "string" ? err : err?.message;
    return detail === undefined ? String(entry.msg) : `${String(entry.msg)}: ${String(detail)}`;
  }
  return undefined;
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
