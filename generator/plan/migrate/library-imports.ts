// Projects generated before the runtime and the test harness became packages carry them as
// src/runtime/, test/runtime/ and test/envtest/, and the user's scaffold-once files import them by
// relative path (`../runtime/errors.ts`). Regeneration deletes those copies (they are generated
// files), so the user's imports are moved to the packages that replace them: only the module
// specifier of an import or export-from changes, never a name or another line, and the plan says
// so for each file. A name the package does not export is left for tsc to name.

/** Old relative module paths and the package entry that now provides them. */
const MOVED_MODULES: readonly { pattern: RegExp; to: string }[] = [
  { pattern: /^(?:\.\.?\/)+(?:src\/)?runtime\/[a-z0-9-]+\.ts$/, to: "@create-operator/runtime" },
  { pattern: /^(?:\.\.?\/)+(?:test\/)?envtest\/[a-z0-9-]+\.ts$/, to: "@create-operator/envtest" },
  {
    pattern: /^(?:\.\.?\/)+support\/(?:fake-resource-client|ready-status)\.ts$/,
    to: "@create-operator/runtime/testing",
  },
];

// `from "<specifier>"` at the end of an import or export declaration, however it is wrapped.
const FROM_CLAUSE = /(\b(?:import|export)\b[^;"']*?\bfrom\s*)(["'])([^"'\n]+)\2/g;

/** The file with its moved imports rewritten, or undefined when it has none. */
export function migrateLibraryImports(source: string): string | undefined {
  let changed = false;
  const migrated = source.replace(
    FROM_CLAUSE,
    (clause, head: string, quote: string, spec: string) => {
      const moved = MOVED_MODULES.find((m) => m.pattern.test(spec));
      if (moved === undefined) return clause;
      changed = true;
      return `${head}${quote}${moved.to}${quote}`;
    },
  );
  return changed ? migrated : undefined;
}

/** Why the plan rewrote a user's file: shown beside it in generate's report. */
export const LIBRARY_IMPORTS_REASON =
  "imports moved to @create-operator/runtime and @create-operator/envtest (the runtime and the test harness are packages now); no other line changed";
