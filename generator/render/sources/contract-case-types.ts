// The shapes of contract test cases, shared by the modules that compute them. Their JSON is the
// table the generated project's test/contract/contract-cases.ts reads with the same shapes.

import type { Slot, Spec } from "./contract-slots.ts";

/** A cause the API server must report: metav1.StatusCause field, reason and a message fragment. */
export interface Rejection {
  field: string;
  reason: string;
  message: string;
}

export type Expectation = "accepted" | Rejection;

export interface SpecCase {
  name: string;
  spec: Spec;
  expect: Expectation;
}

export interface TransitionCase {
  name: string;
  old: Spec;
  new: Spec;
  expect: Expectation;
}

export interface PruningCase {
  name: string;
  spec: Spec;
  /** The spec the server stores: unknown fields gone, defaults applied, free-form content kept. */
  stored: Spec;
}

/** Places a value the slot's constraints accept so that CEL rules around it accept it too. */
export type AcceptPlacer = (slot: Slot, value: unknown, label: string) => SpecCase;
