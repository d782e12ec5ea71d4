// Strings that an RE2 pattern matches, or that it does not, within length bounds: sample values,
// contract test values, and the proof that a pattern no string satisfies (or every string does)
// before generation. The search runs on the pattern's compiled program (RE2's NFA: every class,
// case fold, repetition and anchor is already lowered to rune ranges and empty-width assertions
// there) with the API server's semantics (a match anywhere in the value), breadth first by string
// length over sets of NFA states, one rune per class of runes the program cannot tell apart, so
// the first strings found are the shortest and "none" is a proof. Its work is bounded: past the
// budget it answers "gave-up" rather than run long.
//
// re2js exposes no syntax tree, so this reads its compiled program (re2Input.prog), an internal
// of the exactly pinned re2js version; programOf() fails loudly if that shape ever changes, and
// every value found is confirmed with re2js's public matcher.

import { compileRe2, re2Matches } from "./re2-pattern.ts";
import {
  contextFlags,
  EMPTY_WIDTH,
  END,
  programOf,
  runeClasses,
  stepThreads,
  threadClosure,
  previousClass,
} from "./re2-program.ts";

export type SearchResult =
  { kind: "found"; values: string[] } | { kind: "none" } | { kind: "gave-up" };

export interface SearchOptions {
  minLength?: number;
  maxLength?: number;
  /** How many distinct values to collect before stopping. */
  wanted?: number;
  /** Only values this accepts are collected (e.g. a format check); "none" then means none it accepts. */
  accept?: (value: string) => boolean;
  /** Instruction visits before giving up. */
  budget?: number;
}

const DEFAULT_BUDGET = 1_000_000;
/** Nodes kept per string length; past it the search is no longer a proof that none exists. */
const BEAM = 64;
/** Below this distance to minLength the search walks each length, exactly. */
const PUMP_GAP = 64;

interface Node {
  /** Program counters of the threads alive after the text so far, before empty transitions. */
  pcs: number[];
  /** The previous rune (END at the start). */
  prev: number;
  rune: number;
  /** How many times `rune` is repeated after the parent's text (a pumped loop). */
  count: number;
  parent: Node | undefined;
  length: number;
}

class OutOfBudget extends Error {}

/** Strings in the length bounds that the pattern matches, shortest first. */
export function searchPattern(pattern: string, options: SearchOptions = {}): SearchResult {
  return search(pattern, "match", options);
}

/** Strings in the length bounds that the pattern does not match; "none": it matches all of them. */
export function searchNonMatching(pattern: string, options: SearchOptions = {}): SearchResult {
  return search(pattern, "avoid", options);
}

function search(pattern: string, mode: "match" | "avoid", options: SearchOptions): SearchResult {
  const re = compileRe2(pattern);
  if (typeof re === "string") return { kind: "none" };
  const { insts, start } = programOf(re);
  const minLength = options.minLength ?? 0;
  const maxLength = options.maxLength ?? Infinity;
  const wanted = options.wanted ?? 3;
  if (minLength > maxLength) return { kind: "none" };
  const accept = (value: string) =>
    re2Matches(pattern, value) === (mode === "match") && (options.accept?.(value) ?? true);
  const budget = { left: options.budget ?? DEFAULT_BUDGET };
  const spend = (n: number) => {
    budget.left -= n;
    if (budget.left < 0) throw new OutOfBudget();
  };
  const hasAssertions = insts.some((i) => i.op === EMPTY_WIDTH);
  const closure = (pcs: readonly number[], flags: number) => {
    const result = threadClosure(insts, [...pcs, start], flags);
    spend(result.visited);
    return result;
  };

  const found: string[] = [];
  const collect = (value: string) => {
    if (!found.includes(value) && accept(value)) found.push(value);
  };
  const seenAfterMin = new Set<string>();
  const keyOf = (n: Node) => `${n.pcs.join(",")}|${hasAssertions ? previousClass(n.prev) : 0}`;
  let frontier: Node[] = [
    { pcs: [], prev: END, rune: END, count: 0, parent: undefined, length: 0 },
  ];
  let complete = true;
  try {
    while (frontier.length > 0 && found.length < wanted) {
      const next = new Map<string, Node>();
      for (const node of frontier) {
        const loose = closure(node.pcs, ~0);
        const classes = runeClasses(
          loose.runes.map((pc) => insts[pc]!),
          hasAssertions,
        );
        if (classes.truncated) complete = false;
        for (const rune of [END, ...classes.runes]) {
          if (found.length >= wanted) break;
          const { runes, matched } = closure(node.pcs, contextFlags(node.prev, rune));
          if (mode === "match" && matched) {
            if (rune === END) {
              if (node.length >= minLength && node.length <= maxLength) collect(textOf(node));
            } else {
              const total = Math.max(node.length + 1, minLength);
              if (total <= maxLength)
                collect(textOf(node) + String.fromCodePoint(rune).repeat(total - node.length));
            }
          }
          if (mode === "avoid" && matched) continue; // this and every longer string match
          if (rune === END) {
            if (mode === "avoid" && node.length >= minLength && node.length <= maxLength)
              collect(textOf(node));
            continue;
          }
          if (node.length + 1 > maxLength) continue;
          const pcs = stepThreads(insts, runes, rune);
          const child: Node = {
            pcs,
            prev: rune,
            rune,
            count: 1,
            parent: node,
            length: node.length + 1,
          };
          const key = keyOf(child);
          if (next.has(key)) continue;
          if (child.length >= minLength) {
            if (seenAfterMin.has(key)) continue;
            seenAfterMin.add(key);
          }
          if (next.size >= BEAM) complete = false;
          else next.set(key, child);
        }
        if (found.length >= wanted) break;
      }
      frontier = [...next.values()].map((n) => pumped(n, minLength, keyOf));
      // A pumped node skips lengths at which it might have branched off, which only matters
      // when a maxLength then cuts the longer strings off: no proof of "none" past it.
      if (maxLength !== Infinity && frontier.some((n) => n.count > 1)) complete = false;
    }
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    return found.length > 0 ? { kind: "found", values: found } : { kind: "gave-up" };
  }
  if (found.length > 0) return { kind: "found", values: found };
  return complete ? { kind: "none" } : { kind: "gave-up" };
}

/**
 * A state that loops to itself on one rune below minLength (^[a-z]+$ with minLength 100000)
 * repeats until minLength: jump there instead of walking each length.
 */
function pumped(node: Node, minLength: number, keyOf: (n: Node) => string): Node {
  const parent = node.parent;
  if (!parent || node.count !== 1 || node.length + PUMP_GAP >= minLength) return node;
  if (parent.rune !== node.rune || keyOf(node) !== keyOf(parent)) return node;
  const count = minLength - 1 - parent.length;
  return { ...node, count, length: parent.length + count };
}

function textOf(node: Node): string {
  const parts: string[] = [];
  for (let n: Node | undefined = node; n && n.parent; n = n.parent)
    parts.push(String.fromCodePoint(n.rune).repeat(n.count));
  return parts.reverse().join("");
}
