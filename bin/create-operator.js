#!/usr/bin/env node
// Thin launcher: the CLI is compiled to dist/ so that it runs on Node.js 20 and newer.
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
