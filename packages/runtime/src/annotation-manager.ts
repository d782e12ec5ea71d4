// Who set an annotation, as the API server recorded it: every write names its field manager
// (kubectl's "kubectl-annotate", a controller's name, a --field-manager of the user's), and
// metadata.managedFields says which manager owns which field. An operator that acts on an
// annotation with consequences (giving up on cleanup, leaving cloud resources behind) names that
// manager in its Event and log line, so the decision can be traced to whoever made it.

import type { KubernetesObject } from "@kubernetes/client-node";

interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  time?: Date | string;
  fieldsV1?: unknown;
}

/**
 * The field manager that owns `annotation` on `obj` (the most recent writer when several do), or
 * undefined when managedFields do not say (the object was read without them: the cache strips
 * them, so read it from the API server).
 */
export function annotationManager(obj: KubernetesObject, annotation: string): string | undefined {
  const entries = (obj.metadata?.managedFields ?? []) as ManagedFieldsEntry[];
  let found: { manager: string; at: number } | undefined;
  for (const entry of entries) {
    const fields = entry.fieldsV1 as
      { "f:metadata"?: { "f:annotations"?: Record<string, unknown> } } | undefined;
    if (fields?.["f:metadata"]?.["f:annotations"]?.[`f:${annotation}`] === undefined) continue;
    if (entry.manager === undefined) continue;
    const at = entry.time === undefined ? 0 : new Date(entry.time).getTime();
    if (found === undefined || at >= found.at) found = { manager: entry.manager, at };
  }
  return found?.manager;
}
