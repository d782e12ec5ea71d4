// The command line: argument parsing and exit codes only. Every real step is in the pipeline.

import { Command, CommanderError, Option } from "commander";
import { resolve } from "node:path";
import { InputError } from "../base/diagnostics.ts";
import { UnsafePathError } from "../base/safe-path.ts";
import { runEnvtestCommand, type EnvtestCommandOptions } from "./envtest-command.ts";
import {
  checkSource,
  createProject,
  GENERATOR_VERSION,
  readSpecFile,
  regenerateProject,
  type PipelineResult,
} from "../pipeline.ts";
import { PlanRefusedError } from "../plan/plan.ts";
import { ExitCode } from "./exit-codes.ts";
import { validateOnServer } from "./validate-server.ts";
import { askAnswers, defaultAnswers, specFromAnswers } from "./prompt-spec.ts";
import { createReporter, type Reporter } from "./report.ts";

const EXAMPLES = `
Examples:
  $ npx create-operator my-operator --spec operator.yaml   create a project from a spec
  $ npx create-operator my-operator                         answer a few questions instead
  $ npx create-operator my-operator --yes                   take every default
  $ create-operator new db-operator --spec examples/database.yaml --dry-run
  $ create-operator validate operator.yaml --json           diagnostics for an editor or CI
  $ cd db-operator && npx create-operator generate          re-render after editing operator.yaml
  $ export KUBEBUILDER_ASSETS=$(npx create-operator envtest --build)   control plane for tests

Exit codes: 0 ok, 1 invalid input or refused plan, 2 usage error.`;

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
        process.exitCode = await validateOnServer(file, json).catch((e) => report(reporter, e));
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
  let specFile = options.spec;
  let specSource: string;
  if (specFile === undefined) {
    if (!options.yes && !process.stdin.isTTY) {
      reporter.error(
        "no terminal to ask questions on",
        "Pass --spec <file>, or --yes to take the defaults.",
      );
      reporter.flush(false);
      return ExitCode.Usage;
    }
    const defaults = defaultAnswers(resolve(dir));
    specSource = specFromAnswers(options.yes ? defaults : await askAnswers(defaults));
    specFile = "operator.yaml";
  } else {
    const file = specFile;
    const read = guard(reporter, () => readSpecFile(file));
    if (typeof read === "number") return read;
    specSource = read;
  }
  const source = specSource;
  const file = specFile;
  return runPipeline(reporter, options.dryRun ?? false, () =>
    createProject(source, file, dir, {
      force: options.force ?? false,
      dryRun: options.dryRun ?? false,
    }),
  );
}

async function runPipeline(
  reporter: Reporter,
  dryRun: boolean,
  run: () => Promise<PipelineResult>,
): Promise<number> {
  try {
    const result = await run();
    reporter.diagnostics(result.warnings);
    reporter.plan(result.plan, { dryRun });
    const ok = !result.plan.entries.some((e) => e.action === "conflict");
    reporter.flush(ok);
    return ok ? ExitCode.Ok : ExitCode.InvalidInput;
  } catch (error) {
    return report(reporter, error);
  }
}

function guard<T>(reporter: Reporter, run: () => T): T | number {
  try {
    return run();
  } catch (error) {
    return report(reporter, error);
  }
}

function report(reporter: Reporter, error: unknown): number {
  if (error instanceof InputError) {
    reporter.diagnostics(error.diagnostics);
    reporter.flush(false);
    return ExitCode.InvalidInput;
  }
  if (error instanceof PlanRefusedError || error instanceof UnsafePathError) {
    reporter.error(error.message, error instanceof PlanRefusedError ? error.hint : undefined);
    reporter.flush(false);
    return ExitCode.InvalidInput;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  reporter.error(
    `internal error in create-operator ${GENERATOR_VERSION} (a bug, not your input): ${message}`,
    "Please report it with the spec that triggered it.",
  );
  reporter.flush(false);
  return ExitCode.Internal;
}

export async function main(argv: readonly string[]): Promise<number> {
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
