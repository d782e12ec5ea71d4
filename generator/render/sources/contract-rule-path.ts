// Where and how the API server reports a failed CEL rule (apiextensions-apiserver
// pkg/apiserver/schema/cel: ValidFieldPath, fieldErrorForReason; apimachinery field.Error).

import type { CelRule, FieldModel } from "../../model/types.ts";

/**
 * The cause's field for a rule on `self` at `path` (field.Path notation). The server turns the
 * rule's fieldPath into a field.Path of its own, a step into an object a child (name) and into a
 * map a key ([key], unquoted) whichever notation the rule used, and appends that path's string
 * as one more child: ".a['k']" on spec.x is spec.x.a[k], "['k']" on a map spec.m is spec.m.[k].
 */
export function ruleErrorField(path: string, self: FieldModel, fieldPath?: string): string {
  if (!fieldPath) return path;
  let def: FieldModel | undefined = self;
  let relative = "";
  for (const name of fieldPathSteps(fieldPath)) {
    if (def?.type === "map") {
      relative += `[${name}]`;
      def = def.items;
    } else {
      relative += relative === "" ? name : `.${name}`;
      def = def?.fields.find((f) => f.name === name);
    }
  }
  return `${path}.${relative}`;
}

/**
 * The cause's message fragment: field.Required and field.Forbidden keep the rule's message after
 * their type ("Required value: …", "Forbidden: …"), field.Invalid after the value; field.Duplicate
 * takes no message at all, only the value ("Duplicate value" or "Duplicate value: 7").
 */
export function ruleErrorMessage(rule: CelRule): string {
  switch (rule.reason) {
    case "FieldValueDuplicate":
      return "Duplicate value";
    case "FieldValueRequired":
      return `Required value: ${rule.message}`;
    case "FieldValueForbidden":
      return `Forbidden: ${rule.message}`;
    default:
      return rule.message;
  }
}

/** The names a checked fieldPath steps through: `.name` and `['name']` (quotes unescaped). */
function fieldPathSteps(fieldPath: string): string[] {
  const steps: string[] = [];
  const step = /\.([^.[\]]+)|\['((?:[^'\\]|\\.)*)'\]/g;
  for (const match of fieldPath.matchAll(step))
    steps.push(match[1] ?? match[2]!.replace(/\\(.)/g, "$1"));
  return steps;
}
