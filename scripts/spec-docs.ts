// Writes docs/spec-reference.md from the JSON Schema (npm run docs). A test fails when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { renderSpecReference } from "../generator/base/spec-reference.ts";

const schema = JSON.parse(
  readFileSync(new URL("../schema/operator-spec.schema.json", import.meta.url), "utf8"),
);
writeFileSync(new URL("../docs/spec-reference.md", import.meta.url), renderSpecReference(schema));
