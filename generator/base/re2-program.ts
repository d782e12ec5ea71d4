// Reading re2js's compiled program (the NFA RE2 matches with): its instructions, the closure of
// a set of threads over empty transitions in a given context, one step on a rune, and the classes
// of runes a set of instructions cannot tell apart. Used by pattern-search.ts only.

import type { RE2JS } from "re2js";

export interface Inst {
  op: number;
  out: number;
  arg: number;
  runes: Int32Array;
  matchRune(rune: number): boolean;
}

// Instruction ops and empty-width flags of re2js (src/Inst.js, src/Utils.js), as in Go's regexp.
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
export const EMPTY_WIDTH = 4;
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

export const END = -1;
export const NEWLINE = 10;
const MAX_RUNE = 0x10ffff;
/** Classes of runes tried per state; more means the search no longer proves "none". */
const MAX_CLASSES = 256;
/** Runes tried first, so examples read like ordinary values. */
const PREFERRED = [..."axb1z0AX-._ "].map((c) => c.codePointAt(0)!);

interface CompiledShape {
  re2Input?: { prog?: { inst?: unknown; start?: unknown } };
}

export function programOf(re: RE2JS): { insts: readonly Inst[]; start: number } {
  const prog = (re as unknown as CompiledShape).re2Input?.prog;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== "number")
    throw new Error("internal error: re2js no longer exposes its compiled program (re2Input.prog)");
  return { insts: prog.inst as Inst[], start: prog.start };
}

/** Rune instructions reachable from `pcs` without input in the context `flags`, and whether MATCH is. */
export function threadClosure(
  insts: readonly Inst[],
  pcs: readonly number[],
  flags: number,
): { runes: number[]; matched: boolean; visited: number } {
  const runes: number[] = [];
  let matched = false;
  const seen = new Set<number>();
  const stack = [...pcs];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen.has(pc)) continue;
    seen.add(pc);
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
        throw new Error(`internal error: unexpected RE2 instruction ${inst.op}`);
    }
  }
  return { runes: runes.sort((a, b) => a - b), matched, visited: seen.size };
}

/** The threads after consuming `rune`. */
export function stepThreads(insts: readonly Inst[], runePcs: readonly number[], rune: number) {
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
}

/**
 * One rune per class of runes that the instructions (and, with assertions, the word and newline
 * tests) treat alike, readable ones first. `truncated` when there were too many to try them all.
 */
export function runeClasses(
  insts: readonly Inst[],
  hasAssertions: boolean,
): { runes: number[]; truncated: boolean } {
  const bounds = new Set<number>([0, MAX_RUNE + 1, NEWLINE, NEWLINE + 1]);
  if (hasAssertions) for (const b of [48, 58, 65, 91, 95, 96, 97, 123]) bounds.add(b);
  for (const inst of insts) {
    if (inst.op !== RUNE && inst.op !== RUNE1) continue;
    if (inst.runes.length === 1) {
      for (const r of foldOrbit(inst.runes[0]!)) {
        bounds.add(r);
        bounds.add(r + 1);
      }
      continue;
    }
    for (let i = 0; i + 1 < inst.runes.length; i += 2) {
      bounds.add(inst.runes[i]!);
      bounds.add(inst.runes[i + 1]! + 1);
    }
  }
  const sorted = [...bounds].filter((b) => b >= 0 && b <= MAX_RUNE + 1).sort((a, b) => a - b);
  // Runes inside one interval are alike; intervals that every instruction (and the assertions)
  // treat alike form one class, so \pL is one class and its complement another.
  const matches = (inst: Inst, rune: number) =>
    inst.op === RUNE_ANY ||
    (inst.op === RUNE_ANY_NOT_NL && rune !== NEWLINE) ||
    ((inst.op === RUNE || inst.op === RUNE1) && inst.matchRune(rune));
  const classes = new Map<string, number>();
  for (let i = 0; i + 1 < sorted.length; i++) {
    const lo = sorted[i]!;
    const hi = sorted[i + 1]! - 1;
    const nice = PREFERRED.find((r) => r >= lo && r <= hi);
    const rune = nice ?? representative(lo, hi);
    if (rune === undefined) continue;
    const signature =
      insts.map((inst) => (matches(inst, rune) ? 1 : 0)).join("") +
      (hasAssertions ? `|${previousClass(rune)}` : "");
    const current = classes.get(signature);
    if (current === undefined || rank(rune) < rank(current)) classes.set(signature, rune);
  }
  const runes = [...classes.values()].sort((a, b) => rank(a) - rank(b));
  return { runes: runes.slice(0, MAX_CLASSES), truncated: runes.length > MAX_CLASSES };
}

/** Preferred runes first, in their order, then printable ones, then the rest. */
function rank(rune: number): number {
  const i = PREFERRED.indexOf(rune);
  if (i >= 0) return i;
  return printable(rune) ? 100 : 200;
}

/** A printable rune of [lo, hi], else any that is not a surrogate (JSON cannot carry those alone). */
function representative(lo: number, hi: number): number | undefined {
  for (let r = lo; r <= hi && r < lo + 64; r++) if (printable(r)) return r;
  for (let r = lo; r <= hi && r < lo + 64; r++) if (r < 0xd800 || r > 0xdfff) return r;
  return hi > 0xdfff ? Math.max(lo, 0xe000) : undefined;
}

function printable(rune: number): boolean {
  return !(rune < 0x20 || (rune >= 0x7f && rune < 0xa0) || (rune >= 0xd800 && rune <= 0xdfff));
}

/** The runes a case-folded literal matches, as far as JavaScript's case mapping knows them. */
function foldOrbit(rune: number): number[] {
  const c = String.fromCodePoint(rune);
  const variants = [c, c.toLowerCase(), c.toUpperCase()].filter((v) => [...v].length === 1);
  const out = new Set(variants.map((v) => v.codePointAt(0)!));
  if (rune === 0x6b || rune === 0x4b) out.add(0x212a); // KELVIN SIGN folds with k
  if (rune === 0x73 || rune === 0x53) out.add(0x17f); // LATIN SMALL LETTER LONG S folds with s
  return [...out];
}

export function contextFlags(before: number, after: number): number {
  let flags = 0;
  if (before === END) flags |= BEGIN_TEXT | BEGIN_LINE;
  if (before === NEWLINE) flags |= BEGIN_LINE;
  if (after === END) flags |= END_TEXT | END_LINE;
  if (after === NEWLINE) flags |= END_LINE;
  flags |= isWordRune(before) !== isWordRune(after) ? WORD_BOUNDARY : NO_WORD_BOUNDARY;
  return flags;
}

/** What assertions can tell of the previous rune: start, newline, word or other. */
export function previousClass(rune: number): number {
  if (rune === END || rune === NEWLINE) return rune;
  return isWordRune(rune) ? 1 : 2;
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
