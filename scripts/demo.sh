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
# The project pins this generator and its libraries (@create-operator/runtime, @create-operator/envtest)
# at one exact version, and none is on the npm registry yet: install this checkout's packed
# tarballs in their place (as the e2e tests do).
pack_dir=$(mktemp -d)
trap 'rm -rf "$pack_dir"' EXIT
npm pack --ignore-scripts --silent --pack-destination "$pack_dir" >/dev/null
npm pack --ignore-scripts --silent --pack-destination "$pack_dir" --workspace packages/runtime --workspace packages/envtest >/dev/null
cd demo/database-operator
npm install --no-audit --no-fund --no-save "$pack_dir"/*.tgz
npm run typecheck
npm run build
npm test
echo "demo/database-operator is ready: see its README.md"
