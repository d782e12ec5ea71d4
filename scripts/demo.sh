#!/usr/bin/env bash
# The main job, end to end: generate the Database example into demo/database-operator, then
# install, type-check, build and test the generated operator the way its README says.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
rm -rf demo/database-operator
node bin/create-operator.js new demo/database-operator --spec examples/database.yaml
cd demo/database-operator
npm install --no-audit --no-fund
npm run typecheck
npm run build
npm test
echo "demo/database-operator is ready: see its README.md"
