// What every merge strategy returns: the content to write and the true conflicts in it.

export interface MergeConflict {
  /** 1-based line of the conflict's opening marker in `content`. */
  line: number;
  /** What disagrees, for the report (a JSON key path and both values, or the hunk's first line). */
  message: string;
}

export interface MergeOutcome {
  content: string;
  /** Empty for a clean merge; otherwise `content` carries conflict markers. */
  conflicts: MergeConflict[];
}

export const clean = (content: string): MergeOutcome => ({ content, conflicts: [] });
