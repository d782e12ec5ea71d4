// What one `npm run test:faults` run of a generated project said, read from the output of Node's
// spec reporter (the default, also when piped): the summary counts and every failing test with
// where it is and the first lines of its error. `node --test` ignores reporter flags given after
// the file patterns, which `npm run test:faults -- ...` would append, so the text is parsed.

export interface FailedTest {
  name: string;
  /** "test/faults/x.test.ts:12:3", from the reporter's "test at" line, when it gave one. */
  location: string | undefined;
  /** The first lines of the error, as the reporter printed them (indentation removed). */
  error: string;
}

export interface RunSummary {
  tests: number;
  pass: number;
  fail: number;
  cancelled: number;
  skipped: number;
  todo: number;
  durationMs: number | undefined;
  failures: FailedTest[];
}

const ERROR_LINES = 6;

export function parseSpecOutput(output: string): RunSummary {
  const count = (label: string) =>
    Number(new RegExp(`^ℹ ${label} (\\d+)$`, "m").exec(output)?.[1] ?? 0);
  const duration = /^ℹ duration_ms ([\d.]+)$/m.exec(output)?.[1];
  return {
    tests: count("tests"),
    pass: count("pass"),
    fail: count("fail"),
    cancelled: count("cancelled"),
    skipped: count("skipped"),
    todo: count("todo"),
    durationMs: duration === undefined ? undefined : Math.round(Number(duration)),
    failures: failures(output),
  };
}

/** The "✖ failing tests:" section the spec reporter ends with: one block per failed test. */
function failures(output: string): FailedTest[] {
  const start = output.indexOf("\n✖ failing tests:\n");
  if (start === -1) return [];
  const result: FailedTest[] = [];
  let location: string | undefined;
  let current: FailedTest | undefined;
  let errorLines: string[] = [];
  const finish = () => {
    if (current) result.push({ ...current, error: errorLines.slice(0, ERROR_LINES).join("\n") });
    current = undefined;
    errorLines = [];
  };
  for (const line of output.slice(start).split("\n").slice(2)) {
    const at = /^test at (.+)$/.exec(line);
    const failed = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line);
    if (at) {
      finish();
      location = at[1];
    } else if (failed) {
      finish();
      current = { name: failed[1]!, location, error: "" };
      location = undefined;
    } else if (current && line.startsWith("  ") && line.trim() !== "") {
      const text = line.trim();
      // Stack frames say less than the message and the assertion's diff: leave them out.
      if (!text.startsWith("at ")) errorLines.push(text);
    }
  }
  finish();
  return result;
}

/** A run passed when the command exited 0 and the reporter counted no failed or cancelled test. */
export function runPassed(exitCode: number | null, summary: RunSummary): boolean {
  return exitCode === 0 && summary.fail === 0 && summary.cancelled === 0 && summary.tests > 0;
}
