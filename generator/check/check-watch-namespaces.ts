// Watched namespaces become Role and RoleBinding metadata.namespace and watch URLs: a name that
// is not a namespace name makes the whole RBAC manifest fail to apply.

import { isDnsLabel, type CheckContext } from "./context.ts";
import { obj, strings } from "./raw-spec.ts";

export function checkWatchNamespaces({ data, report }: CheckContext): void {
  for (const [i, namespace] of strings(obj(data.rbac).watchNamespaces)) {
    if (isDnsLabel(namespace)) continue;
    report.error(
      "SEM147",
      ["rbac", "watchNamespaces", i],
      `watch namespace "${namespace}" is not a namespace name`,
      `Namespace names are DNS labels: at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit${/[A-Z_]/.test(namespace) ? `, e.g. ${JSON.stringify(namespace.toLowerCase().replace(/_/g, "-"))}` : ""}.`,
    );
  }
}
