// `api.conversion` says how the conversion webhook gets its certificate; an operator serves the
// webhook only when it has several versions whose schemas differ (field `versions:` blocks make
// them differ). Choosing a certificate source for a webhook that will not exist is a mistake the
// generator would otherwise carry out silently (no Certificate, no annotation).

import type { CheckContext } from "./context.ts";
import { isObject, obj } from "./raw-spec.ts";

export function checkConversionCertificates({ data, report }: CheckContext): void {
  const api = obj(data.api);
  if (!isObject(api.conversion)) return;
  const versions = Array.isArray(api.versions) ? api.versions.length : 0;
  const why =
    versions < 2
      ? `${versions === 1 ? "only one version is" : "no versions are"} listed`
      : !hasEvolution(data.spec) && !hasEvolution(data.status)
        ? `no field says how it differs between the ${versions} versions (no \`versions:\`), so their schemas are identical and the API server converts without a webhook`
        : undefined;
  if (why === undefined) return;
  report.error(
    "SEM330",
    ["api", "conversion"],
    `api.conversion configures the conversion webhook, which this operator does not serve: ${why}`,
    "Remove api.conversion, or add the version whose schema differs (a field with versions: added, removed, renamed or changed).",
  );
}

/** Whether some field under `section` (at any depth) has a `versions:` block. */
function hasEvolution(section: unknown): boolean {
  const fields = obj(obj(section).fields);
  return Object.values(fields).some((field) => {
    const f = obj(field);
    return (
      isObject(f.versions) || hasEvolution(f) || hasEvolution(f.items) || hasEvolution(f.values)
    );
  });
}
