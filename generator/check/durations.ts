// Go-style durations (time.ParseDuration), the notation Kubernetes users already know from
// controller flags and manifests: 30s, 10m, 1h30m, 1.5h, 500ms.

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Seconds, or undefined when the text is not a duration. Negative durations are rejected: none of ours can be. */
export function parseDuration(text: string): number | undefined {
  if (text === "0") return 0;
  if (text.length === 0) return undefined;
  let seconds = 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  while (part.lastIndex < text.length) {
    const match = part.exec(text);
    if (!match) return undefined;
    seconds += Number(match[1]) * (UNIT_SECONDS[match[2]!] ?? Number.NaN);
  }
  return Number.isFinite(seconds) ? seconds : undefined;
}
