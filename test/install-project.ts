// How this repository's tests install a generated project: exactly as its README tells a user,
// `npm install` in the project. create-operator and its libraries are not on the registry while
// they are developed here, so `new` and `generate` vendor them into the project's vendor/ folder
// (generator/vendor/vendored-packages.ts), packed by `npm run build` from this very checkout: the
// project installs the generator and the libraries under test, never a released version.
// Everything else comes from the registry as it does for a user.

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./support.ts";

/** The library packages a generated project depends on, as npm workspaces of this repository. */
export const LIBRARY_WORKSPACES = ["packages/runtime", "packages/envtest"];

/** `npm install` arguments for a generated project in this repository's tests. */
export function installArguments(): string[] {
  assert.ok(
    existsSync(join(REPO_ROOT, "dist/packed")),
    "run npm run build first: it packs the packages a generated project vendors",
  );
  return ["install", "--no-audit", "--no-fund", "--prefer-offline"];
}
