// `create-operator generate`: find the project, refuse what must not run (a newer generator's
// project, a dirty git tree), answer "nothing to do" when the lock proves the render cannot
// differ, and only then load the render stage (prettier, handlebars, ajv, cel-js: most of a
// run's time) to re-render the project.

import { GENERATOR_VERSION } from "../base/generator-version.ts";
import { LOCK_PATH, type LockFile } from "../base/lock-file.ts";
import { readProjectState } from "../base/project-state.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import { checkUpToDate } from "../plan/up-to-date.ts";
import { ExitCode } from "./exit-codes.ts";
import { gitState } from "./git-state.ts";
import { findProjectRoot } from "./project-root.ts";
import type { Reporter } from "./report.ts";
import type { UsageError } from "./usage-checks.ts";
import { withRunLock } from "./with-run-lock.ts";
import { recoverInterruptedRun } from "./recover-write.ts";

export interface GenerateOptions {
  dir?: string;
  dryRun?: boolean;
  allowDirty?: boolean;
  allowBreaking?: boolean;
  force?: boolean;
  keep?: string[];
  updateScaffold?: string[];
}

/** How many changed paths a dirty-tree refusal lists before it counts the rest. */
export const DIRTY_PATHS_SHOWN = 10;

export async function runGenerate(reporter: Reporter, options: GenerateOptions): Promise<number> {
  const cwd = process.cwd();
  const found = findProjectRoot(options.dir, cwd);
  if (!("root" in found)) return refuse(reporter, found);
  const { root } = found;
  if (found.foundAbove)
    reporter.note(`project root: ${root} (the nearest folder above ${cwd} with ${LOCK_PATH})`);
  const dryRun = options.dryRun ?? false;
  return withRunLock(reporter, root, "generate", dryRun, () =>
    generateLocked(reporter, root, options),
  );
}

/** Everything after the run lock is held (or, for a dry run, needed). */
async function generateLocked(
  reporter: Reporter,
  root: string,
  options: GenerateOptions,
): Promise<number> {
  const dryRun = options.dryRun ?? false;

  // Damaged project state stops the run here, located, before git is asked anything.
  let lock: LockFile;
  try {
    if (!dryRun) recoverInterruptedRun(reporter, root, "generate", { lockHeld: true });
    lock = readProjectState(root).lock;
  } catch (error) {
    const { reportError } = await import("./report-error.ts");
    return reportError(reporter, error);
  }
  {
    // The same version needs no comparison, so the usual run does not load semver at all.
    if (lock.generator?.version !== GENERATOR_VERSION) {
      const { newerGeneratorRefusal } = await import("./generator-pin.ts");
      const refusal = newerGeneratorRefusal(lock.generator?.version, GENERATOR_VERSION);
      if (refusal) return refuse(reporter, refusal);
    }
    // --force, --keep and --update-scaffold change the plan for the same inputs: no shortcut.
    const asksForChanges =
      (options.force ?? false) ||
      (options.keep ?? []).length > 0 ||
      (options.updateScaffold ?? []).length > 0;
    if (!asksForChanges && checkUpToDate(root, lock, GENERATOR_VERSION).upToDate) {
      reporter.upToDate(
        root,
        `Nothing to do: ${root} is up to date; no file was written (${SPEC_FILE}, create-operator ${GENERATOR_VERSION} and every file match ${LOCK_PATH}).`,
      );
      reporter.flush(true);
      return ExitCode.Ok;
    }
  }

  if (!dryRun && !options.allowDirty) {
    const git = gitState(root);
    if (git.kind === "dirty") return refuse(reporter, dirtyRefusal(root, git.paths));
    if (git.kind === "unknown")
      return refuse(reporter, {
        message: `cannot tell whether ${root} has uncommitted changes: git says: ${git.problem}`,
        hint: "Fix git in that folder, or pass --allow-dirty to regenerate anyway.",
      });
    if (git.kind === "no-git" || git.kind === "outside")
      reporter.note(
        `${git.kind === "no-git" ? `git is not installed, so ${root} is` : `${root} is`} not in a git work tree: what generate writes cannot be undone easily (keep the project in git to review and undo a regeneration)`,
      );
  }

  // Loaded only now: the render stage is most of a run's start-up time.
  const [{ regenerateProject }, { runPipeline }] = await Promise.all([
    import("../pipeline.ts"),
    import("./run-pipeline.ts"),
  ]);
  return runPipeline(reporter, dryRun, () =>
    regenerateProject(root, {
      dryRun,
      allowBreaking: options.allowBreaking ?? false,
      force: options.force ?? false,
      keep: options.keep ?? [],
      updateScaffold: options.updateScaffold ?? [],
    }),
  );
}

function dirtyRefusal(root: string, paths: readonly string[]): UsageError {
  const shown = paths.slice(0, DIRTY_PATHS_SHOWN).map((p) => `  ${p}`);
  const more = paths.length - shown.length;
  return {
    message: [
      `${root} has uncommitted changes; generate would mix its writes with them:`,
      ...shown,
      ...(more > 0 ? [`  and ${more} more`] : []),
    ].join("\n"),
    hint: "Commit or stash them first, so that git diff shows what generate changed and git checkout undoes it; or pass --allow-dirty.",
  };
}

function refuse(reporter: Reporter, refusal: UsageError): number {
  reporter.error(refusal.message, refusal.hint);
  reporter.flush(false);
  return ExitCode.InvalidInput;
}
