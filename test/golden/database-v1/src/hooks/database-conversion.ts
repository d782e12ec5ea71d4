// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// Your conversions of Database fields whose type changed between API versions (operator.yaml:
// converted: hook). Written once by create-operator and never overwritten: tsc names every field
// still missing here, in both directions (toHub: from the older version to v1;
// fromHub: back). Throw to refuse a value; the API server then reports the conversion error.

import type { DatabaseConversionHooks } from "../api/database-conversion.ts";

export const conversionHooks: DatabaseConversionHooks = {
  // TODO(user): toHub (the version's value to the hub's) and fromHub (back) for each of these,
  // typed with each version's own types (src/api/<version>/):
  //   v1alpha1: { "spec.storageGB": { toHub: (value, object) => …, fromHub: (value, hub) => … } }
  //   v1beta1: { "spec.storageGB": { toHub: (value, object) => …, fromHub: (value, hub) => … } }
};
