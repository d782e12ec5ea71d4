// metadata.labels go on every object the project deploys, beside the generator's own
// app.kubernetes.io labels; those the generator sets (and the Deployment selects on) stay its own.

import type { CheckContext } from "./context.ts";
import { obj } from "./raw-spec.ts";

export const GENERATOR_LABELS = [
  "app.kubernetes.io/name",
  "app.kubernetes.io/part-of",
  "app.kubernetes.io/managed-by",
  "app.kubernetes.io/component",
];

export function checkLabels({ data, report }: CheckContext): void {
  for (const key of Object.keys(obj(obj(data.metadata).labels)))
    if (GENERATOR_LABELS.includes(key))
      report.error(
        "SEM189",
        ["metadata", "labels", key],
        `the label ${key} is set by the generator`,
        `Remove it: the generator sets ${GENERATOR_LABELS.join(", ")} on every object (the Deployment's selector depends on them).`,
        "key",
      );
}
