// Warnings for the design mistakes the brief names: an operator earns its keep by reconciling a
// durable domain object, not by turning the API server into a job queue or a template runner.

import type { CheckContext } from "./context.ts";
import { splitWords, toPascal } from "./derive-names.ts";
import { has, obj, str } from "./raw-spec.ts";

/** Leading verbs that mark a kind as a command (RunMigration) rather than a thing (Migration). */
export const IMPERATIVE_VERBS: ReadonlySet<string> = new Set([
  "Apply",
  "Create",
  "Delete",
  "Deploy",
  "Destroy",
  "Do",
  "Drain",
  "Exec",
  "Execute",
  "Fire",
  "Install",
  "Invoke",
  "Kill",
  "Launch",
  "Migrate",
  "Perform",
  "Promote",
  "Provision",
  "Reboot",
  "Refresh",
  "Remove",
  "Reset",
  "Restart",
  "Rollback",
  "Rotate",
  "Run",
  "Send",
  "Start",
  "Stop",
  "Sync",
  "Trigger",
  "Uninstall",
  "Update",
  "Upgrade",
]);

const OPAQUE_NAME = /template|manifest|values|yaml|config|chart|helm/i;

export function checkAntiPatterns({ data, report }: CheckContext): void {
  const kind = str(obj(data.api).kind);
  const first = kind ? splitWords(kind)[0] : undefined;
  const verb = first && first.charAt(0).toUpperCase() + first.slice(1);
  if (kind && verb && IMPERATIVE_VERBS.has(verb)) {
    report.warning(
      "WARN006",
      ["api", "kind"],
      `kind "${kind}" reads as a command: a transient command modelled as a durable object`,
      `Name the thing that should exist (e.g. ${splitWords(kind).slice(1).map(toPascal).join("") || "a noun"}) and let the controller converge on it; use a Job for one-shot work.`,
    );
  }
  if (!has(data, "status")) {
    report.warning(
      "WARN007",
      ["spec"],
      "there is no status section: clients cannot tell whether the spec took effect",
      "Add status (phases, conditions or fields); observedGeneration and the Ready condition are generated either way.",
      "key",
    );
  }
  const fields = Object.entries(obj(obj(data.spec).fields));
  const only = fields.length === 1 ? fields[0] : undefined;
  if (only) {
    const [name, def] = only;
    const type = str(obj(def).type);
    if (type === "free-form" || (type === "string" && OPAQUE_NAME.test(name))) {
      report.warning(
        "WARN008",
        ["spec", "fields", name],
        `the whole spec is one opaque ${type} field "${name}": this hides an imperative workflow behind declarative plumbing`,
        "Model the domain's real settings as typed fields; a rendered template belongs in Helm or Kustomize, not in a CRD.",
        "key",
      );
    }
  }
}
