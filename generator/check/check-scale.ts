// The scale subresource reads and writes replica counts by path; the API server accepts a CRD
// whose paths point nowhere, and `kubectl scale` then fails at run time.

import type { CheckContext } from "./context.ts";
import { resolveFieldPath } from "./field-walk.ts";
import { isObject, obj, str } from "./raw-spec.ts";

const PATHS = [
  { key: "specReplicasPath", section: "spec", type: "integer" },
  { key: "statusReplicasPath", section: "status", type: "integer" },
  { key: "labelSelectorPath", section: "status", type: "string" },
] as const;

export function checkScale({ data, report }: CheckContext): void {
  const scale = obj(data.api).scale;
  if (!isObject(scale)) return;
  for (const { key, section, type } of PATHS) {
    const path = str(scale[key]);
    if (path === undefined) continue;
    const prefix = `.${section}.`;
    const field = path.startsWith(prefix)
      ? resolveFieldPath(obj(data[section]).fields, path.slice(prefix.length))
      : undefined;
    const problem = !path.startsWith(prefix)
      ? `must start with ${prefix}`
      : !field
        ? `names no ${section} field`
        : str(field.type) !== type
          ? `names a ${str(field.type) ?? "untyped"} field, not ${type === "integer" ? "an integer" : "a string"}`
          : undefined;
    if (problem) {
      report.error(
        "SEM056",
        ["api", "scale", key],
        `${key} "${path}" ${problem}`,
        `Point it at ${type === "integer" ? "an integer" : "a string"} field declared under ${section}.fields, e.g. ${prefix}${key === "labelSelectorPath" ? "selector" : "replicas"}.`,
      );
    }
  }
}
