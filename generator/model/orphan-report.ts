// Whether the operator keeps an orphan report (the runtime's orphan-report.ts): a ConfigMap in its
// own namespace listing external resources a user kept on purpose when their object was deleted
// (a Retain annotation, or a force removal), so the orphan sweep never deletes them. Only a
// resource the sweep would delete needs it: one identified by its owner's UID (a resource keyed
// on a natural key is never swept) whose deletionPolicy is Delete (Retain orphans are only reported).

import type { OperatorModel } from "./types.ts";

export function keepsOrphanReport(model: OperatorModel): boolean {
  return model.externalResources.some(
    (resource) => resource.identity.kind === "uid" && resource.deletionPolicy === "Delete",
  );
}
