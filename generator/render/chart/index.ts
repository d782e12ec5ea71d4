// Render stage, Helm chart: chart/ of the generated project, built from the same objects as
// config/ (templates.ts) and the same model settings (values.ts), never from a hand-kept copy.
// chart/README.md is a handlebars template like the project's README (file-table.ts).

import { Ownership, type GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { renderChartTemplates } from "./templates.ts";
import { CHART_DIR, renderChartYaml, renderValues, renderValuesSchema } from "./values.ts";

/** What `helm package` leaves out of the chart archive. */
const HELMIGNORE = [
  "# Not part of the packaged chart.",
  "README.md.orig",
  "*.tgz",
  ".DS_Store",
  "",
];

/** projectVersion: package.json's version, the chart's appVersion (the default image tag). */
export function renderChart(model: OperatorModel, projectVersion?: string): GeneratedFile[] {
  return [
    renderChartYaml(model, projectVersion),
    renderValues(model),
    renderValuesSchema(),
    {
      path: `${CHART_DIR}/.helmignore`,
      ownership: Ownership.Generated,
      content: HELMIGNORE.join("\n"),
    },
    ...renderChartTemplates(model),
  ];
}

export { CHART_DIR } from "./values.ts";
