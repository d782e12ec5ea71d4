// Whether two name templates of one kind could make the same name for one owner, so that two
// children would fight over one object. Pieces read once per owner ({metadata.name}, {spec.…}) hold
// the same value in both templates; a common prefix or suffix of such pieces and literal text is
// cut off (equal on both sides, it cannot tell the names apart). What remains is compared as two
// regular languages, each placeholder any value its pattern allows and independent of the other
// side: an over-approximation, so a pair is refused whenever some spec might make them collide.

import type { NamePiece } from "./child-name-template.ts";

type Token =
  | { kind: "char"; char: string }
  /** shared: the same value on both sides (owner, spec field); key identifies it. */
  | { kind: "value"; key: string; shared: boolean; chars: "label" | "digits" | "owner" };

const ALPHABET = [..."abcdefghijklmnopqrstuvwxyz0123456789-."];
const isAlnum = (c: string) => /^[a-z0-9]$/.test(c);

/** The tokens of a template: one per literal character, one per placeholder. */
export function nameTokens(pieces: readonly NamePiece[]): Token[] {
  return pieces.flatMap((piece): Token[] => {
    switch (piece.kind) {
      case "literal":
        return [...piece.text].map((char) => ({ kind: "char", char }));
      case "owner":
        return [{ kind: "value", key: "owner", shared: true, chars: "owner" }];
      case "spec":
        // With a fallback the value is the field's or the owner's name: any of the owner's chars.
        return piece.fallback
          ? [{ kind: "value", key: `spec.${piece.path}??owner`, shared: true, chars: "owner" }]
          : [{ kind: "value", key: `spec.${piece.path}`, shared: true, chars: "label" }];
      case "item":
        return [{ kind: "value", key: `item.${piece.path}`, shared: false, chars: "label" }];
      case "index":
        return [{ kind: "value", key: "index", shared: false, chars: "digits" }];
    }
  });
}

const same = (a: Token, b: Token): boolean =>
  a.kind === "char"
    ? b.kind === "char" && a.char === b.char
    : b.kind === "value" && a.shared && b.shared && a.key === b.key;

/** True when some owner could get the same name from both templates. */
export function namesMayCollide(a: readonly NamePiece[], b: readonly NamePiece[]): boolean {
  let left = nameTokens(a);
  let right = nameTokens(b);
  while (left.length > 0 && right.length > 0 && same(left[0]!, right[0]!)) {
    left = left.slice(1);
    right = right.slice(1);
  }
  while (left.length > 0 && right.length > 0 && same(left.at(-1)!, right.at(-1)!)) {
    left = left.slice(0, -1);
    right = right.slice(0, -1);
  }
  return intersects(automaton(left), automaton(right));
}

/** An NFA: state 0 starts, `accept` ends. */
interface Automaton {
  moves: Array<Array<{ on: (c: string) => boolean; to: number }>>;
  accept: number;
}

function automaton(tokens: readonly Token[]): Automaton {
  const moves: Automaton["moves"] = [[]];
  const add = (): number => {
    moves.push([]);
    return moves.length - 1;
  };
  let current = 0;
  for (const token of tokens) {
    if (token.kind === "char") {
      const next = add();
      moves[current]!.push({ on: (c) => c === token.char, to: next });
      current = next;
      continue;
    }
    // A value: a run of allowed characters that starts and ends with a letter or digit.
    const inner = add();
    const separator = add();
    const first = token.chars === "digits" ? (c: string) => /^[0-9]$/.test(c) : isAlnum;
    const sep =
      token.chars === "digits"
        ? () => false
        : token.chars === "owner"
          ? (c: string) => c === "-" || c === "."
          : (c: string) => c === "-";
    moves[current]!.push({ on: first, to: inner });
    moves[inner]!.push({ on: first, to: inner }, { on: sep, to: separator });
    moves[separator]!.push({ on: sep, to: separator }, { on: first, to: inner });
    current = inner;
  }
  return { moves, accept: current };
}

/** Whether some string is accepted by both: a search over pairs of states. */
function intersects(a: Automaton, b: Automaton): boolean {
  const seen = new Set<string>(["0,0"]);
  const queue: Array<[number, number]> = [[0, 0]];
  while (queue.length > 0) {
    const [p, q] = queue.shift()!;
    if (p === a.accept && q === b.accept) return true;
    for (const c of ALPHABET)
      for (const x of a.moves[p]!.filter((m) => m.on(c)))
        for (const y of b.moves[q]!.filter((m) => m.on(c))) {
          const key = `${x.to},${y.to}`;
          if (seen.has(key)) continue;
          seen.add(key);
          queue.push([x.to, y.to]);
        }
  }
  return false;
}
