// A platform team's fleet, as users drive it through the CLI: one preset in a folder (the sample
// in examples/presets/), operators created from it, a change to the preset rolled out to all of
// them with generate, `check` as the CI gate, and the same preset published as an npm package
// and moved to a new version with `upgrade`.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parseAllDocuments } from "yaml";
import { listTree, REPO_ROOT, runCli, tempDir } from "./support.ts";
import { addUserCode, changePreset, fleetSpec as spec } from "./fleet-fixture.ts";
import { runUnitTests, typecheckScenarioProjects } from "./regeneration/projects.ts";

const SAMPLE = join(REPO_ROOT, "examples/presets/acme-platform");

/** presets/acme (a copy of the sample), specs/, and operators made from them with --preset. */
function fleet(names: [string, string][]): string {
  const root = tempDir("fleet");
  cpSync(SAMPLE, join(root, "presets/acme"), { recursive: true });
  mkdirSync(join(root, "specs"));
  for (const [name, kind] of names) {
    writeFileSync(join(root, "specs", `${name}.yaml`), spec(name, kind));
    const made = runCli(
      ["new", name, "--spec", `specs/${name}.yaml`, "--preset", "./presets/acme"],
      { cwd: root },
    );
    assert.equal(made.status, 0, made.stderr);
  }
  return root;
}

const read = (...path: string[]) => readFileSync(join(...path), "utf8");
const lockOf = (dir: string) => JSON.parse(read(dir, ".create-operator/lock.json"));
const managerDocs = (dir: string) =>
  parseAllDocuments(read(dir, "config/manager/manager.yaml")).map((d) => d.toJS());
const deployment = (dir: string) => managerDocs(dir).find((d) => d.kind === "Deployment");
const check = (dir: string, ...args: string[]) => runCli(["check", ...args], { cwd: dir });
const generate = (dir: string) => runCli(["generate", "--allow-dirty"], { cwd: dir });

