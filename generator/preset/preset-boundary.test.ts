// The preset boundary (issue 22, findings 1 and 2): what a preset writes stays among its own
// files in the project, whatever the spelling; what it reads stays in its own folder, whatever
// links lie on the way. Every refusal is a PRESET error located in the preset file.

import assert from "node:assert/strict";
import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { InputError } from "../base/diagnostics.ts";
import { createProject } from "../pipeline.ts";
import { diagnose, load, only, presetOf, specOf, where } from "./testing/preset-assertions.ts";
import {
  acmeTree,
  PRESET,
  positionIn,
  SPEC,
  tree,
  CI_WORKFLOW,
} from "./testing/preset-fixtures.ts";

const SECRET = "root:x:0:0:secret-token-4711\n";

const withFile = (path: string, content = "x") =>
  PRESET.concat(`  - path: ${JSON.stringify(path)}\n    content: ${JSON.stringify(content)}\n`);

for (const path of [
  ".git/config",
  ".GIT/config",
  ".Git/hooks/pre-commit",
  ".git./config",
  ".g\u200cit/config",
  "vendor/.git/config",
  "node_modules/left-pad/index.js",
  "Node_Modules/.bin/tsc",
  "packages/a/node_modules/x.js",
  ".create-operator/lock.json",
  ".Create-Operator/base/src/main.ts",
  "OPERATOR.YAML",
  "a/../.git/config",
  "./CODEOWNERS",
  "/etc/passwd",
]) {
  test(`a preset may not write ${JSON.stringify(path)}: PRESET011 at the path, and new refuses`, async () => {
    const preset = withFile(path);
    const root = acmeTree(preset);
    const d = only(diagnose(root), "PRESET011");
    assert.equal(
      where(d),
      `${presetOf(root)}:${positionIn(preset, JSON.stringify(path))} PRESET011`,
    );
    await assert.rejects(
      createProject(readFileSync(specOf(root), "utf8"), specOf(root), join(root, "out")),
      InputError,
    );
  });
}

test("two spellings of one name in a preset are one file: listed twice", () => {
  const preset = withFile("codeowners");
  const root = acmeTree(preset);
  const d = only(diagnose(root), "PRESET011");
  assert.match(d.message, /listed twice/);
});

test("validate reports a preset file at a generated path as new does: PRESET012 (issue 22, finding 10)", () => {
  for (const path of ["package.json", "PACKAGE.JSON", "src/main.ts", "config/rbac/role.yaml"]) {
    const preset = withFile(path, "{}");
    const root = acmeTree(preset);
    assert.equal(
      where(only(diagnose(root), "PRESET012")),
      `${presetOf(root)}:${positionIn(preset, JSON.stringify(path))} PRESET012`,
      path,
    );
  }
});

test("a preset file at a generated path in another case (PACKAGE.JSON) clashes: PRESET012", async () => {
  const preset = withFile("PACKAGE.JSON", "{}");
  const root = acmeTree(preset);
  await assert.rejects(
    createProject(readFileSync(specOf(root), "utf8"), specOf(root), join(root, "out"), {
      dryRun: true,
    }),
    (error: unknown) => {
      assert.ok(error instanceof InputError);
      assert.equal(
        where(only(error.diagnostics, "PRESET012")),
        `${presetOf(root)}:${positionIn(preset, '"PACKAGE.JSON"')} PRESET012`,
      );
      return true;
    },
  );
});

/** The acme tree with a secret beside it, outside the preset's folder. */
function withSecret(preset = PRESET): string {
  return acmeTree(preset, SPEC, { "secret/passwd": SECRET });
}

function assertRefusedRead(root: string, preset: string, needle: string): void {
  const all = diagnose(root);
  const d = only(all, "PRESET005");
  assert.equal(where(d), `${presetOf(root)}:${positionIn(preset, needle)} PRESET005`);
  assert.ok(!all.some((x) => x.message.includes("secret-token")), "the secret is not echoed");
  assert.throws(() => load(root), InputError);
}

test("files[].from that is a symbolic link to a file outside the preset: PRESET005", () => {
  const root = withSecret();
  const ci = join(root, "presets/acme/files/ci.yaml");
  rmSync(ci);
  symlinkSync(join(root, "secret/passwd"), ci);
  assertRefusedRead(root, PRESET, "files/ci.yaml");
});

