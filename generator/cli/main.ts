// The command line: argument parsing and exit codes only. Every real step is in the pipeline.

import { Command, CommanderError, Option } from "commander";
import { join, resolve } from "node:path";
import { InputError } from "../base/diagnostics.ts";
import {
  checkSource,
  createProject,
  GENERATOR_VERSION,
  readSpecFile,
  regenerateProject,
  type PipelineResult,
} from "../pipeline.ts";
import { SPEC_FILE } from "../render/render-project.ts";
import { checkAnswer } from "./answer-check.ts";
import { runEnvtestCommand, type EnvtestCommandOptions } from "./envtest-command.ts";
import { ExitCode } from "./exit-codes.ts";
import { answersFilePath, keepAnswers } from "./keep-answers.ts";
import { validateOnServer } from "./validate-server.ts";
import { askAnswers, defaultAnswers, specFromAnswers } from "./prompt-spec.ts";
import { reportError } from "./report-error.ts";
import { createReporter, type Reporter } from "./report.ts";
import { mistypedCommand, newUsageError } from "./usage-checks.ts";

const EXAMPLES = `
Examples:
  $ npx create-operator my-operator --spec operator.yaml   create a project from a spec
  $ npx create-operator my-operator                         answer a few questions instead
  $ npx create-operator my-operator --yes                   take every default
  $ create-operator new db-operator --spec examples/database.yaml --dry-run
  $ create-operator validate operator.yaml --json           diagnostics for an editor or CI
  $ cd db-operator && npx create-operator generate          re-render after editing operator.yaml
  $ export KUBEBUILDER_ASSETS=$(npx create-operator envtest --build)   control plane for tests

Exit codes: 0 ok, 1 invalid input or refused plan, 2 usage error, 130 questions cancelled.`;

interface NewOptions {
  spec?: string;
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
    .description("re-render the project in the current directory (or --dir) from its operator.yaml")
    .option("-d, --dir <dir>", "project directory", ".")
    .option("--dry-run", "list what would change, write nothing")
    .option("--json", "machine-readable output")
    .action(async (options: { dir: string; dryRun?: boolean; json?: boolean }) => {
      const reporter = createReporter(options.json ?? false);
      process.exitCode = await runPipeline(reporter, options.dryRun ?? false, () =>
        regenerateProject(resolve(options.dir), { dryRun: options.dryRun ?? false }),
      );
    });

  program
    .command("validate")
    .description("check a spec and print every diagnostic; writes nothing")
    .argument("<file>", "the domain spec")
    .addOption(new Option("--json", "machine-readable diagnostics"))
    .option("--server", "then create the CRD and dry-run every sample on a real API server")
    .action(async (file: string, options: { json?: boolean; server?: boolean }) => {
      const reporter = createReporter(options.json ?? false);
      if (options.server) {
        const json = options.json ?? false;
        process.exitCode = await validateOnServer(file, json).catch((e) =>
          reportError(reporter, e),
        );
        return;
      }
      process.exitCode = guard(reporter, () => {
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
      process.exitCode = await runEnvtestCommand(options);
    });
  return program;
}

async function runNew(dir: string, options: NewOptions): Promise<number> {
  const reporter = createReporter(options.json ?? false);
  const usage = newUsageError(dir, options);
  if (usage) return usageError(reporter, usage.message, usage.hint);
  const create = (source: string, file: string) => () =>
    createProject(source, file, dir, {
      force: options.force ?? false,
      dryRun: options.dryRun ?? false,
    });
  if (options.spec !== undefined) {
    const file = options.spec;
    const read = guard(reporter, () => readSpecFile(file));
    if (typeof read === "number") return read;
    return runPipeline(reporter, options.dryRun ?? false, create(read, file));
  }
  if (!options.yes && !process.stdin.isTTY)
    return usageError(
      reporter,
      "no terminal to ask questions on",
      "Pass --spec <file>, or --yes to take the defaults.",
    );
  const defaults = defaultAnswers(resolve(dir));
  let answers = defaults;
  if (!options.yes) {
    try {
      answers = await askAnswers(defaults, checkAnswer);
    } catch (error) {
      // Ctrl-C or a closed terminal ends the questions: the user's choice, not a bug.
      if (!(error instanceof Error && error.name === "ExitPromptError")) throw error;
      reporter.error("the questions were cancelled; nothing was written");
      reporter.flush(false);
      return ExitCode.Cancelled;
    }
  }
  const source = specFromAnswers(answers);
  // Diagnostics name the file the answers are kept in when generation fails, so every
  // line:col they print points into a file that exists.
  // A dry run writes nothing, not even the answers: its diagnostics name the file it would write.
  if (options.dryRun) return runPipeline(reporter, true, create(source, join(dir, SPEC_FILE)));
  const keptAt = answersFilePath(dir);
  return runPipeline(reporter, false, create(source, keptAt), {
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

function usageError(reporter: Reporter, message: string, hint: string): number {
  reporter.error(message, hint);
  reporter.flush(false);
  return ExitCode.Usage;
}

interface PipelineNotes {
  onSuccess?: () => string;
  /** Runs before the failure is printed; returns a note printed after it. */
  onFailure?: (error: unknown) => string;
}

async function runPipeline(
  reporter: Reporter,
  dryRun: boolean,
  run: () => Promise<PipelineResult>,
  notes: PipelineNotes = {},
): Promise<number> {
  let result: PipelineResult;
  try {
    result = await run();
  } catch (error) {
    return reportError(reporter, error, notes.onFailure?.(error));
  }
  reporter.diagnostics(result.warnings);
  reporter.plan(result.plan, { dryRun });
  reporter.userHooks(result.userHooks, result.plan);
  const ok = !result.plan.entries.some((e) => e.action === "conflict");
  const note = ok ? notes.onSuccess?.() : notes.onFailure?.(undefined);
  if (note) reporter.note(note);
  reporter.flush(ok);
  return ok ? ExitCode.Ok : ExitCode.InvalidInput;
}

function guard<T>(reporter: Reporter, run: () => T): T | number {
  try {
    return run();
  } catch (error) {
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
