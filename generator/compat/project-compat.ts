// The check `generate` runs between model and render, and `diff` runs alone: the project's
// recorded previous spec against the spec just loaded.

import { InputError } from "../base/diagnostics.ts";
import type { OperatorModel } from "../model/types.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { crdPath } from "../render/manifests/crd.ts";
import { snapshotFromModel } from "./api-snapshot.ts";
import { checkCompatibility, NOT_RECORDED } from "./compare.ts";
import { hasBreaking, type CompatReport } from "./finding.ts";
import { readProjectFile, readRecordedSpec } from "./recorded-spec.ts";

/** Thrown by `generate` when a served version would break; carries the whole report. */
export class BreakingChangeError extends Error {
  readonly report: CompatReport;
  constructor(report: CompatReport) {
    const n = report.findings.filter((f) => f.class === "breaking").length;
    super(`${n} breaking change(s) to the API that clusters already store; nothing was written`);
    this.name = "BreakingChangeError";
    this.report = report;
  }
}

/**
 * @param specPath the project's operator.yaml, which `model` was loaded from.
 */
export function compareWithRecordedSpec(
  root: string,
  specPath: string,
  model: OperatorModel,
  generatorVersion: string,
): CompatReport {
  const previous = readRecordedSpec(root);
  // The same text renders the same CRD with this generator: nothing to compare (keeps no-op runs fast).
  if (previous && previous.source === model.specSource) return { checked: true, findings: [] };
  if (!previous) return { checked: false, note: NOT_RECORDED, findings: [] };
  const parsed = parseSpec(model.specSource, specPath);
  if (!parsed.ok) throw new InputError(parsed.diagnostics);
  return checkCompatibility({
    previous,
    next: snapshotFromModel(model, parsed.spec),
    resolveFrom: specPath,
    previousCrd: () => readProjectFile(root, crdPath(model)),
    generatorVersion,
  });
}

/** `generate`'s rule: breaking changes stop it unless the user allowed them. */
export function refuseBreaking(report: CompatReport, allowBreaking: boolean): void {
  if (hasBreaking(report) && !allowBreaking) throw new BreakingChangeError(report);
}
