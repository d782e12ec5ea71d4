// A probe: one schema constraint of one field, with a value that breaks it and values that keep
// it. contract-constraints.ts turns probes into rejected and accepted cases.

import type { FieldModel } from "../../model/types.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import type { Rejection } from "./contract-case-types.ts";

export interface Probe {
  /** The constraint, as the test name shows it: "minimum 10". */
  label: string;
  bad?: unknown;
  rejection?: Omit<Rejection, "field"> & { field?: string };
  /** Values that keep the constraint, best first (the boundary). */
  good: unknown[];
  /** Whether `bad` really breaks the constraint; by default, the local schema check says so. */
  breaks?: (value: unknown) => boolean;
}

/** The value breaks the field in exactly one way, the one named by `fragment`. */
export function only(f: FieldModel, value: unknown, fragment: string): boolean {
  const problems = fieldViolations(f, value);
  const words: Record<string, string> = { minLength: "shorter than", maxLength: "longer than" };
  return problems.length === 1 && problems[0]!.includes(words[fragment] ?? fragment);
}
