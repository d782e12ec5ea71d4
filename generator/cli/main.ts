// The command line: argument parsing and exit codes only. Every real step is in the pipeline.

import { Command, CommanderError, Option } from "commander";
import { join, resolve } from "node:path";
import { GENERATOR_VERSION } from "../base/generator-version.ts";
import { SPEC_FILE } from "../base/spec-file.ts";
import type { EnvtestCommandOptions } from "./envtest-command.ts";
import type { PipelineResult } from "../pipeline.ts";
import { VENDOR_DIR } from "../vendor/vendored-packages.ts";
import { ExitCode } from "./exit-codes.ts";
import { nextSteps } from "./next-steps.ts";
import { runGenerate, type GenerateOptions } from "./generate-command.ts";
import type { UpgradeOptions } from "./upgrade-command.ts";
import { findProjectRoot } from "./project-root.ts";
import { createReporter, type Reporter } from "./report.ts";
import { mistypedCommand, newUsageError } from "./usage-checks.ts";

// Every command but `generate` loads its stages when it runs (import() below): a `generate`
// that finds nothing to do must not pay for prettier, handlebars, ajv and cel-js at start-up.

const EXAMPLES = `
Examples:
  $ npx create-operator my-operator --spec operator.yaml   create a project from a spec
  $ npx create-operator my-operator                         answer a few questions instead
  $ npx create-operator my-operator --yes                   take every default
  $ create-operator new db-operator --spec examples/database.yaml --dry-run
  $ create-operator validate operator.yaml --json           diagnostics for an editor or CI
  $ cd db-operator && npx create-operator generate          re-render after editing operator.yaml
  $ npx create-operator generate --keep README.md          take your version of a conflicted file
  $ create-operator diff --json                             API changes since the last generate, for CI
  $ create-operator check                                   CI: fail when the project drifted from spec, preset, generator
  $ create-operator new shop --spec shop.yaml --preset ../presets/acme   start from a team's preset
  $ create-operator upgrade --preset-version ^2.0.0         move to a new preset version, merged
  $ npx create-operator generate --dry-run                  what would change, from any subfolder
  $ export KUBEBUILDER_ASSETS=$(npx create-operator envtest --build)   control plane for tests

Exit codes: 0 ok, 1 invalid input, refused plan or (generate, diff) a breaking API change,
2 usage error, 3 unresolved merge conflicts, 130 questions cancelled.`;