test("two operators from one preset: the same house style, each with its own names", () => {
  const root = fleet([
    ["shop-operator", "Shop"],
    ["cart-operator", "Cart"],
  ]);
  const [shop, cart] = [join(root, "shop-operator"), join(root, "cart-operator")];
  assert.match(
    read(shop, "operator.yaml"),
    /^extends: \.\.\/presets\/acme$/m,
    "relative to the project folder",
  );
  const header = `${read(SAMPLE, "files/license-header.txt")
    .trimEnd()
    .split("\n")
    .map((line) => `// ${line}`)
    .join("\n")}\n\n`;
  assert.match(
    header,
    /^\/\/ Copyright ACME Corporation\. All rights reserved\.\n\/\/ Proprietary/,
  );
  for (const dir of [shop, cart]) {
    // The license header heads every TypeScript file, the generator's and the team's.
    const sources = listTree(dir).filter(
      (p) => p.endsWith(".ts") && !p.startsWith(".create-operator/"),
    );
    assert.ok(sources.length > 50);
    for (const path of sources) assert.ok(read(dir, path).startsWith(header), path);
    assert.ok(!read(dir, "package.json").includes("ACME Corporation"));
    const lock = lockOf(dir);
    assert.deepEqual(
      [lock.preset.name, lock.preset.version, lock.preset.reference],
      ["acme-platform", "1.0.0", "../presets/acme"],
    );
  }
  assert.equal(lockOf(shop).preset.sha256, lockOf(cart).preset.sha256);
  const style = (dir: string) => {
    const d = deployment(dir);
    const labels = Object.fromEntries(
      Object.entries(d.metadata.labels as Record<string, string>).filter(([k]) =>
        k.startsWith("acme.com/"),
      ),
    );
    const container = d.spec.template.spec.containers[0];
    return {
      labels,
      namespace: d.metadata.namespace,
      resources: container.resources,
      registry: container.image.split("/").slice(0, -1).join("/"),
    };
  };
  assert.deepEqual(style(shop), style(cart));
  assert.deepEqual(style(shop).labels, {
    "acme.com/cost-center": "cc-4711",
    "acme.com/data-classification": "internal",
    "acme.com/owner": "platform-team",
  });
  assert.equal(style(shop).registry, "registry.acme.internal/operators");
  assert.match(
    read(shop, ".github/workflows/ci.yaml"),
    /builds and pushes registry\.acme\.internal\/operators\/shop-operator:<package\.json version>/,
  );
  assert.match(
    read(cart, ".github/workflows/ci.yaml"),
    /builds and pushes registry\.acme\.internal\/operators\/cart-operator:<package\.json version>/,
  );
  assert.match(read(cart, ".github/workflows/ci.yaml"), /\$\{\{ secrets\.ACME_REGISTRY_TOKEN \}\}/);
  assert.match(read(cart, "CODEOWNERS"), /@acme\/cart-operator-maintainers/);
  const ownersTemplate = read(SAMPLE, "files/CODEOWNERS");
  assert.equal(read(shop, "CODEOWNERS").replaceAll("shop-operator", "{{name}}"), ownersTemplate);
  assert.equal(read(cart, "CODEOWNERS").replaceAll("cart-operator", "{{name}}"), ownersTemplate);
});

test("check: passes as generated, fails on a hand edit (with a diff) and on a preset violation, passes after generate", () => {
  const root = fleet([["shop-operator", "Shop"]]);
  const shop = join(root, "shop-operator");
  const clean = check(shop);
  assert.equal(clean.status, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /matches operator\.yaml, preset acme-platform@1\.0\.0/);

  const ci = join(shop, ".github/workflows/ci.yaml");
  writeFileSync(ci, read(ci).replace("npm test", "npm test || true"));
  const edited = check(shop);
  assert.equal(edited.status, 1, edited.stdout);
  assert.match(edited.stdout, /^edited +\.github\/workflows\/ci\.yaml/m);
  assert.match(edited.stdout, /^-      - run: npm test \|\| true$/m);
  assert.match(edited.stdout, /^\+      - run: npm test$/m);
  const json = JSON.parse(check(shop, "--json").stdout);
  assert.equal(json.ok, false);
  assert.deepEqual(json.diagnostics, []);
  assert.deepEqual(
    json.drift.map((d: { path: string; kind: string }) => `${d.kind} ${d.path}`),
    ["edited .github/workflows/ci.yaml"],
  );
  // A scaffold-once file is the user's: editing it never fails check.
  writeFileSync(
    join(shop, "src/hooks/shop-status.ts"),
    read(shop, "src/hooks/shop-status.ts") + "// mine\n",
  );
  const forced = runCli(["generate", "--allow-dirty", "--force"], { cwd: shop });
  assert.equal(forced.status, 0, forced.stderr);
  assert.equal(check(shop).status, 0, "the render is back; the user's file does not count");

  const specPath = join(shop, "operator.yaml");
  const original = read(specPath);
  const bad = original.replace(
    "  name: shop-operator\n",
    "  name: shop-operator\n  namespace: kube-system\n",
  );
  writeFileSync(specPath, bad);
  const violation = check(shop);
  assert.equal(violation.status, 1);
  const line = bad.split("\n").findIndex((l) => l.includes("kube-system")) + 1;
  assert.ok(
    violation.stderr.includes(
      `${specPath}:${line}:14 error PRESET021 metadata.namespace: the operator's namespace kube-system is not one it allows (acme-operators, acme-apps, team-*) [preset acme-platform: constraints.allowedNamespaces]`,
    ),
    violation.stderr,
  );
  // For bots: the same document as drift, with the violation located.
  const violationJson = check(shop, "--json");
  assert.equal(violationJson.status, 1);
  const document = JSON.parse(violationJson.stdout);
  assert.deepEqual(Object.keys(document), [
    "ok",
    "root",
    "generator",
    "preset",
    "drift",
    "diagnostics",
    "warnings",
  ]);
  assert.equal(document.ok, false);
  assert.equal(document.root, shop);
  assert.equal(document.preset.name, "acme-platform");
  assert.deepEqual(document.drift, []);
  const errors = document.diagnostics.filter((d: { severity: string }) => d.severity === "error");
  assert.deepEqual(
    errors.map(
      (d: { file: string; position: { line: number; col: number }; code: string }) =>
        `${d.file}:${d.position.line}:${d.position.col} ${d.code}`,
    ),
    [`${specPath}:${line}:14 PRESET021`],
  );
  assert.match(errors[0].message, /\[preset acme-platform: constraints\.allowedNamespaces\]$/);
  assert.equal(violationJson.stderr, "", "JSON only, on stdout");
  writeFileSync(
    specPath,
    original.replace("  name: shop-operator\n", "  name: shop-operator\n  namespace: team-shop\n"),
  );
  assert.equal(check(shop).status, 1, "a spec change not yet generated");
  assert.equal(generate(shop).status, 0);
  assert.equal(check(shop).status, 0);
  assert.equal(deployment(shop).metadata.namespace, "team-shop");
});

