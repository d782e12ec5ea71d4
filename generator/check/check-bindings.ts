// External resources name the spec fields that feed them and the status fields they fill. Those
// names become typed provider inputs and outputs, so each must resolve to a declared field.

import { CAMEL_CASE, type CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { toCamel } from "./derive-names.ts";
import { dottedFieldPaths, resolveFieldPath } from "./field-walk.ts";
import { obj, objects, str, strings } from "./raw-spec.ts";

export function checkExternalResources({ data, report }: CheckContext): void {
  const specFields = obj(data.spec).fields;
  const statusFields = obj(obj(data.status).fields);
  const seen = new Set<string>();
  for (const [i, resource] of objects(data.externalResources)) {
    const name = str(resource.name);
    if (name !== undefined) {
      if (!CAMEL_CASE.test(name)) {
        report.error(
          "SEM040",
          ["externalResources", i, "name"],
          `external resource name "${name}" is not camelCase`,
          `Write it as ${JSON.stringify(toCamel(name) || "instance")}; it names the provider interface and file.`,
        );
      }
      if (seen.has(name))
        report.error(
          "SEM041",
          ["externalResources", i, "name"],
          `external resource "${name}" is declared twice`,
          "Each binding needs its own name: it becomes a provider interface and a condition type.",
        );
      seen.add(name);
    }
    for (const [j, input] of strings(resource.inputs)) {
      if (resolveFieldPath(specFields, input)) continue;
      const match = closestMatch(input, dottedFieldPaths(specFields));
      report.error(
        "SEM042",
        ["externalResources", i, "inputs", j],
        `input "${input}" is not a spec field`,
        match
          ? `did you mean "${match}"?`
          : "Inputs are dotted spec field paths, e.g. backup.retentionDays.",
      );
    }
    for (const [j, output] of strings(resource.outputs)) {
      if (Object.hasOwn(statusFields, output)) continue;
      const match = closestMatch(output, Object.keys(statusFields));
      report.error(
        "SEM043",
        ["externalResources", i, "outputs", j],
        `output "${output}" is not a top-level status field`,
        match ? `did you mean "${match}"?` : "Declare it under status.fields first.",
      );
    }
  }
}
