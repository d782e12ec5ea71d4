// Least privilege: an operator runs with a service account that anyone who compromises the pod
// inherits. Wildcards grant today's and tomorrow's resources alike, so they are never accepted.

import type { CheckContext } from "./context.ts";
import { obj, objects, resourceScope, str, strings } from "./raw-spec.ts";

const LISTS = ["apiGroups", "resources", "verbs", "resourceNames"] as const;

export function checkRbac({ data, report }: CheckContext): void {
  const rbac = obj(data.rbac);
  for (const [i, rule] of objects(rbac.rules)) {
    for (const list of LISTS) {
      for (const [j, value] of strings(rule[list])) {
        if (value.includes("*")) {
          report.error(
            "SEM050",
            ["rbac", "rules", i, list, j],
            `wildcard "${value}" in ${list}`,
            `Name every ${list === "apiGroups" ? "API group" : list === "verbs" ? "verb" : list === "resources" ? "resource" : "object"} the operator needs; wildcards also grant whatever is added later.`,
          );
        }
      }
    }
  }
  if (strings(rbac.watchNamespaces).length > 0 && resourceScope(data) === "Cluster") {
    report.error(
      "SEM051",
      ["rbac", "watchNamespaces"],
      `${str(obj(data.api).kind) ?? "the kind"} is cluster-scoped and cannot be watched per namespace`,
      "Remove watchNamespaces: cluster-scoped objects live outside namespaces, so the operator needs cluster-wide access.",
      "key",
    );
  }
}
