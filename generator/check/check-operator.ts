// Timing settings are Go-style durations, parsed by the generator (not the runtime) so that a
// typo fails generation instead of crash-looping the deployed operator.

import type { CheckContext } from "./context.ts";
import { parseDuration } from "./durations.ts";
import { obj, str } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export function checkOperator({ data, report }: CheckContext): void {
  const operator = obj(data.operator);
  const backoff = obj(operator.backoff);
  const duration = (path: Path, value: unknown): number | undefined => {
    const text = str(value);
    if (text === undefined) return undefined;
    const seconds = parseDuration(text);
    if (seconds === undefined || seconds <= 0) {
      report.error(
        "SEM054",
        path,
        `"${text}" is not a positive duration`,
        "Use a Go-style duration such as 30s, 10m or 1h30m.",
      );
      return undefined;
    }
    return seconds;
  };
  duration(["operator", "resyncPeriod"], operator.resyncPeriod);
  const initial = duration(["operator", "backoff", "initial"], backoff.initial);
  const max = duration(["operator", "backoff", "max"], backoff.max);
  if (initial !== undefined && max !== undefined && initial > max) {
    report.error(
      "SEM055",
      ["operator", "backoff", "initial"],
      `backoff initial ${str(backoff.initial)} is longer than max ${str(backoff.max)}`,
      "The first retry delay must not exceed the upper bound.",
    );
  }
}
