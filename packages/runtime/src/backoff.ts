// Exponential backoff with full jitter: failing objects spread their retries out instead of
// hammering the API server (or a cloud API) in lock step.

export interface BackoffSettings {
  initialMs: number;
  maxMs: number;
}

/**
 * Delay before retry number `failures` (1 for the first failure). The ceiling doubles per failure
 * up to `maxMs`; the delay is drawn uniformly below it (full jitter) but never under `initialMs`,
 * so a run of unlucky draws cannot turn into a hot loop.
 */
export function backoffDelay(
  failures: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const ceiling = Math.min(settings.maxMs, settings.initialMs * 2 ** exponent);
  const jittered = Math.floor(random() * ceiling);
  return Math.min(settings.maxMs, Math.max(settings.initialMs, jittered));
}
