// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The one conversion of examples/database-v1.yaml a spec cannot derive: v1alpha1 and v1beta1 say
// storageGB (an integer of GiB), v1 says storage (a quantity such as "20Gi"). Both older versions
// hold the same integer, so they share one hook. v1's schema admits whole Gi only, so every v1
// value has an integer; a value that still has none is refused, and the API server reports the
// conversion error to the client instead of storing or serving a wrong size.

import type { DatabaseConversionHooks } from "../api/database-conversion.ts";

const WHOLE_GIB = /^([1-9][0-9]*)Gi$/;

const storageGB = {
  toHub: (gib: number) => `${gib}Gi`,
  fromHub: (quantity: string) => {
    const match = WHOLE_GIB.exec(quantity);
    if (!match) throw new Error(`storage ${quantity} is not a whole number of Gi`);
    return Number(match[1]);
  },
};

export const conversionHooks: DatabaseConversionHooks = {
  v1alpha1: { "spec.storageGB": storageGB },
  v1beta1: { "spec.storageGB": storageGB },
};
