// Strings that an RE2 pattern matches, within length bounds: sample values, contract test values,
// and the proof that a pattern no string satisfies is refused before generation. The search runs
// on the pattern's compiled program (RE2's NFA: every class, case fold, repetition and anchor is
// already lowered to rune ranges and empty-width assertions there), breadth first by string length
// over sets of NFA states, so the first strings found are the shortest. Its work is bounded: it
// answers "gave-up" rather than run long, and "none" only when it has seen every state.
//
// re2js exposes no syntax tree, so this reads its compiled program (re2Input.prog), an internal
// of the exactly pinned re2js version; programShape() fails loudly if that shape ever changes,
// and every value found is confirmed with re2js's public matcher.

import { compileRe2, re2Matches } from "./re2-pattern.ts";

export type SearchResult =
  { kind: "found"; values: string[] } | { kind: "none" } | { kind: "gave-up" };

export interface SearchOptions {
  minLength?: number;
  maxLength?: number;
  /** How many distinct values to collect before stopping. */
  wanted?: number;
  /** Only values this accepts are collected (e.g. a format check). */
  accept?: (value: string) => boolean;
  /** Instruction visits before giving up. */
  budget?: number;
}

const DEFAULT_BUDGET = 1_000_000;
/** Nodes kept per string length; past it the search is no longer a proof that none exists. */
const BEAM = 64;

interface Inst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array;
  matchRune(rune: number): boolean;
}

// Inst ops and empty-width flags of re2js (src/Inst.js, src/Utils.js), the same numbers as Go's.
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8;
const RUNE1 = 9;
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;
const BEGIN_LINE = 1;
const END_LINE = 2;
const BEGIN_TEXT = 4;
const END_TEXT = 8;
const WORD_BOUNDARY = 16;
const NO_WORD_BOUNDARY = 32;

const END = -1;
const NEWLINE = 10;
/** Runes tried first, so examples read like ordinary values. */
const PREFERRED = [..."axb1z0AX-._ "].map((c) => c.codePointAt(0)!);
/** Runes that stand for a class of previous rune, for assertions: start, newline, word, other. */
const PREVIOUS_CLASSES = [END, NEWLINE, 97, 32];

