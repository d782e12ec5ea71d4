// Build step after tsc: does at build time the compile work that would otherwise run at every
// start of the built CLI, writing generated modules into dist/ next to the code that loads them.
// Run from source (tests under type stripping), those modules compile the same inputs lazily.
// Usage: node scripts/precompile.ts (part of `npm run build`)

import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import standaloneCode from "ajv/dist/standalone/index.js";
import Handlebars from "handlebars";
import {
  compileSpecValidator,
  PRECOMPILED_VALIDATOR_MODULE,
} from "../generator/check/spec-validator-options.ts";
import {
  PRECOMPILED_TEMPLATES_MODULE,
  TEMPLATE_COMPILE_OPTIONS,
} from "../generator/render/sources/template-options.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");

/** dist/check/spec-validator.js: the spec schema as ajv standalone validation code. */
async function precompileSpecValidator(): Promise<void> {
  const { ajv, validate } = await compileSpecValidator({ source: true, esm: true });
  // Even with `esm: true` ajv emits require() for its runtime helpers (ucs2length for
  // minLength/maxLength), so the module provides a require of its own.
  const code = [
    `import { createRequire } from "node:module";`,
    `const require = createRequire(import.meta.url);`,
    standaloneCode(ajv, validate),
  ].join("\n");
  writeFileSync(join(dist, "check", PRECOMPILED_VALIDATOR_MODULE), code + "\n");
}

/**
 * dist/render/sources/precompiled-templates.js: every .hbs file under templates/project/, keyed by
 * its path under templates/project/ with "/" separators (the names the file table uses).
 */
function precompileTemplates(): void {
  const templates = join(root, "templates", "project");
  const entries = readdirSync(templates, { recursive: true, encoding: "utf8" })
    .map((path) => path.split(sep).join("/"))
    .filter((path) => path.endsWith(".hbs"))
    .sort()
    .map((path) => {
      const spec = Handlebars.precompile(readFileSync(join(templates, path), "utf8"), {
        ...TEMPLATE_COMPILE_OPTIONS,
      });
      return `  ${JSON.stringify(path)}: ${String(spec)},`;
    });
  writeFileSync(
    join(dist, "render", "sources", PRECOMPILED_TEMPLATES_MODULE),
    `export default {\n${entries.join("\n")}\n};\n`,
  );
}

await precompileSpecValidator();
precompileTemplates();
