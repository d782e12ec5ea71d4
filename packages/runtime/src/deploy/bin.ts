#!/usr/bin/env node
// The operator-kit command (see cli.ts): exit 0 on success, 1 with the reason on failure, 2 on usage.

import { main } from "./cli.ts";

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `operator-kit: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
