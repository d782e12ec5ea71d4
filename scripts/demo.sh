#!/usr/bin/env bash
# The main job, end to end: provide the control-plane binaries (built once from Go modules, then
# cached), generate the Database example into demo/database-operator, then install, type-check,
# build and test the generated operator (unit and envtest suites) the way its README says.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
npm run envtest
rm -rf demo/database-operator
node bin/create-operator.js new demo/database-operator --spec examples/database.yaml
# As the project's README says: its package.json pins this generator and its libraries to the
# tarballs `new` wrote into its vendor/ (they are not on the npm registry yet).
cd demo/database-operator
npm install --no-audit --no-fund
npm run typecheck
npm run build
npm test
echo "demo/database-operator is ready: see its README.md"
