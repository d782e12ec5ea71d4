// The preset format's JSON Schema, compiled with the spec schema beside it: a preset's defaults
// refer to the spec's own definitions (operator settings, RBAC rules), so a default is held to
// exactly the rules the same value in operator.yaml is. Compiled on first use, synchronously,
// only for specs that extend a preset: a spec without one never pays for ajv's compiler.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { readSpecSchema, SPEC_AJV_OPTIONS } from "./spec-validator-options.ts";

export const PRESET_SCHEMA_URL = new URL("../../schema/preset.schema.json", import.meta.url);

let compiled: ValidateFunction | undefined;

export function presetValidator(): ValidateFunction {
  if (compiled) return compiled;
  const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
  const ajv = new Ajv(SPEC_AJV_OPTIONS);
  ajv.addSchema(readSpecSchema());
  compiled = ajv.compile(JSON.parse(readFileSync(PRESET_SCHEMA_URL, "utf8")) as object);
  return compiled;
}
