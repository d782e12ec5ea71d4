// Timing settings are Go-style durations, parsed by the generator (not the runtime) so that a
// typo fails generation instead of crash-looping the deployed operator. They end up as Node.js
// timer delays, so they are bounded the way timers are: whole milliseconds, at most 2^31-1 ms.

import type { CheckContext } from "./context.ts";
import {
  DEFAULT_DURATIONS,
  formatDurationMs,
  isWholeMilliseconds,
  MAX_TIMER_MS,
  parseDurationNanos,
} from "./durations.ts";
import { obj, str } from "./raw-spec.ts";
import type { Path } from "./report.ts";

/** What operator.concurrency and operator.leaderElection are when operator.yaml leaves them out. */
export const DEFAULT_CONCURRENCY = 2;
export const DEFAULT_LEADER_ELECTION = true;

/** A resync relists every watched object; more often than once a second is a hot loop. */
const MIN_RESYNC_MS = 1000;

export function checkOperator({ data, report }: CheckContext): void {
  const operator = obj(data.operator);
  const backoff = obj(operator.backoff);
  const duration = (path: Path, value: unknown, minMs = 1): bigint | undefined => {
    const text = str(value);
    if (text === undefined) return undefined;
    const nanos = parseDurationNanos(text);
    if (nanos === undefined || nanos <= 0n) {
      report.error(
        "SEM054",
        path,
        `"${text}" is not a positive duration`,
        "Use a Go-style duration such as 30s, 10m or 1h30m.",
      );
      return undefined;
    }
    if (!isWholeMilliseconds(nanos)) {
      report.error(
        "SEM150",
        path,
        `"${text}" is not a whole number of milliseconds`,
        "The operator's timers count whole milliseconds; write e.g. 1ms, 250ms or 1.5s.",
      );
      return undefined;
    }
    if (nanos > BigInt(MAX_TIMER_MS) * 1_000_000n) {
      report.error(
        "SEM149",
        path,
        `"${text}" is longer than ${formatDurationMs(MAX_TIMER_MS)}`,
        `Node.js timers cannot wait longer than ${MAX_TIMER_MS} ms (they fire after 1 ms instead); choose a shorter duration.`,
      );
      return undefined;
    }
    if (nanos < BigInt(minMs) * 1_000_000n) {
      report.error(
        "SEM149",
        path,
        `"${text}" is shorter than ${formatDurationMs(minMs)}`,
        `Every resync lists and reconciles every object again; use ${formatDurationMs(minMs)} or more (10m is usual).`,
      );
      return undefined;
    }
    return nanos;
  };
  duration(["operator", "resyncPeriod"], operator.resyncPeriod, MIN_RESYNC_MS);
  duration(["operator", "deletionStuckAfter"], operator.deletionStuckAfter);
  const initial = duration(["operator", "backoff", "initial"], backoff.initial);
  const max = duration(["operator", "backoff", "max"], backoff.max);
  // A value left out takes its default, which the given one must still fit (initial: 10m alone
  // exceeds the default max of 5m, and the generated operator refuses to start).
  const given = (value: unknown) => str(value) !== undefined;
  if (!given(backoff.initial) && !given(backoff.max)) return;
  const initialText = str(backoff.initial) ?? DEFAULT_DURATIONS.backoffInitial;
  const maxText = str(backoff.max) ?? DEFAULT_DURATIONS.backoffMax;
  const initialNanos = given(backoff.initial) ? initial : parseDurationNanos(initialText);
  const maxNanos = given(backoff.max) ? max : parseDurationNanos(maxText);
  if (initialNanos !== undefined && maxNanos !== undefined && initialNanos > maxNanos) {
    report.error(
      "SEM055",
      ["operator", "backoff", given(backoff.initial) ? "initial" : "max"],
      `backoff initial ${initialText}${given(backoff.initial) ? "" : " (the default)"} is longer than max ${maxText}${given(backoff.max) ? "" : " (the default)"}`,
      "The first retry delay must not exceed the upper bound.",
    );
  }
}
