// What a user does after `new`, in order, as commands they can paste: the questions every new
// user asked (how do I install it, where do the control-plane binaries come from, how do I run
// it) answered where they are asked, at the end of `new`'s output.

import { isAbsolute, relative } from "node:path";

export interface NextStepsInput {
  /** The project directory as the user typed it. */
  directory: string;
  /** The working directory `new` ran in. */
  cwd: string;
  /** The project carries create-operator's packages in vendor/. */
  vendored: boolean;
  /** The project has files with TODO(user) parts. */
  hasUserCode: boolean;
}

/** One command per line, each with a comment saying why. */
export function nextSteps(input: NextStepsInput): string[] {
  const shown = isAbsolute(input.directory)
    ? relative(input.cwd, input.directory)
    : input.directory;
  const cd = shown === "" || shown === "." ? [] : [[`cd ${quoted(shown)}`, ""]];
  const steps: [string, string][] = [
    ...(cd as [string, string][]),
    [
      "npm install",
      input.vendored
        ? "create-operator's packages come from vendor/, the rest from the registry; commit package-lock.json"
        : "commit package-lock.json: npm ci and the Dockerfile use it",
    ],
    [
      "export KUBEBUILDER_ASSETS=$(npx create-operator envtest --build)",
      "once per machine: builds kube-apiserver and etcd (several minutes)",
    ],
    ["npm test", "the generated suite on a real control plane"],
    ...(input.hasUserCode
      ? ([["npm run typecheck", "names each TODO(user) part that is not written yet"]] as [
          string,
          string,
        ][])
      : []),
    ["npm run build && npm start", "runs the operator against the cluster of your kubeconfig"],
  ];
  const width = Math.max(...steps.map(([command]) => command.length));
  return steps.map(([command, why]) => (why ? `${command.padEnd(width)}   # ${why}` : command));
}

/** A path with spaces or shell characters, quoted so the line can be pasted. */
function quoted(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}
