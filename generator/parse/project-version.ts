// The version in the project's package.json, for `generate` to render the chart's appVersion
// from (render stays free of the disk). Best effort: a missing or broken package.json, or one
// without a plain version string, gives undefined and render uses the first version.

import { readFileSync } from "node:fs";
import { join } from "node:path";

export function projectVersion(root: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as unknown;
    const version = (pkg as { version?: unknown } | null)?.version;
    return typeof version === "string" && version !== "" ? version : undefined;
  } catch {
    return undefined;
  }
}