test("a preset change rolled out with generate keeps each operator's user code and passes its tests", () => {
  const root = fleet([
    ["shop-operator", "Shop"],
    ["cart-operator", "Cart"],
  ]);
  const names = ["shop-operator", "cart-operator"] as const;
  const dirs = names.map((name) => join(root, name));
  const mine = names.map((name, i) => addUserCode(dirs[i]!, name));
  const before = dirs.map((dir, i) => ({
    hook: read(dir, mine[i]!.hook),
    test: read(dir, mine[i]!.test),
  }));
  for (const dir of dirs)
    writeFileSync(
      join(dir, "README.md"),
      read(dir, "README.md") + "\n## On call\n\nPage the owners.\n",
    );
  changePreset(join(root, "presets/acme"));

  for (const [i, dir] of dirs.entries()) {
    const stale = check(dir);
    assert.equal(stale.status, 1, "check notices the preset moved");
    assert.match(stale.stdout, /^stale +config\/manager\/manager\.yaml/m);
    assert.match(stale.stdout, /^stale +test\/faults\/shutdown\.test\.ts/m, "the header moved");
    const result = generate(dir);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /\.github\/workflows\/ci\.yaml/);
    assert.equal(read(dir, mine[i]!.hook), before[i]!.hook, "the team's hook, byte for byte");
    assert.equal(read(dir, mine[i]!.test), before[i]!.test, "the team's test, byte for byte");
    assert.match(
      read(dir, "README.md"),
      /## On call\n\nPage the owners\./,
      "user README section merged",
    );
    assert.equal(deployment(dir).metadata.labels["acme.com/tier"], "gold");
    assert.equal(deployment(dir).spec.template.spec.containers[0].resources.limits.cpu, "300m");
    assert.match(read(dir, ".github/workflows/ci.yaml"), /npm run lint --if-present/);
    assert.match(
      read(dir, "test/faults/shutdown.test.ts"),
      /^\/\/ Copyright 2026 ACME Corporation\./,
    );
    assert.match(
      read(dir, mine[i]!.hook),
      /^\/\/ Copyright ACME Corporation\./,
      "a scaffolded file keeps the header it was written with",
    );
    assert.equal(lockOf(dir).preset.version, "1.1.0");
    assert.equal(check(dir).status, 0);
    assert.match(generate(dir).stdout + generate(dir).stderr, /Nothing to do/);
  }
  // Both regenerated projects type-check (the teams' code with them) and pass their unit tests,
  // the teams' own among them.
  const errors = typecheckScenarioProjects(root, dirs);
  assert.deepEqual([...errors], []);
  for (const [i, dir] of dirs.entries()) {
    const unit = runUnitTests(dir);
    assert.equal(unit.status, 0, unit.output.slice(-3000));
    for (const name of mine[i]!.testNames)
      assert.match(unit.output, new RegExp(`^✔ ${name.replace(/[.;]/g, "\\$&")}`, "m"), name);
    process.stdout.write(`# ${names[i]}: ${unit.summary}\n`);
  }
});

