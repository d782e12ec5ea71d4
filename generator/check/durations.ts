// Go-style durations (time.ParseDuration), the notation Kubernetes users already know from
// controller flags and manifests: 30s, 10m, 1h30m, 1.5h, 500ms. Parsed exactly, in integer
// nanoseconds, because the generated operator needs whole milliseconds and floating point turns
// 1.1s into 1100.0000000000002 ms.

const UNIT_NANOS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const NANOS_PER_MS = 1_000_000n;

/** What the operator uses when the spec leaves a duration out (model and check agree on these). */
export const DEFAULT_DURATIONS = {
  resyncPeriod: "10m",
  backoffInitial: "1s",
  backoffMax: "5m",
  deletionStuckAfter: "15m",
} as const;

/**
 * The longest delay a Node.js timer honours (2^31-1 ms, about 24.8 days). setTimeout and
 * setInterval replace anything longer with 1 ms, which turns a long resync into a hot loop.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Nanoseconds, or undefined when the text is not a duration. Negative durations are rejected: none of ours can be. */
export function parseDurationNanos(text: string): bigint | undefined {
  if (text === "0") return 0n;
  if (text.length === 0) return undefined;
  let nanos = 0n;
  const part = /(\d*)(?:\.(\d*))?(ns|us|µs|ms|s|m|h)/y;
  while (part.lastIndex < text.length) {
    const match = part.exec(text);
    if (!match) return undefined;
    const [, whole = "", fraction = "", unitName] = match;
    if (whole === "" && fraction === "") return undefined;
    const unit = UNIT_NANOS[unitName!]!;
    nanos += BigInt(whole || "0") * unit;
    // Like Go, digits finer than a nanosecond are dropped.
    if (fraction !== "") nanos += (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length);
  }
  return nanos;
}

/** Milliseconds (possibly fractional), or undefined when the text is not a duration. */
export function parseDurationMs(text: string): number | undefined {
  const nanos = parseDurationNanos(text);
  if (nanos === undefined) return undefined;
  return Number(nanos / NANOS_PER_MS) + Number(nanos % NANOS_PER_MS) / 1e6;
}

/** Seconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const ms = parseDurationMs(text);
  return ms === undefined ? undefined : ms / 1000;
}

export function isWholeMilliseconds(nanos: bigint): boolean {
  return nanos % NANOS_PER_MS === 0n;
}

/** 2147483647 → 596h31m23.647s: Go's own format, so limits read in the spec's notation. */
export function formatDurationMs(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  return `${hours > 0 ? `${hours}h` : ""}${hours > 0 || minutes > 0 ? `${minutes}m` : ""}${seconds}s`;
}