/** Commander's way to let an option repeat: each occurrence is appended. */
const repeatable = (value: string, previous: string[] = []): string[] => [
  ...previous,
  value.replace(/^\.\//, ""),
];

interface NewOptions {
  spec?: string;
  preset?: string;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
  yes?: boolean;
}

export function buildProgram(): Command {
  const program = new Command("create-operator")
    .description("Generate a Kubernetes operator in TypeScript from one YAML domain spec.")
    .version(GENERATOR_VERSION)
    .showSuggestionAfterError()
    .addHelpText("after", EXAMPLES)
    .exitOverride();

  program
    .command("new", { isDefault: true })
    .description("create a new operator project in <dir>")
    .argument("<dir>", "target directory (must not exist or be empty)")
    .option("-s, --spec <file>", "the domain spec (operator.yaml); without it, questions are asked")
    .option("-y, --yes", "without --spec: take the default answers instead of asking")
    .option(
      "-p, --preset <preset>",
      "extend a preset: a folder or file (relative to here), or an npm package name with an optional version range, installed where the project will be",
    )
    .option(
      "-f, --force",
      "write into a non-empty directory (files in the way are reported, never overwritten)",
    )
    .option("--dry-run", "list what would be written, write nothing")
    .option("--json", "machine-readable diagnostics and file list on stdout")
    .addHelpText("after", EXAMPLES)
    .action(async (dir: string, options: NewOptions) => {
      process.exitCode = await runNew(dir, options);
    });

  program
    .command("generate")
    .description(
      "re-render the project from its operator.yaml; the project is the nearest folder at or above the current one with .create-operator/lock.json, or --dir",
    )
    .option("-d, --dir <dir>", "project directory (default: found from the current folder)")
    .option("--dry-run", "list what would change with a unified diff of each file, write nothing")
    .option(
      "--allow-breaking",
      "generate even when the API breaks objects already stored (the report is still printed)",
    )
    .option(
      "--allow-dirty",
      "regenerate even when git shows uncommitted or untracked files in the project",
    )
    .option("--json", "machine-readable output")
    .option("--force", "overwrite generated and merged files with the new render, edited or not")
    .option(
      "--keep <path>",
      "accept your version of <path> (relative to the project root) and record it, so generate asks again only when its render changes (repeatable)",
      repeatable,
    )
    .option(
      "--update-scaffold <path>",
      "merge template changes into the scaffold-once file <path> (relative to the project root; repeatable)",
      repeatable,
    )
    .action(async (options: GenerateOptions & { json?: boolean }) => {
      process.exitCode = await runGenerate(createReporter(options.json ?? false), options);
    });

  program
    .command("diff")
    .description(
      "compare the API with the spec the last generate recorded; exit 1 on a breaking change",
    )
    .option("-d, --dir <dir>", "project directory (default: found from the current folder)")
    .option("--json", "the report as JSON: { ok, checked, note, counts, findings[] }")
    .action(async (options: { dir?: string; json?: boolean }) => {
      // The same project generate would work on; with none found, diff says why about ".".
      const found = findProjectRoot(options.dir, process.cwd());
      const root = "root" in found ? found.root : resolve(".");
      const { runDiffCommand } = await import("./diff-command.ts");
      process.exitCode = runDiffCommand(root, options.json ?? false);
    });

  program
    .command("check")
    .description(
      "for CI: exit 1 with a diff when the project is not what generate would leave (hand edits of generated files, a spec, preset or generator change not regenerated, a preset constraint broken); writes nothing",
    )
    .option("-d, --dir <dir>", "project directory (default: found from the current folder)")
    .option("--json", "the result as JSON: { ok, root, generator, preset, drift[], warnings }")
    .action(async (options: { dir?: string; json?: boolean }) => {
      const { runCheck } = await import("./check-command.ts");
      process.exitCode = await runCheck(options);
    });

  program
    .command("upgrade")
    .description(
      "move the project to another preset version: rewrite the range in operator.yaml's extends, regenerate through the merge, report what changed",
    )
    .option("-d, --dir <dir>", "project directory (default: found from the current folder)")
    .requiredOption(
      "--preset-version <range>",
      "the version range to extend (e.g. ^2.0.0); the package must be installed in a matching version",
    )
    .option("--dry-run", "show what would change, write nothing")
    .option(
      "--allow-dirty",
      "upgrade even when git shows uncommitted or untracked files in the project",
    )
    .option("--json", "machine-readable output")
    .action(async (options: UpgradeOptions) => {
      const { runUpgrade } = await import("./upgrade-command.ts");
      process.exitCode = await runUpgrade(createReporter(options.json ?? false), options);
    });

  program
    .command("validate")
    .description("check a spec and print every diagnostic; writes nothing")
    .argument("<file>", "the domain spec")
    .addOption(new Option("--json", "machine-readable diagnostics"))
    .option("--server", "then create the CRD and dry-run every sample on a real API server")
    .action(async (file: string, options: { json?: boolean; server?: boolean }) => {
      const reporter = createReporter(options.json ?? false);
      const { reportError } = await import("./report-error.ts");
      if (options.server) {
        const json = options.json ?? false;
        const { validateOnServer } = await import("./validate-server.ts");
        process.exitCode = await validateOnServer(file, json).catch((e) =>
          reportError(reporter, e),
        );
        return;
      }
      const { checkSource, readSpecFile } = await import("../pipeline.ts");
      process.exitCode = await guard(reporter, () => {
        const diagnostics = checkSource(readSpecFile(file), file);
        reporter.diagnostics(diagnostics);
        const ok = !diagnostics.some((d) => d.severity === "error");
        if (ok && !options.json)
          process.stdout.write(
            `${file}: valid${diagnostics.length ? ` (${diagnostics.length} warning(s))` : ""}\n`,
          );
        reporter.flush(ok);
        return ok ? ExitCode.Ok : ExitCode.InvalidInput;
      });
    });

  program
    .command("envtest")
    .description("print a KUBEBUILDER_ASSETS directory holding kube-apiserver and etcd")
    .option("--build", "build them from Go modules when missing (needs Go; minutes when cold)")
    .option("--json", "print { path, source, kubernetes, etcd } instead of the bare path")
    .action(async (options: EnvtestCommandOptions) => {
      const { runEnvtestCommand } = await import("./envtest-command.ts");
      process.exitCode = await runEnvtestCommand(options);
    });
  return program;
}

async function runNew(dir: string, options: NewOptions): Promise<number> {
  const reporter = createReporter(options.json ?? false);
  const usage = newUsageError(dir, options);
  if (usage) return usageError(reporter, usage.message, usage.hint);
  const [{ createProject, readSpecFile }, { runPipeline }] = await Promise.all([
    import("../pipeline.ts"),
    import("./run-pipeline.ts"),
  ]);
  const create = (source: string, file: string) => () =>
    createProject(source, file, dir, {
      force: options.force ?? false,
      dryRun: options.dryRun ?? false,
    });
  const { presetReferenceFor, rebaseExtends, withExtends } = await import("./preset-option.ts");
  let preset: string | undefined;
  if (options.preset !== undefined) {
    const found = presetReferenceFor(options.preset, process.cwd(), dir);
    if ("message" in found) return usageError(reporter, found.message, found.hint);
    preset = found.reference;
  }
  if (!options.dryRun) {
    const { removeDeadStaging } = await import("../write/staging.ts");
    for (const path of removeDeadStaging(resolve(dir)))
      reporter.note(`removed ${path} left by an interrupted run of create-operator new`);
  }
  if (options.spec !== undefined) {
    const file = options.spec;
    const read = await guard(reporter, () => readSpecFile(file));
    if (typeof read === "number") return read;
    let source = preset === undefined ? read : withExtends(read, preset);
    if (typeof source !== "string") return usageError(reporter, source.message, source.hint);
    if (preset === undefined) {
      const rebased = rebaseExtends(source, file, dir);
      if (rebased.note !== undefined) reporter.note(rebased.note);
      source = rebased.source;
    }
    return runPipeline(reporter, options.dryRun ?? false, create(source, file), {
      nextSteps: stepsAfterNew(dir),
    });
  }
  if (!options.yes && !process.stdin.isTTY)
    return usageError(
      reporter,
      "no terminal to ask questions on",
      "Pass --spec <file>, or --yes to take the defaults.",
    );
  const { askAnswers, askPreset, defaultAnswers, specFromAnswers } =
    await import("./prompt-spec.ts");
  const defaults = defaultAnswers(resolve(dir));
  let answers = defaults;
  if (!options.yes) {
    try {
      const { checkAnswer } = await import("./answer-check.ts");
      answers = await askAnswers(defaults, checkAnswer);
      // The preset question is asked only when --preset did not answer it.
      if (preset === undefined) {
        const { presetProblem } = await import("./preset-option.ts");
        const typed = await askPreset((text) => presetProblem(text, process.cwd(), dir));
        if (typed !== "") {
          const found = presetReferenceFor(typed, process.cwd(), dir);
          if (!("message" in found)) preset = found.reference;
        }
      }
    } catch (error) {
      // Ctrl-C or a closed terminal ends the questions: the user's choice, not a bug.
      if (!(error instanceof Error && error.name === "ExitPromptError")) throw error;
      reporter.error("the questions were cancelled; nothing was written");
      reporter.flush(false);
      return ExitCode.Cancelled;
    }
  }
  const plain = specFromAnswers(answers);
  const source = preset === undefined ? plain : (withExtends(plain, preset) as string);
  // Diagnostics name the file the answers are kept in when generation fails, so every
  // line:col they print points into a file that exists.
  // A dry run writes nothing, not even the answers: its diagnostics name the file it would write.
  if (options.dryRun) return runPipeline(reporter, true, create(source, join(dir, SPEC_FILE)));
  const { answersFilePath, keepAnswers } = await import("./keep-answers.ts");
  const { InputError } = await import("../base/diagnostics.ts");
  const keptAt = answersFilePath(dir);
  return runPipeline(reporter, false, create(source, keptAt), {
    nextSteps: stepsAfterNew(dir),
    onSuccess: () =>
      `the spec made from your answers is ${join(dir, SPEC_FILE)}; edit it, then run create-operator generate in ${dir}`,
    onFailure: (error) => {
      const kept = keepAnswers(keptAt, source);
      if (error instanceof InputError)
        for (const d of error.diagnostics) if (d.file === keptAt) d.file = kept;
      return `your answers are kept in ${kept}; once the problem above is fixed, run: create-operator new ${dir} --spec ${kept}`;
    },
  });
}

/** After `new`: the commands from install to a running operator (cli/next-steps.ts). */
function stepsAfterNew(dir: string): (result: PipelineResult) => string[] {
  return (result) =>
    nextSteps({
      directory: dir,
      cwd: process.cwd(),
      vendored: result.plan.entries.some((e) => e.path.startsWith(`${VENDOR_DIR}/`)),
      hasUserCode: result.userHooks.some((hook) => hook.state === "active"),
    });
}

function usageError(reporter: Reporter, message: string, hint: string): number {
  reporter.error(message, hint);
  reporter.flush(false);
  return ExitCode.Usage;
}

async function guard<T>(reporter: Reporter, run: () => T): Promise<T | number> {
  try {
    return run();
  } catch (error) {
    const { reportError } = await import("./report-error.ts");
    return reportError(reporter, error);
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const typo = mistypedCommand(argv);
  if (typo) return usageError(createReporter(argv.includes("--json")), typo.message, typo.hint);
  const program = buildProgram();
  try {
    await program.parseAsync([...argv], { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : ExitCode.Ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here too, with exit code 0.
      return error.exitCode === 0 ? ExitCode.Ok : ExitCode.Usage;
    }
    throw error;
  }
}
