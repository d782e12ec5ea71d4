// cel-go's size and cost arithmetic (checker/cost.go): unsigned 64-bit ranges that saturate at
// the maximum instead of overflowing. Doubles carry them; beyond 2^53 they lose precision, but the
// limits they are compared with are around 10^7, so no verdict depends on those digits.

export interface Range {
  min: number;
  max: number;
}

export const MAX_UINT64 = 2 ** 64 - 1;
export const UNKNOWN: Range = { min: 0, max: MAX_UINT64 };

export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;
export const LIST_CREATE_BASE_COST = 10;
export const MAP_CREATE_BASE_COST = 30;
export const SELECT_AND_IDENT_COST = 1;

export function fixed(n: number): Range {
  return { min: n, max: n };
}

function addN(x: number, y: number): number {
  return y > 0 && x > MAX_UINT64 - y ? MAX_UINT64 : x + y;
}

function mulN(x: number, y: number): number {
  return y !== 0 && x > MAX_UINT64 / y ? MAX_UINT64 : x * y;
}

function factorN(x: number, f: number): number {
  if (x > 0 && f > 0 && x > MAX_UINT64 / f) return MAX_UINT64;
  const ceil = Math.ceil(x * f);
  return ceil >= 2 ** 64 ? MAX_UINT64 : ceil;
}

export function add(a: Range, b: Range): Range {
  return { min: addN(a.min, b.min), max: addN(a.max, b.max) };
}

export function multiply(a: Range, b: Range): Range {
  return { min: mulN(a.min, b.min), max: mulN(a.max, b.max) };
}

export function byFactor(a: Range, f: number): Range {
  return { min: factorN(a.min, f), max: factorN(a.max, f) };
}

export function union(a: Range, b: Range): Range {
  return { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}

export function sum(ranges: readonly Range[]): Range {
  return ranges.reduce(add, fixed(0));
}
