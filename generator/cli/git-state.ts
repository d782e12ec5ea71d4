// Is the project's folder in a state the user can inspect and undo with git? `generate` asks
// before it writes: uncommitted or untracked paths would be mixed with what it writes.
// git is optional: without it (or outside a work tree) there is simply nothing to ask.

import { spawnSync } from "node:child_process";
import { SPEC_FILE } from "../base/spec-file.ts";
import { RUN_LOCK_PATH } from "../write/run-lock.ts";

export type GitState =
  | { kind: "no-git" }
  | { kind: "outside" }
  | { kind: "clean" }
  /** Paths relative to the project root, as git lists them. */
  | { kind: "dirty"; paths: string[] }
  | { kind: "unknown"; problem: string };

export function gitState(root: string): GitState {
  const where = git(root, ["rev-parse", "--is-inside-work-tree", "--show-prefix"]);
  if (where.error)
    return where.missing ? { kind: "no-git" } : { kind: "unknown", problem: where.error };
  if (where.status !== 0)
    return /not a git repository/.test(where.stderr)
      ? { kind: "outside" }
      : { kind: "unknown", problem: firstLine(where.stderr) };
  const [inside, prefix = ""] = where.stdout.split("\n");
  if (inside !== "true") return { kind: "outside" };
  // operator.yaml is what the user edits before generating, and generate only reads it: its
  // change is the input, not work that generate could mix with its own.
  const status = git(root, [
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--",
    ".",
    `:(exclude,literal)${SPEC_FILE}`,
    // Another run's lock is that run's business; it refuses this one with a clearer message.
    `:(exclude,literal)${RUN_LOCK_PATH}`,
    `:(exclude,literal)${RUN_LOCK_PATH}.break`,
  ]);
  if (status.error || status.status !== 0)
    return { kind: "unknown", problem: status.error ?? firstLine(status.stderr) };
  const paths = changedPaths(status.stdout).map((p) =>
    p.startsWith(prefix) ? p.slice(prefix.length) : p,
  );
  return paths.length === 0 ? { kind: "clean" } : { kind: "dirty", paths };
}

/** Porcelain v1 with -z: "XY path", and a rename's or copy's source path as the next field. */
function changedPaths(output: string): string[] {
  const fields = output.split("\0");
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4) continue;
    paths.push(field.slice(3));
    if (field[0] === "R" || field[0] === "C") i++;
  }
  return paths;
}

interface GitRun {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: string;
  missing?: boolean;
}

function git(cwd: string, args: string[]): GitRun {
  const result = spawnSync("git", args, {
    cwd,
    encoding: "utf8",
    // A prompt for credentials or an editor must never wait on the user here.
    env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    return {
      status: null,
      stdout: "",
      stderr: "",
      error: result.error.message,
      missing: code === "ENOENT",
    };
  }
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}
