// `immutable` in operator.yaml: `true`, or `{ message, since }` for an API's own message and for
// fields fixed at creation. Every stage reads it through here, so the short and the long form
// cannot be told apart anywhere else.

import { isObject, str } from "./raw-spec.ts";

export interface Immutability {
  /** The message the API server answers a change with; undefined: the generator's own. */
  message?: string;
  /**
   * set (default): once a value is set it never changes or goes away, and an optional field left
   * out at creation may be set later, once. creation: present or absent from creation on.
   */
  since: "set" | "creation";
}

/** How a raw field definition is immutable, or undefined when it is not. */
export function immutabilityOf(def: unknown): Immutability | undefined {
  if (!isObject(def)) return undefined;
  const raw = def.immutable;
  if (raw === true) return { since: "set" };
  if (!isObject(raw)) return undefined;
  const message = str(raw.message);
  return {
    ...(message !== undefined ? { message } : {}),
    since: raw.since === "creation" ? "creation" : "set",
  };
}

/** A model field's immutability: `immutable` alone (hand-built models) means `{ since: "set" }`. */
export function fieldImmutability(field: {
  immutable: boolean;
  immutability?: Immutability;
}): Immutability | undefined {
  return field.immutable ? (field.immutability ?? { since: "set" }) : undefined;
}

/** The message of the rule on the field itself: the API's own, or `<name> is immutable`. */
export function changeMessage(name: string, immutability: Immutability): string {
  return immutability.message ?? `${name} is immutable`;
}

/**
 * The rule on the parent object that a transition rule on the field cannot express (it only runs
 * while the field exists on both sides), with its message; undefined when none is needed.
 */
export function presenceRule(
  celName: string,
  name: string,
  immutability: Immutability,
): { rule: string; message: string } {
  if (immutability.since === "creation")
    return {
      rule: `has(self.${celName}) == has(oldSelf.${celName})`,
      message:
        immutability.message ??
        `${name} is immutable and can only be set when the object is created`,
    };
  return {
    rule: `!has(oldSelf.${celName}) || has(self.${celName})`,
    message: immutability.message ?? `${name} is immutable and cannot be removed once set`,
  };
}
