// Command lines that parse but cannot mean what they say. Each is a usage error (exit 2) with a
// hint, caught before anything is read or asked.

import { closestMatch } from "../check/did-you-mean.ts";

export interface UsageError {
  message: string;
  hint: string;
}

/** The commands besides `new`, which is the default and takes a directory as first argument. */
const COMMANDS = ["generate", "diff", "validate", "envtest", "check", "upgrade"];

/**
 * `new` is the default command, so `create-operator generat` would quietly create a project named
 * "generat". A first argument that is close to another command's name is far more likely a typo.
 * `new` itself is left out: short words such as "web" are close to it and are fine project names.
 */
export function mistypedCommand(argv: readonly string[]): UsageError | undefined {
  const [first] = argv;
  if (first === undefined || first.startsWith("-") || first.includes("/")) return undefined;
  if (COMMANDS.includes(first) || first === "new" || first === "help") return undefined;
  const match = closestMatch(first, COMMANDS);
  if (match === undefined) return undefined;
  return {
    message: `unknown command "${first}"; did you mean "${match}"?`,
    hint: `To create a project in a directory named "${first}", run: create-operator new ${first}`,
  };
}

export function newUsageError(
  dir: string,
  options: { spec?: string; yes?: boolean },
): UsageError | undefined {
  // resolve("") is the current directory: an empty name would write the project right here.
  if (dir.trim() === "")
    return {
      message: "the directory name must not be empty",
      hint: "Name the project's directory, e.g. create-operator new my-operator (use . for the current directory).",
    };
  if (options.yes && options.spec !== undefined)
    return {
      message:
        "--yes cannot be combined with --spec: --yes answers the questions that --spec replaces",
      hint: "Drop --yes to generate from the spec, or drop --spec to take the default answers.",
    };
  return undefined;
}
