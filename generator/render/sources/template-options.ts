// How templates/project/**/*.hbs are compiled, shared by the renderer (which compiles them lazily
// when run from source) and scripts/precompile.ts (which precompiles them all at build time into
// dist/render/sources/precompiled-templates.js), so both produce byte-identical output.

/** Options for both Handlebars.compile and Handlebars.precompile. */
export const TEMPLATE_COMPILE_OPTIONS = { noEscape: true, strict: true } as const;

/**
 * Module the build writes next to the built renderer; its default export maps each template's
 * path under templates/project/ (as named in the file table) to its precompiled specification.
 */
export const PRECOMPILED_TEMPLATES_MODULE = "precompiled-templates.js";
