// A field that names a Kubernetes type (core/v1.Toleration, Quantity) embeds the upstream schema
// as it is: the name must be one schema/kubernetes-types.json carries, and keywords that would
// change that schema (constraints, fields, items, list and map types) have no place beside it.

import {
  isKubernetesTypeName,
  kubernetesTypeNames,
  kubernetesTypes,
} from "../base/kubernetes-types/catalog.ts";
import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";

/** What a kubernetes-typed field may say besides its type. */
const ALLOWED_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "deprecated",
  "required",
  "nullable",
  "default",
  "immutable",
  "rules",
]);

export function checkKubernetesTypes({ report, specFields, statusFields }: CheckContext): void {
  for (const v of [...specFields, ...statusFields]) {
    if (!isKubernetesTypeName(v.type)) continue;
    if (!Object.hasOwn(kubernetesTypes().types, v.type)) {
      const match = closestMatch(v.type, kubernetesTypeNames());
      report.error(
        "SEM240",
        [...v.docPath, "type"],
        `"${v.type}" is not a Kubernetes type this generator knows (Kubernetes ${kubernetesTypes().kubernetesVersion})`,
        match !== undefined
          ? `did you mean "${match}"?`
          : "schema/kubernetes-types.json lists the types available, named <group>/<version>.<Type> like core/v1.ResourceRequirements or apps/v1.DeploymentStrategy.",
      );
    }
    for (const keyword of Object.keys(v.def)) {
      if (ALLOWED_KEYWORDS.has(keyword)) continue;
      report.error(
        "SEM241",
        [...v.docPath, keyword],
        `${keyword} does not apply to the Kubernetes type ${v.type}: the CRD carries that type's upstream schema unchanged`,
        "Remove it; to constrain the value further, write a CEL rule (rules) on the field.",
        "key",
      );
    }
  }
}
