// identity.fallback: metadata.name. A natural key that may be absent: the object is then keyed on
// its own name (Config Connector's resourceID: "when unset, the value of metadata.name is used").
// The key must still be fixed from creation on, and now that includes whether the field is there:
// an optional key immutable only once set could be added later and move the object from the
// resource named after it to another. So some object on the path (or the key itself) must be
// immutable with its presence fixed at creation: present from creation on (required or defaulted,
// as is everything above it), or immutable: { since: creation }.

import type { Step } from "./check-resource-identity.ts";
import type { Path, Reporter } from "./report.ts";
import { has } from "./raw-spec.ts";
import { immutabilityOf } from "./immutability.ts";

const presentFromCreation = (s: Step) => s.def.required === true || has(s.def, "default");

export function checkKeyFallback(report: Reporter, at: Path, key: string, steps: Step[]): void {
  if (steps.every(presentFromCreation)) {
    const field = steps[steps.length - 1]!;
    report.warning(
      "WARN160",
      [...at.slice(0, -1), "fallback"],
      `fallback never applies: spec.${key} is ${field.def.required === true ? "required" : "defaulted"}${steps.length > 1 ? " (and so is every object on its path)" : ""}, so every object has its key`,
      "Remove fallback, or make the key field optional (with immutable: { since: creation }) so objects without it are keyed on their name.",
      "key",
    );
    return;
  }
  const fixed = steps.some((s, i) => {
    const immutability = immutabilityOf(s.def);
    if (immutability === undefined || !steps.slice(0, i).every(presentFromCreation)) return false;
    return presentFromCreation(s) || immutability.since === "creation";
  });
  if (!fixed)
    report.error(
      "SEM380",
      at,
      `naturalKey "${key}" falls back to metadata.name while spec.${key} is absent, and spec.${key} may still be set after creation, which would move the object to another resource and leave its own behind`,
      `Give spec.${key} immutable: { since: creation } (present or absent from creation on), with every object above it required or defaulted.`,
    );
}
