// `create-operator diff`: the API compatibility report alone, for CI. Exit 0 when nothing breaks
// objects already stored, 1 on a breaking change (or an invalid spec), like `generate` refuses.

import { hasBreaking } from "../compat/finding.ts";
import { formatReport, reportJson } from "../compat/format-report.ts";
import { diffProject } from "../pipeline.ts";
import { ExitCode } from "./exit-codes.ts";
import { reportError } from "./report-error.ts";
import { createReporter } from "./report.ts";

export function runDiffCommand(root: string, json: boolean): number {
  let result: ReturnType<typeof diffProject>;
  try {
    result = diffProject(root);
  } catch (error) {
    return reportError(createReporter(json), error);
  }
  const { report, warnings } = result;
  // A gate that compared nothing must not pass: a lock without a recorded spec (format 1, or one
  // made to look like it) fails until generate records the spec.
  const ok = report.checked && !hasBreaking(report);
  if (json) {
    const document = { ok, ...reportJson(report), diagnostics: warnings };
    process.stdout.write(JSON.stringify(document, null, 2) + "\n");
  } else {
    const reporter = createReporter(false);
    reporter.diagnostics(warnings);
    process.stdout.write(formatReport(report));
    if (!report.checked)
      reporter.error(
        "diff compared nothing, so it cannot pass",
        "Run create-operator generate once: it records the spec it generated from (.create-operator/base/operator.yaml), which later runs compare with.",
      );
    reporter.flush(ok);
  }
  return ok ? ExitCode.Ok : ExitCode.InvalidInput;
}
