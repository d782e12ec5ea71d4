// Strict tsc over the whole project (src/ and test/, tsconfig.json), as a child process so it
// can run beside the control plane's start. Incremental: node_modules/.cache/tsc keeps what an
// unchanged file needs, the way Go's build cache does for `go vet`.

import { spawn } from "node:child_process";
import { join } from "node:path";

/** Resolves with the time taken when the project type-checks; rejects with tsc's output when not. */
export function typeCheck(projectRoot: string): Promise<number> {
  const started = Date.now();
  const tsc = join(projectRoot, "node_modules", "typescript", "bin", "tsc");
  const args = [
    ...[tsc, "--noEmit", "-p", join(projectRoot, "tsconfig.json")],
    ...["--incremental", "--tsBuildInfoFile", join(projectRoot, "node_modules/.cache/tsc/test")],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`tsc --noEmit found errors, so no test ran:\n${output.trimEnd()}`));
    });
  });
}
