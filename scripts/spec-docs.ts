// Writes docs/spec-reference.md and docs/preset-reference.md from the JSON Schemas (npm run docs). A test fails when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { PRESET_REFERENCE, renderSpecReference } from "../generator/base/spec-reference.ts";

const schema = JSON.parse(
  readFileSync(new URL("../schema/operator-spec.schema.json", import.meta.url), "utf8"),
);
writeFileSync(new URL("../docs/spec-reference.md", import.meta.url), renderSpecReference(schema));

const preset = JSON.parse(
  readFileSync(new URL("../schema/preset.schema.json", import.meta.url), "utf8"),
);
writeFileSync(
  new URL("../docs/preset-reference.md", import.meta.url),
  renderSpecReference(preset, PRESET_REFERENCE(schema)),
);
