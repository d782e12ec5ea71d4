// Node.js timers take a 32-bit delay: setTimeout and setInterval replace anything above
// 2^31-1 ms (about 24.8 days) with 1 ms, so a long resync or requeue becomes a hot loop. Every
// delay the runtime hands to a timer goes through timerDelay first.

/** The longest delay setTimeout and setInterval honour. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * A delay a timer will actually wait: whole milliseconds (rounded up, so a requeue is never
 * earlier than asked), at most MAX_TIMER_DELAY_MS (firing early after 24.8 days is harmless for a
 * level-triggered reconciler; firing after 1 ms is not), and 0 for negative or NaN input.
 */
export function timerDelay(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(MAX_TIMER_DELAY_MS, Math.ceil(ms));
}
