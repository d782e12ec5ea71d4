// Fuzz inputs: a valid seed (one of examples/*.yaml or a random valid spec) and one mutation
// that makes it invalid. `salt` seeds the mutation's own choices, so an input replays exactly.

import fc from "fast-check";
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { examplePath, exampleNames } from "../../support.ts";
import { validSpec } from "../arbitraries/spec.ts";
import { MUTATIONS, type Rand } from "./mutations.ts";

export interface Seed {
  label: string;
  data: Record<string, any>;
}

export interface FuzzInput {
  mutation: string;
  /** What the mutation changed. */
  note: string;
  seed: string;
  source: string;
}

export const EXAMPLE_SEEDS: readonly Seed[] = exampleNames().map((name) => ({
  label: `examples/${name}.yaml`,
  data: parse(readFileSync(examplePath(name), "utf8")) as Record<string, any>,
}));

/** mulberry32: a tiny deterministic generator for a mutation's choices. */
export function seededRandom(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fuzzInputs(
  seeds: fc.Arbitrary<Seed>,
  mutations = MUTATIONS,
): fc.Arbitrary<FuzzInput | undefined> {
  return fc
    .record({
      seed: seeds,
      mutation: fc.constantFrom(...mutations),
      salt: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    })
    .map(({ seed, mutation, salt }) => {
      const mutated = mutation.apply(seed.data, seededRandom(salt));
      return mutated === undefined
        ? undefined
        : { mutation: mutation.name, seed: seed.label, ...mutated };
    });
}

/** Examples and random valid specs, one to one. */
export function defaultSeeds(
  admit: (spec: Record<string, any>) => boolean = () => true,
): fc.Arbitrary<Seed> {
  return fc.oneof(
    fc.constantFrom(...EXAMPLE_SEEDS),
    validSpec.filter(admit).map((data) => ({ label: "random valid spec", data })),
  );
}
