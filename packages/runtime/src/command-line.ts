// The manager's command line. An operator is configured by environment variables (the Deployment
// sets them), so the command line only answers --help (every variable, its default and meaning)
// and --version, and refuses anything else rather than starting with an argument it ignores.

/** One environment variable the manager reads. */
export interface Setting {
  variable: string;
  description: string;
  /** The value used when the variable is unset, as it would be written. */
  default: string;
}

export interface Program {
  name: string;
  version: string;
  description: string;
  settings: readonly Setting[];
}

/** What main does: run the manager, or print and exit with the code. */
export type CommandLine =
  { action: "run" } | { action: "exit"; code: number; stdout?: string; stderr?: string };

export function parseCommandLine(argv: readonly string[], program: Program): CommandLine {
  if (argv.length === 0) return { action: "run" };
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h"))
    return { action: "exit", code: 0, stdout: usage(program) };
  if (argv.length === 1 && argv[0] === "--version")
    return { action: "exit", code: 0, stdout: `${program.name} ${program.version}\n` };
  return {
    action: "exit",
    code: 2,
    stderr: `${program.name}: unexpected argument ${JSON.stringify(argv[0])}: settings are environment variables (see --help)\n`,
  };
}

function usage(program: Program): string {
  const width = Math.max(...program.settings.map((s) => s.variable.length));
  const lines = program.settings.map(
    (s) =>
      `  ${s.variable.padEnd(width)}  ${s.description} (default: ${s.default === "" ? "unset" : s.default})`,
  );
  return [
    `${program.name} ${program.version}: ${program.description}`,
    "",
    `Usage: ${program.name} [--help | --version]`,
    "",
    "Runs the operator against the cluster of KUBECONFIG (else ~/.kube/config, else the pod's",
    "service account). Settings, all from the environment:",
    ...lines,
    "",
  ].join("\n");
}
