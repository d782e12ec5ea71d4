// `npm run tools:helm`: builds the helm binary test/e2e/helm-chart.test.ts uses (from the Go module
// proxy, into the tools cache) unless it is cached. `npm test` runs it beside the control-plane
// build, so the end-to-end tests do not wait minutes on a fresh machine.

import { helm } from "../test/tools/helm.ts";

const started = Date.now();
const binary = helm();
process.stdout.write(`# helm: ${binary} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
