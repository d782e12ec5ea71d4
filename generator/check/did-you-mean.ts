// Typos are the most common spec error; naming the intended word beats listing every option.

import { distance } from "fastest-levenshtein";

/** The closest candidate, if it is close enough to be a plausible typo of `word`. */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = candidate.toLowerCase() === word.toLowerCase() ? 0 : distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const tolerance = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestDistance <= tolerance && bestDistance < word.length
    ? best
    : undefined;
}

/** `did you mean "x"?`, or the fallback when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>, fallback: string): string {
  const match = closestMatch(word, candidates);
  return match === undefined ? fallback : `did you mean "${match}"?`;
}