function npm(cwd: string, ...args: string[]): string {
  const result = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline"], {
    cwd,
    encoding: "utf8",
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/** npm pack of a preset folder: the tarball's path. */
function pack(folder: string, destination: string): string {
  const [{ filename }] = JSON.parse(
    npm(folder, "pack", "--json", "--pack-destination", destination),
  ) as [{ filename: string }];
  return join(destination, filename);
}

test("a preset from an npm package renders like the same preset from a folder; upgrade moves it to a new version", () => {
  const root = fleet([["shop-operator", "Shop"]]);
  const folderMade = join(root, "shop-operator");
  const tarballs = tempDir("preset-tarballs");
  const v1 = pack(join(root, "presets/acme"), tarballs);
  const presetFile = join(root, "presets/acme/preset.yaml");
  writeFileSync(
    presetFile,
    read(presetFile).replace(
      "      acme.com/owner: platform-team\n",
      "      acme.com/owner: platform-team\n      acme.com/tier: gold\n",
    ),
  );
  const pkg = join(root, "presets/acme/package.json");
  writeFileSync(pkg, read(pkg).replace('"version": "1.0.0"', '"version": "2.0.0"'));
  const v2 = pack(join(root, "presets/acme"), tarballs);

  // The team's repository: a package.json with the preset installed, the operator inside it.
  const workspace = tempDir("fleet-npm");
  writeFileSync(
    join(workspace, "package.json"),
    JSON.stringify({ name: "acme-operators", private: true }),
  );
  npm(workspace, "install", v1);
  cpSync(join(root, "specs"), join(workspace, "specs"), { recursive: true });
  const made = runCli(
    [
      "new",
      "shop-operator",
      "--spec",
      "specs/shop-operator.yaml",
      "--preset",
      "@acme/operator-preset@^1.0.0",
    ],
    { cwd: workspace },
  );
  assert.equal(made.status, 0, made.stderr);
  const npmMade = join(workspace, "shop-operator");
  assert.match(read(npmMade, "operator.yaml"), /^extends: "@acme\/operator-preset@\^1\.0\.0"$/m);
  const lock = lockOf(npmMade);
  assert.deepEqual(
    [lock.preset.name, lock.preset.version, lock.preset.sha256],
    ["acme-platform", "1.0.0", lockOf(folderMade).preset.sha256],
  );
  // Everything but the spec's own extends line (and what records it) is byte-identical.
  const recordsSpec = new Set([
    "operator.yaml",
    ".create-operator/lock.json",
    ".create-operator/base/operator.yaml",
  ]);
  const files = listTree(folderMade).filter((p) => !recordsSpec.has(p));
  assert.deepEqual(
    listTree(npmMade).filter((p) => !recordsSpec.has(p)),
    files,
  );
  for (const path of files) assert.equal(read(npmMade, path), read(folderMade, path), path);
  assert.equal(check(npmMade).status, 0);

  // An edit of the spec's own since the last generate: upgrade keeps it, merges nothing over it.
  const specPath = join(npmMade, "operator.yaml");
  writeFileSync(
    specPath,
    read(specPath)
      .replace("Runs Shop resources for ACME.", "Runs ACME's shops.")
      .replace(
        'extends: "@acme/operator-preset@^1.0.0"',
        "extends: '@acme/operator-preset@^1.0.0' # house style",
      ),
  );
  // Not installed yet: upgrade says so and writes nothing.
  const before = read(npmMade, "operator.yaml");
  const early = runCli(["upgrade", "--preset-version", "^2.0.0"], { cwd: npmMade });
  assert.equal(early.status, 1);
  assert.match(
    early.stderr,
    /PRESET002 extends: @acme\/operator-preset in .* is version 1\.0\.0, which does not satisfy \^2\.0\.0/,
  );
  assert.equal(read(npmMade, "operator.yaml"), before);

  npm(workspace, "install", v2);
  assert.equal(
    check(npmMade).status,
    1,
    "the installed preset no longer matches the range in extends",
  );
  const upgraded = runCli(["upgrade", "--preset-version", "^2.0.0"], { cwd: npmMade });
  assert.equal(upgraded.status, 0, upgraded.stdout + upgraded.stderr);
  assert.match(upgraded.stdout, /config\/manager\/manager\.yaml/);
  assert.match(
    upgraded.stdout + upgraded.stderr,
    /from acme-platform@1\.0\.0 to acme-platform@2\.0\.0 \(extends: @acme\/operator-preset@\^2\.0\.0\)/,
  );
  assert.equal(
    read(npmMade, "operator.yaml"),
    before.replace("@^1.0.0", "@^2.0.0"),
    "only the range changed",
  );
  assert.equal(lockOf(npmMade).preset.version, "2.0.0");
  assert.equal(deployment(npmMade).metadata.labels["acme.com/tier"], "gold");
  assert.equal(check(npmMade).status, 0);
});

test("a missing preset is a clear error naming where it looked", () => {
  const root = tempDir("fleet-missing");
  writeFileSync(join(root, "shop.yaml"), spec("shop-operator", "Shop"));
  const folder = runCli(["new", "shop", "--spec", "shop.yaml", "--preset", "./presets/nope"], {
    cwd: root,
  });
  assert.equal(folder.status, 1);
  assert.ok(
    folder.stderr.includes(
      `no preset at "../presets/nope": looked for ${join(root, "presets/nope")}`,
    ),
    folder.stderr,
  );
  const pkg = runCli(["new", "shop", "--spec", "shop.yaml", "--preset", "@acme/missing-preset"], {
    cwd: root,
  });
  assert.equal(pkg.status, 1);
  assert.ok(pkg.stderr.includes(join(root, "shop/node_modules/@acme/missing-preset")), pkg.stderr);
  assert.ok(pkg.stderr.includes(join(root, "node_modules/@acme/missing-preset")), pkg.stderr);
});

test("a single-file preset: new --preset ./acme.yaml, then check and generate follow the file", () => {
  const root = tempDir("fleet-file");
  const presetText = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-file
defaults:
  metadata:
    imageRegistry: registry.acme.internal/solo
    labels:
      acme.com/owner: solo-team
constraints:
  requiredLabels:
    acme.com/owner:
licenseHeader: "SPDX-License-Identifier: Apache-2.0"
files:
  - path: CODEOWNERS
    content: "* @acme/{{name}}\\n"
`;
  writeFileSync(join(root, "acme.yaml"), presetText);
  writeFileSync(join(root, "shop.yaml"), spec("shop-operator", "Shop"));
  const made = runCli(["new", "shop-operator", "--spec", "shop.yaml", "--preset", "./acme.yaml"], {
    cwd: root,
  });
  assert.equal(made.status, 0, made.stderr);
  const shop = join(root, "shop-operator");
  assert.match(read(shop, "operator.yaml"), /^extends: \.\.\/acme\.yaml$/m);
  assert.deepEqual(
    (({ reference, name, version }) => ({ reference, name, version }))(lockOf(shop).preset),
    { reference: "../acme.yaml", name: "acme-file", version: undefined },
    "a file outside any package has no version",
  );
  assert.equal(read(shop, "CODEOWNERS"), "* @acme/shop-operator\n");
  assert.match(read(shop, "src/main.ts"), /^\/\/ SPDX-License-Identifier: Apache-2\.0\n\n\/\/ /);
  const manager = deployment(shop);
  assert.equal(manager.metadata.labels["acme.com/owner"], "solo-team");
  assert.match(manager.spec.template.spec.containers[0].image, /^registry\.acme\.internal\/solo\//);
  assert.equal(check(shop).status, 0);

  writeFileSync(join(root, "acme.yaml"), presetText.replace("solo-team", "duo-team"));
  const stale = check(shop);
  assert.equal(stale.status, 1);
  assert.match(stale.stdout, /^stale +config\/manager\/manager\.yaml/m);
  assert.equal(generate(shop).status, 0);
  assert.equal(deployment(shop).metadata.labels["acme.com/owner"], "duo-team");
  assert.equal(check(shop).status, 0);
});
