// The file model shared by render, plan and write. A generated project is a map from a
// project-relative POSIX path to its content and its ownership class.

/**
 * Who owns a file after it is first written. Stated in each file's header comment too, so a
 * reader of the generated project knows what regeneration will do to it.
 */
export const Ownership = {
  /** Rewritten on every generation; hand edits are detected and never silently lost. */
  Generated: "generated",
  /** Written once when missing, then belongs to the user. */
  ScaffoldOnce: "scaffold-once",
  /** Three-way merged with the user's copy on regeneration (README, package.json). */
  Merged: "merged",
} as const;
export type Ownership = (typeof Ownership)[keyof typeof Ownership];

export interface GeneratedFile {
  path: string;
  content: string;
  ownership: Ownership;
  /** Unix mode for files that must be executable (scripts); 0o644 otherwise. */
  mode?: number;
}

/** Insertion order does not matter: every consumer sorts by path, so output is deterministic. */
export type ProjectFiles = Map<string, GeneratedFile>;

export function sortedFiles(files: ProjectFiles): GeneratedFile[] {
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
