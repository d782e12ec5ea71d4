// The generator's own version, read from its package.json. Kept beneath every stage and free of
// heavy imports: the CLI needs it before it decides whether to load the render stage at all.

import { readFileSync } from "node:fs";

const packageJson = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
) as { version: string };

export const GENERATOR_VERSION: string = packageJson.version;
