#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ so that it runs on Node.js 20 and newer.
import module from "node:module";

// Node 22.1+ keeps V8's compiled code of our dependencies (prettier is megabytes of JavaScript)
// on disk between runs; older Node versions simply skip it.
module.enableCompileCache?.();

// A reader that stops early (`create-operator diff | head`) closes the pipe: as for any Unix tool
// that is the end of the output, not an error worth a stack trace.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(process.exitCode ?? 0);
});

const { main } = await import("../dist/cli/main.js");
process.exitCode = await main(process.argv.slice(2));
