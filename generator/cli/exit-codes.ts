// Exit codes are part of the CLI's contract with scripts and CI.
export const ExitCode = {
  Ok: 0,
  /** Invalid input, or a plan the generator refused (conflicts, non-empty directory). */
  InvalidInput: 1,
  /** The command line itself is wrong. */
  Usage: 2,
  /** The run was written, but some files carry conflict markers for the user to resolve. */
  Conflicts: 3,
  /** The user ended the questions (Ctrl-C): the shell's convention for SIGINT. */
  Cancelled: 130,
  /** A bug in create-operator, not in the user's input. */
  Internal: 70,
} as const;