test("files[].from through a linked folder that leads out: PRESET005", () => {
  const preset = PRESET.replace("from: files/ci.yaml", "from: shared/passwd");
  const root = withSecret(preset);
  symlinkSync(join(root, "secret"), join(root, "presets/acme/shared"));
  assertRefusedRead(root, preset, "shared/passwd");
});

test("licenseHeader.from linked to a file outside: PRESET005, and no header is rendered", () => {
  const preset = PRESET.replace("files:\n", "licenseHeader:\n  from: HEADER\nfiles:\n");
  const root = withSecret(preset);
  symlinkSync("../../secret/passwd", join(root, "presets/acme/HEADER"));
  assertRefusedRead(root, preset, "HEADER");
});

test("a hard link (a second name for a file that may be outside) is refused: PRESET005", () => {
  const preset = PRESET.replace("files:\n", "licenseHeader:\n  from: HEADER\nfiles:\n");
  const root = withSecret(preset);
  linkSync(join(root, "secret/passwd"), join(root, "presets/acme/HEADER"));
  assertRefusedRead(root, preset, "HEADER");
  assert.match(only(diagnose(root), "PRESET005").message, /2 hard links/);
});

test("`..` that normalizes back inside is still refused; a link inside the preset is fine", () => {
  const dotted = PRESET.replace("from: files/ci.yaml", "from: files/../files/ci.yaml");
  const root = acmeTree(dotted);
  assertRefusedRead(root, dotted, "files/../files/ci.yaml");

  const linked = PRESET.replace("from: files/ci.yaml", "from: ci-link.yaml");
  const ok = acmeTree(linked);
  symlinkSync("files/ci.yaml", join(ok, "presets/acme/ci-link.yaml"));
  const { model } = load(ok);
  assert.ok(model.extraFiles.some((f) => f.path === ".github/workflows/ci.yaml"));
});

/** An npm preset package in shop/node_modules, as `npm install @acme/operator-preset` leaves it. */
function packageTree(packageFiles: Record<string, string>): string {
  const spec = SPEC.replace("extends: ../presets/acme", "extends: '@acme/operator-preset@^1.0.0'");
  const files: Record<string, string> = { "shop/operator.yaml": spec, "secret/passwd": SECRET };
  for (const [path, text] of Object.entries(packageFiles))
    files[`shop/node_modules/@acme/operator-preset/${path}`] = text;
  return tree(files);
}

const PACKAGE_JSON = JSON.stringify({ name: "@acme/operator-preset", version: "1.2.0" });

test("an npm preset package whose files are links out of the package: PRESET005", () => {
  const root = packageTree({ "package.json": PACKAGE_JSON, "preset.yaml": PRESET });
  const pkg = join(root, "shop/node_modules/@acme/operator-preset");
  mkdirSync(join(pkg, "files"));
  symlinkSync(join(root, "secret/passwd"), join(pkg, "files/ci.yaml"));
  const d = only(diagnose(root), "PRESET005");
  assert.equal(d.file, join(pkg, "preset.yaml"));
  assert.match(d.message, /outside the preset's folder/);
});

test("an npm preset package whose package.json names a preset file outside it: PRESET001", () => {
  const root = packageTree({
    "package.json": JSON.stringify({
      name: "@acme/operator-preset",
      version: "1.2.0",
      "create-operator": { preset: "../../../../secret/preset.yaml" },
    }),
  });
  writeFileSync(join(root, "secret/preset.yaml"), PRESET);
  const d = only(diagnose(root), "PRESET001");
  assert.match(d.message, /outside the package/);
});

test("a linked npm preset package (npm link, workspaces) reads its own files through the link", () => {
  const root = tree({
    "shop/operator.yaml": SPEC.replace(
      "extends: ../presets/acme",
      "extends: '@acme/operator-preset'",
    ),
    "workspace/preset/package.json": PACKAGE_JSON,
    "workspace/preset/preset.yaml": PRESET,
    "workspace/preset/files/ci.yaml": CI_WORKFLOW,
  });
  mkdirSync(join(root, "shop/node_modules/@acme"), { recursive: true });
  symlinkSync(
    join(root, "workspace/preset"),
    join(root, "shop/node_modules/@acme/operator-preset"),
  );
  const { model } = load(root);
  assert.ok(model.extraFiles.some((f) => f.path === ".github/workflows/ci.yaml"));
});
