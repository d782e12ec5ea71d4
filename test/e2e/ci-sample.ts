// The long sweeps of the end-to-end suite (the fault scenarios of every example, many random specs)
// run as a fixed-seed sample in `npm test`, and whole behind `npm run test:e2e:full` (E2E_FULL=1):
// CI's time is bounded, every generated project's own suite still runs in CI, and a fixed seed
// makes a failing sample reproduce. E2E_SAMPLE_SEED picks another sample.

import { seededRandom } from "../property/fuzz/inputs.ts";

export const E2E_FULL = process.env.E2E_FULL === "1";
export const E2E_SAMPLE_SEED = Number(process.env.E2E_SAMPLE_SEED ?? 20261204);

/**
 * `count` of `items` chosen by the seed (a partial Fisher-Yates shuffle), in their original order;
 * all of them under E2E_FULL=1 or when there are no more than `count`.
 */
export function ciSample<T>(
  items: readonly T[],
  count: number,
  { seed = E2E_SAMPLE_SEED, full = E2E_FULL }: { seed?: number; full?: boolean } = {},
): T[] {
  if (full || count >= items.length) return [...items];
  const random = seededRandom(seed);
  const order = items.map((_, index) => index);
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (order.length - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const chosen = new Set(order.slice(0, count));
  return items.filter((_, index) => chosen.has(index));
}

/** One line in the test output naming what a sampled sweep runs and what it leaves to the full run. */
export function describeSample(
  what: string,
  all: readonly string[],
  chosen: readonly string[],
): string {
  if (chosen.length === all.length) return `# ${what}: all ${all.length}\n`;
  const left = all.filter((name) => !chosen.includes(name));
  return (
    `# ${what}: ${chosen.join(", ")} (seed ${E2E_SAMPLE_SEED}); ${left.join(", ")} ` +
    `run in \`npm run test:e2e:full\`\n`
  );
}
