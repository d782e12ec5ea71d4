// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// Your decisions about the instance external resource: A managed database instance in the cloud provider.
// The generated reconciler (src/reconciler/instance-part.ts) calls these on every pass;
// the calls to the cloud API themselves go in src/providers/instance-cloud.ts.

import type { InstanceHooks } from "./types.ts";

export const instanceHooks: InstanceHooks = {
  // Rename `_desired` and `_obj` without the _ once you read them (it marks them unused on purpose).
  validateDesired(_desired, _obj) {
    // TODO(user): reject desired settings the provider can never accept, e.g.
    //   if (…) throw new TerminalError("UnsupportedSettings", `…`);
    // (TerminalError from @create-operator/runtime). Everything else is left to the provider.
  },
};
