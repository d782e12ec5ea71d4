// `validate` and `new` read a spec's relative `extends:` the same way (issue 22, finding 10). The
// path is relative to the folder of the operator.yaml that holds it: for `validate` the spec's own
// folder, for `new` the project folder the spec is copied to. So `new` writes the path that names
// the same preset from the project folder, and says so; before, a spec that validated was refused
// by `new` ("no preset at …") whenever the two folders differed.

import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fleetSpec } from "./fleet-fixture.ts";
import { REPO_ROOT, runCli, tempDir } from "./support.ts";

test("a spec that extends a preset beside it: valid, and new makes the project from it", () => {
  const root = tempDir("new-extends");
  mkdirSync(join(root, "specs"));
  cpSync(join(REPO_ROOT, "examples/presets/acme-platform"), join(root, "specs/acme"), {
    recursive: true,
  });
  const spec = fleetSpec("shop-operator", "Shop").replace(
    "kind: OperatorSpec\n",
    "kind: OperatorSpec\nextends: ./acme\n",
  );
  assert.match(spec, /^extends: \.\/acme$/m);
  writeFileSync(join(root, "specs/shop.yaml"), spec);

  const validated = runCli(["validate", "specs/shop.yaml"], { cwd: root });
  assert.equal(validated.status, 0, validated.stdout + validated.stderr);

  const made = runCli(["new", "out/shop-operator", "--spec", "specs/shop.yaml"], { cwd: root });
  assert.equal(made.status, 0, made.stdout + made.stderr);
  const written = readFileSync(join(root, "out/shop-operator/operator.yaml"), "utf8");
  assert.match(
    written,
    /^extends: \.\.\/\.\.\/specs\/acme$/m,
    "the same preset, seen from the project",
  );
  assert.match(
    made.stdout + made.stderr,
    /extends: \.\/acme .* written as \.\.\/\.\.\/specs\/acme/,
  );
  const lock = JSON.parse(
    readFileSync(join(root, "out/shop-operator/.create-operator/lock.json"), "utf8"),
  );
  assert.equal(lock.preset.name, "acme-platform");
  // And the project's own spec validates where it now lives.
  const again = runCli(["validate", "out/shop-operator/operator.yaml"], { cwd: root });
  assert.equal(again.status, 0, again.stdout + again.stderr);
});
