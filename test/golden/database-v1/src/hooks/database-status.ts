// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// What "ready" means for a Database beyond its external resources and children, and the status
// the generated code cannot fill on its own. Called on every pass, after the external resources
// and children; keep it fast and free of side effects.

import type { DatabaseObservation, DatabaseStatusReport, DatabaseStatusHooks } from "./types.ts";

export const databaseStatusHooks: DatabaseStatusHooks = {
  // `_observation`: rename it `observation` once you read it (the leading _ tells the linter it is
  // unused on purpose until then).
  observe(_observation: DatabaseObservation): DatabaseStatusReport {
    return {
      // TODO(user): fill each field from what was observed (observation.children holds the
      // applied children with their status).
      fields: {},
      // TODO(user): push a part ({ ready, waiting, reason, message }) for anything else that must be
      // ready before Ready=True.
      parts: [],
    };
  },
};
