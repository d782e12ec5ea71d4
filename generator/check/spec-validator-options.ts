// The one definition of how the spec schema is compiled, shared by the checker (which compiles it
// at load when run from source) and scripts/precompile.ts (which compiles it once at build time
// into dist/check/spec-validator.js with ajv's standalone code generation), so the two cannot
// drift apart and produce different diagnostics.

import { readFileSync } from "node:fs";
import type { CodeOptions, Options, ValidateFunction } from "ajv";

/** Compiled module the build writes next to the built checker; see scripts/precompile.ts. */
export const PRECOMPILED_VALIDATOR_MODULE = "spec-validator.js";

export const SPEC_AJV_OPTIONS: Options = { allErrors: true, strict: false, verbose: true };

export function readSpecSchema(): object {
  return JSON.parse(
    readFileSync(new URL("../../schema/operator-spec.schema.json", import.meta.url), "utf8"),
  ) as object;
}

/** Compiles the schema with ajv; `code` only changes what source ajv keeps, not validation. */
export async function compileSpecValidator(code?: CodeOptions) {
  const { Ajv } = await import("ajv");
  const ajv = new Ajv({ ...SPEC_AJV_OPTIONS, ...(code ? { code } : {}) });
  const validate: ValidateFunction = ajv.compile(readSpecSchema());
  return { ajv, validate };
}
