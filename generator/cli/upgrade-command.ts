// `create-operator upgrade --preset-version <range>`: one project of a fleet moves to a new
// version of its preset. The range in operator.yaml's extends is rewritten in place (the rest of
// the file as the user wrote it), and the project is re-rendered through the same three-way merge
// as generate: operator.yaml itself goes through the plan, so the new extends, the new render and
// the lock are written together or not at all.

import { isScalar } from "yaml";
import { join } from "node:path";
import type { LockFile } from "../base/lock-file.ts";
import { readProjectState } from "../base/project-state.ts";
import { readSpecFile } from "../parse/read-spec-file.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { parsePresetReference } from "../preset/preset-reference.ts";
import validRange from "semver/ranges/valid.js";
import { ExitCode } from "./exit-codes.ts";
import { gitState } from "./git-state.ts";
import { findProjectRoot } from "./project-root.ts";
import type { Reporter } from "./report.ts";
import type { UsageError } from "./usage-checks.ts";
import { withRunLock } from "./with-run-lock.ts";
import { recoverInterruptedRun } from "./recover-write.ts";

export interface UpgradeOptions {
  dir?: string;
  presetVersion: string;
  dryRun?: boolean;
  allowDirty?: boolean;
  json?: boolean;
}

export async function runUpgrade(reporter: Reporter, options: UpgradeOptions): Promise<number> {
  const found = findProjectRoot(options.dir, process.cwd());
  if (!("root" in found)) return refuse(reporter, found);
  const { root } = found;
  const range = options.presetVersion.trim();
  if (validRange(range) === null)
    return refuse(
      reporter,
      {
        message: `--preset-version ${options.presetVersion}: not a semver version range`,
        hint: "Give a range such as ^2.0.0, ~2.1 or 2.x.",
      },
      ExitCode.Usage,
    );
  return withRunLock(reporter, root, "upgrade", options.dryRun ?? false, () =>
    upgradeLocked(reporter, root, range, options),
  );
}

/** Everything after the run lock is held (or, for a dry run, needed). */
async function upgradeLocked(
  reporter: Reporter,
  root: string,
  range: string,
  options: UpgradeOptions,
): Promise<number> {
  const specPath = join(root, SPEC_FILE);
  // Missing, unreadable or damaged: located errors (exit 1), before anything is rewritten.
  let source: string;
  let before: LockFile["preset"];
  try {
    if (!options.dryRun) recoverInterruptedRun(reporter, root, "upgrade", { lockHeld: true });
    before = readProjectState(root).lock.preset;
    source = readSpecFile(specPath);
  } catch (error) {
    const { reportError } = await import("./report-error.ts");
    return reportError(reporter, error);
  }
  const rewritten = withPresetRange(source, specPath, range);
  if ("message" in rewritten) return refuse(reporter, rewritten);
  if (!options.dryRun && !options.allowDirty) {
    const git = gitState(root);
    if (git.kind === "dirty")
      return refuse(reporter, {
        message: `${root} has uncommitted changes; upgrade would mix its writes with them`,
        hint: "Commit or stash them first, or pass --allow-dirty.",
      });
  }
  const [{ regenerateProject }, { runPipeline }] = await Promise.all([
    import("../pipeline.ts"),
    import("./run-pipeline.ts"),
  ]);
  const dryRun = options.dryRun ?? false;
  let after: string | undefined;
  const from = before ? `${before.name}@${before.version ?? "(no version)"}` : "no preset";
  return runPipeline(
    reporter,
    dryRun,
    () =>
      regenerateProject(root, {
        dryRun,
        allowBreaking: false,
        specSource: rewritten.source,
        replace: [SPEC_FILE],
      }).then((result) => {
        const preset = result.plan.lock.preset;
        after = preset ? `${preset.name}@${preset.version ?? "(no version)"}` : undefined;
        return result;
      }),
    {
      onSuccess: () =>
        `${dryRun ? "would move" : "moved"} ${root} from ${from} to ${after ?? rewritten.reference} (extends: ${rewritten.reference})`,
    },
  );
}

/** operator.yaml with the range of its package extends replaced, byte for byte elsewhere. */
export function withPresetRange(
  source: string,
  file: string,
  range: string,
): { source: string; reference: string } | UsageError {
  const parsed = parseSpec(source, file);
  if (!parsed.ok)
    return { message: `${file} does not parse`, hint: "Run create-operator validate on it first." };
  const node = parsed.spec.document.get("extends", true);
  if (!isScalar(node) || typeof node.value !== "string" || !node.range)
    return {
      message: `${file} has no extends: the project uses no preset`,
      hint: "Add extends: <package>@<range> to operator.yaml to start using one.",
    };
  const reference = parsePresetReference(node.value);
  if ("error" in reference || reference.kind !== "package")
    return {
      message: `${file} extends ${node.value}, a path: a folder preset has no version to move to`,
      hint: "Edit the preset in its folder and run create-operator generate; versions are for npm packages.",
    };
  const next = `${reference.name}@${range}`;
  const [start, end] = node.range;
  // The value keeps the quotes it was written with (a range never holds a quote character).
  const written =
    node.type === "QUOTE_SINGLE"
      ? `'${next}'`
      : node.type === "PLAIN" && !next.startsWith("@")
        ? next
        : JSON.stringify(next);
  return { source: `${source.slice(0, start)}${written}${source.slice(end)}`, reference: next };
}

function refuse(
  reporter: Reporter,
  refusal: UsageError,
  code: number = ExitCode.InvalidInput,
): number {
  reporter.error(refusal.message, refusal.hint);
  reporter.flush(false);
  return code;
}
