// A preset file on its own: its shape against schema/preset.schema.json (SPEC codes, located in
// the preset file, exactly as for operator.yaml) and what a schema cannot say about its files.

import type { Diagnostic } from "../base/diagnostics.ts";
import { foldPath } from "../base/path-fold.ts";
import type { LoadedPreset } from "../preset/preset-types.ts";
import { presetWritePathProblem } from "../preset/preset-write-paths.ts";
import { presetValidator } from "./preset-validator.ts";
import { arr, obj, str } from "./raw-spec.ts";
import { checkLabels, GENERATOR_LABELS } from "./check-labels.ts";
import { checkOperator } from "./check-operator.ts";
import { checkConditions } from "./check-phases.ts";
import { checkRbac } from "./check-rbac.ts";
import { checkResources } from "./check-resources.ts";
import { checkWatchNamespaces } from "./check-watch-namespaces.ts";
import type { Check } from "./context.ts";
import { createReporter, type Reporter } from "./report.ts";
import { reportSchemaErrors } from "./schema-errors.ts";

/**
 * The spec's own checks of the sections a preset gives defaults for. Run on the defaults alone,
 * so a bad default is refused even when the spec at hand happens to override it: the next
 * operator that extends the preset would get it.
 */
const DEFAULTS_CHECKS: readonly Check[] = [
  checkOperator,
  checkResources,
  checkLabels,
  checkRbac,
  checkWatchNamespaces,
  checkConditions,
];

export function checkPresetDocument(preset: LoadedPreset): Diagnostic[] {
  const report = createReporter(preset.parsed);
  reportSchemaErrors(preset.parsed.data, report, presetValidator());
  const defaults = obj(obj(preset.parsed.data).defaults);
  const underDefaults = prefixed(report, "defaults");
  for (const check of DEFAULTS_CHECKS)
    check({ data: defaults, report: underDefaults, specFields: [], statusFields: [] });
  checkUnmeetable(obj(obj(preset.parsed.data).constraints), report);
  if (preset.licenseHeader !== undefined && preset.licenseHeader.trim() === "") {
    const inline = typeof obj(preset.parsed.data).licenseHeader === "string";
    report.error(
      "PRESET014",
      inline ? ["licenseHeader"] : ["licenseHeader", "from"],
      inline ? "the license header is blank" : "the license header file is empty",
      "Write the header's text (plain text; each line becomes a // comment), or drop licenseHeader.",
    );
  }
  const seen = new Map<string, number>();
  arr(obj(preset.parsed.data).files).forEach((entry, i) => {
    const file = obj(entry);
    const hasFrom = str(file.from) !== undefined;
    const hasContent = str(file.content) !== undefined;
    if (hasFrom === hasContent)
      report.error(
        "PRESET010",
        ["files", i],
        hasFrom ? "a file has both from and content" : "a file has neither from nor content",
        "Give each file exactly one source: from (a file in the preset's folder) or content (the text).",
      );
    const path = str(file.path);
    if (path === undefined) return;
    const problem = presetWritePathProblem(path);
    if (problem !== undefined) {
      report.error(
        "PRESET011",
        ["files", i, "path"],
        problem,
        "Use a relative path inside the project such as .github/workflows/ci.yaml or CODEOWNERS.",
      );
      return;
    }
    // Two spellings of one name are one file on a case-insensitive file system.
    const folded = foldPath(path);
    const first = seen.get(folded);
    if (first !== undefined)
      report.error(
        "PRESET011",
        ["files", i, "path"],
        `"${path}" is listed twice (first at ${report.where(["files", first, "path"])})`,
        "List each file once.",
      );
    else seen.set(folded, i);
  });
  return report.diagnostics;
}

/** Constraints no operator.yaml could meet, which would refuse every project that extends the preset. */
function checkUnmeetable(constraints: Record<string, unknown>, report: Reporter): void {
  for (const key of Object.keys(obj(constraints.requiredLabels)))
    if (GENERATOR_LABELS.includes(key))
      report.error(
        "PRESET013",
        ["constraints", "requiredLabels", key],
        `no operator.yaml can set ${key}: the generator sets it on every object itself`,
        `Remove it from requiredLabels; the generator's own labels (${GENERATOR_LABELS.join(", ")}) are always there.`,
        "key",
      );
  const { minimum, maximum } = obj(constraints.concurrency);
  if (typeof minimum === "number" && typeof maximum === "number" && minimum > maximum)
    report.error(
      "PRESET013",
      ["constraints", "concurrency", "minimum"],
      `no concurrency is at least ${minimum} and at most ${maximum}`,
      "Make minimum at most maximum.",
    );
}

/** A reporter for a sub-document: every path is reported under `key` of the real document. */
function prefixed(report: Reporter, key: string): Reporter {
  return {
    diagnostics: report.diagnostics,
    error: (code, path, message, hint, at) => report.error(code, [key, ...path], message, hint, at),
    warning: (code, path, message, hint, at) =>
      report.warning(code, [key, ...path], message, hint, at),
    where: (path, at) => report.where([key, ...path], at),
  };
}