interface Node {
  /** Program counters to continue from, before following empty transitions. */
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

export function searchPattern(pattern: string, options: SearchOptions = {}): SearchResult {
  const re = compileRe2(pattern);
  if (typeof re === "string") return { kind: "none" };
  const insts = programShape(re);
  const minLength = options.minLength ?? 0;
  const maxLength = options.maxLength ?? Infinity;
  const wanted = options.wanted ?? 3;
  const accept = (value: string) => re2Matches(pattern, value) && (options.accept?.(value) ?? true);
  let budget = options.budget ?? DEFAULT_BUDGET;
  const hasAssertions = insts.some((i) => i.op === EMPTY_WIDTH);

  /** Rune instructions reachable without input, and whether MATCH is, given the context. */
  const closure = (pcs: readonly number[], flags: number) => {
    const runes: number[] = [];
    let matched = false;
    const seen = new Set<number>();
    const stack = [...pcs];
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen.has(pc)) continue;
      seen.add(pc);
      if (--budget < 0) throw new OutOfBudget();
      const inst = insts[pc]!;
      switch (inst.op) {
        case ALT:
        case ALT_MATCH:
          stack.push(inst.arg, inst.out);
          break;
        case CAPTURE:
        case NOP:
          stack.push(inst.out);
          break;
        case EMPTY_WIDTH:
          if ((inst.arg & ~flags) === 0) stack.push(inst.out);
          break;
        case MATCH:
          matched = true;
          break;
        case FAIL:
          break;
        case RUNE:
        case RUNE1:
        case RUNE_ANY:
        case RUNE_ANY_NOT_NL:
          runes.push(pc);
          break;
        default:
          throw new Error(`internal error: unexpected RE2 instruction ${inst.op} in ${pattern}`);
      }
    }
    return { runes: runes.sort((a, b) => a - b), matched };
  };
  const step = (runePcs: readonly number[], rune: number): number[] => {
    const next = new Set<number>();
    for (const pc of runePcs) {
      const inst = insts[pc]!;
      const ok =
        inst.op === RUNE_ANY ||
        (inst.op === RUNE_ANY_NOT_NL && rune !== NEWLINE) ||
        ((inst.op === RUNE || inst.op === RUNE1) && inst.matchRune(rune));
      if (ok) next.add(inst.out);
    }
    return [...next].sort((a, b) => a - b);
  };

  const found: string[] = [];
  const collect = (value: string) => {
    if (!found.includes(value) && accept(value)) found.push(value);
  };
  const seenAfterMin = new Set<string>();
  const keyOf = (n: Node) => `${n.pcs.join(",")}|${hasAssertions ? previousClass(n.prev) : 0}`;
  let frontier: Node[] = [
    { pcs: [re2Start(re)], prev: END, rune: END, count: 0, parent: undefined, length: 0 },
  ];
  let complete = true;
  try {
    while (frontier.length > 0 && found.length < wanted) {
      const next = new Map<string, Node>();
      for (const node of frontier) {
        const loose = closure(node.pcs, ~0);
        const candidates = candidateRunes(loose.runes.map((pc) => insts[pc]!));
        for (const rune of [END, ...candidates, ...PREFERRED.slice(0, 2)]) {
          const { runes, matched } = closure(node.pcs, contextFlags(node.prev, rune));
          if (matched) {
            if (rune === END) {
              if (node.length >= minLength && node.length <= maxLength) collect(textOf(node));
            } else {
              const total = Math.max(node.length + 1, minLength);
              if (total <= maxLength)
                collect(textOf(node) + String.fromCodePoint(rune).repeat(total - node.length));
            }
          }
          if (rune === END || !candidates.includes(rune) || node.length + 1 > maxLength) continue;
          const pcs = step(runes, rune);
          if (pcs.length === 0) continue;
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
      frontier = pumped(frontier, [...next.values()], minLength, keyOf);
    }
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    return found.length > 0 ? { kind: "found", values: found } : { kind: "gave-up" };
  }
  if (found.length > 0) return { kind: "found", values: found };
  return complete ? { kind: "none" } : { kind: "gave-up" };
}

/**
 * A single state that loops to itself on one rune below minLength (^[a-z]+$ with minLength
 * 100000) repeats until minLength: jump there instead of walking each length.
 */
function pumped(
  before: readonly Node[],
  after: Node[],
  minLength: number,
  keyOf: (n: Node) => string,
): Node[] {
  const [node] = after;
  if (after.length !== 1 || before.length !== 1 || node!.length >= minLength - 1) return after;
  if (keyOf(node!) !== keyOf(before[0]!) || node!.parent !== before[0]) return after;
  const count = minLength - 1 - before[0]!.length;
  return [{ ...node!, count, length: before[0]!.length + count }];
}

/** A few runes that advance the given rune instructions, preferring readable ones. */
function candidateRunes(insts: readonly Inst[]): number[] {
  const out: number[] = [];
  const add = (rune: number) => {
    if (!out.includes(rune)) out.push(rune);
  };
  for (const inst of insts) {
    if (inst.op === RUNE_ANY || inst.op === RUNE_ANY_NOT_NL) {
      add(PREFERRED[0]!);
      continue;
    }
    const preferred = PREFERRED.filter((r) => inst.matchRune(r)).slice(0, 2);
    if (preferred.length > 0) preferred.forEach(add);
    else if (inst.runes.length === 1) add(inst.runes[0]!);
    else {
      const rune = firstPrintable(inst.runes);
      if (rune !== undefined) add(rune);
    }
  }
  return out;
}

/** The first rune of the ranges that is printable and not a surrogate, else the first at all. */
function firstPrintable(ranges: Int32Array): number | undefined {
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    const lo = Math.max(ranges[i]!, 0x21);
    const hi = ranges[i + 1]!;
    for (let r = lo; r <= hi && r < lo + 64; r++) if (printable(r)) return r;
  }
  return ranges.length >= 2 ? ranges[0] : undefined;
}

function printable(rune: number): boolean {
  return !(rune < 0x20 || (rune >= 0x7f && rune < 0xa0) || (rune >= 0xd800 && rune <= 0xdfff));
}

function contextFlags(before: number, after: number): number {
  let flags = 0;
  if (before === END) flags |= BEGIN_TEXT | BEGIN_LINE;
  if (before === NEWLINE) flags |= BEGIN_LINE;
  if (after === END) flags |= END_TEXT | END_LINE;
  if (after === NEWLINE) flags |= END_LINE;
  flags |= isWordRune(before) !== isWordRune(after) ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
  return flags;
}

function previousClass(rune: number): number {
  return rune === END || rune === NEWLINE
    ? rune
    : isWordRune(rune)
      ? PREVIOUS_CLASSES[2]!
      : PREVIOUS_CLASSES[3]!;
}

/** RE2's \w: ASCII letters, digits and underscore. */
function isWordRune(rune: number): boolean {
  return (
    (rune >= 48 && rune <= 57) ||
    (rune >= 65 && rune <= 90) ||
    (rune >= 97 && rune <= 122) ||
    rune === 95
  );
}

function textOf(node: Node): string {
  const parts: string[] = [];
  for (let n: Node | undefined = node; n && n.parent; n = n.parent)
    parts.push(String.fromCodePoint(n.rune).repeat(n.count));
  return parts.reverse().join("");
}

interface CompiledShape {
  re2Input?: { prog?: { inst?: unknown; start?: unknown } };
}

function programShape(re: object): readonly Inst[] {
  const prog = (re as CompiledShape).re2Input?.prog;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== "number")
    throw new Error("internal error: re2js no longer exposes its compiled program (re2Input.prog)");
  return prog.inst as Inst[];
}

function re2Start(re: object): number {
  return (re as CompiledShape).re2Input!.prog!.start as number;
}
