import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { InputError } from "../base/diagnostics.ts";
import { createProject } from "../pipeline.ts";
import { diagnose, load, only, presetOf, specOf, where } from "./testing/preset-assertions.ts";
import {
  acmeTree,
  CI_WORKFLOW,
  positionIn,
  PRESET,
  SPEC,
  tree,
} from "./testing/preset-fixtures.ts";

test("a preset's defaults fill what the spec leaves out; the spec's own values win", () => {
  const root = acmeTree();
  const { model, preset } = load(root);
  assert.equal(model.image, "registry.acme.internal/platform/shop-operator");
  assert.equal(model.namespace, "acme-shop", "the spec's namespace wins over none");
  assert.equal(model.labels["acme.com/team"], "platform");
  assert.equal(model.labels["app.kubernetes.io/name"], "shop-operator");
  assert.deepEqual(model.rbac.watchNamespaces, ["team-a"]);
  assert.equal(model.operator.concurrency, 4);
  assert.deepEqual(model.operator.resources.limits, { cpu: "250m", memory: "192Mi" });
  assert.deepEqual(model.operator.resources.requests, { cpu: "10m", memory: "64Mi" });
  assert.equal(model.operator.heapMiB, 144);
  assert.equal(preset?.name, "acme-platform");
  assert.equal(preset?.version, "1.0.0");
  assert.equal(preset?.reference, "../presets/acme");
  assert.match(preset?.sha256 ?? "", /^[0-9a-f]{64}$/);

  const own = acmeTree(
    PRESET,
    SPEC.replace(
      "  namespace: acme-shop\n",
      "  namespace: acme-shop\n  labels:\n    acme.com/team: shop\n",
    )
      .replace("operator.yaml", "")
      .concat("operator:\n  concurrency: 1\n"),
  );
  const mine = load(own).model;
  assert.equal(mine.labels["acme.com/team"], "shop");
  assert.equal(mine.labels["acme.com/cost-center"], "4711", "mappings merge key by key");
  assert.equal(mine.operator.concurrency, 1);
});

test("the preset's files are rendered with the operator's names, ${{ }} left alone", () => {
  const { model } = load(acmeTree());
  const byPath = new Map(model.extraFiles.map((f) => [f.path, f.content]));
  assert.equal(byPath.get("CODEOWNERS"), "* @acme/shop-operator-owners\n");
  assert.equal(
    byPath.get(".github/workflows/ci.yaml"),
    CI_WORKFLOW.replace("{{name}}", "shop-operator").replace(
      "{{image}}",
      "registry.acme.internal/platform/shop-operator",
    ),
  );
  assert.match(byPath.get(".github/workflows/ci.yaml")!, /\$\{\{ matrix\.os \}\}/);
});

test("the fingerprint changes with the preset's text and with the files it renders", () => {
  const a = load(acmeTree()).preset!.sha256;
  assert.equal(load(acmeTree()).preset!.sha256, a, "same preset, another place: same hash");
  assert.notEqual(
    load(acmeTree(PRESET.replace("concurrency: 4", "concurrency: 3"))).preset!.sha256,
    a,
  );
  const otherCi = acmeTree(PRESET, SPEC, { "presets/acme/files/ci.yaml": "name: ci2\n" });
  assert.notEqual(load(otherCi).preset!.sha256, a);
});

test("a spec value that breaks a constraint is reported at its line:col in operator.yaml, naming the rule", () => {
  const spec = SPEC.replace("namespace: acme-shop", "namespace: kube-system").concat(
    `rbac:\n  watchNamespaces: [team-a, prod]\n  rules:\n    - apiGroups: [""]\n      resources: [secrets]\n      verbs: [get]\noperator:\n  resources:\n    limits:\n      memory: 1Gi\n`,
  );
  const root = acmeTree(PRESET, spec);
  const all = diagnose(root);
  const file = specOf(root);
  const ns = all.filter((d) => d.code === "PRESET021");
  assert.deepEqual(ns.map(where), [
    `${file}:${positionIn(spec, "kube-system")} PRESET021`,
    `${file}:${positionIn(spec, "prod")} PRESET021`,
  ]);
  assert.match(ns[0]!.message, /\[preset acme-platform: constraints\.allowedNamespaces\]/);
  const rule = only(all, "PRESET026");
  assert.equal(
    where(rule),
    `${file}:${positionIn(spec, "- apiGroups", "rules:").replace(/:(\d+)$/, (_, c) => `:${Number(c) + 2}`)} PRESET026`,
  );
  assert.match(rule.message, /vault sidecar/);
  const memory = only(all, "PRESET024");
  assert.equal(where(memory), `${file}:${positionIn(spec, "1Gi")} PRESET024`);
  assert.match(memory.message, /constraints\.maxResources/);
});

test("things the spec must have and lacks are reported at the key that should hold them", () => {
  const preset = PRESET.replace(
    "requiredConditions: [Ready]",
    "requiredConditions: [Ready, Degraded]",
  )
    .concat(`  - path: LICENSE-HEADER\n    content: "Copyright ACME"\n`)
    .replace("  rbac:\n    watchNamespaces: [team-a]\n", "");
  const spec = SPEC.concat("status:\n  conditions:\n    - type: Ready\n").replace(
    "  versions:",
    "  scope: Cluster\n  versions:",
  );
  const root = acmeTree(
    preset.replace("constraints:\n", "constraints:\n  allowedScopes: [Namespaced]\n"),
    spec,
  );
  const all = diagnose(root);
  const file = specOf(root);
  assert.equal(
    where(only(all, "PRESET025")),
    `${file}:${positionIn(spec, "conditions:")} PRESET025`,
  );
  assert.equal(where(only(all, "PRESET022")), `${file}:1:1 PRESET022`);
  const scope = only(all, "PRESET023");
  assert.match(scope.message, /constraints\.allowedScopes/);
});

test("a default that breaks the chain's own constraint is reported in the preset file", () => {
  const preset = PRESET.replace("        memory: 192Mi", "        memory: 512Mi");
  const root = acmeTree(preset);
  const d = only(diagnose(root), "PRESET024");
  assert.equal(where(d), `${presetOf(root)}:${positionIn(preset, "512Mi")} PRESET024`);
  assert.equal(d.path, "defaults.operator.resources.limits.memory");
});

test("a bad default is reported where the preset wrote it, with the spec's own rule", () => {
  const preset = PRESET.replace(
    "    concurrency: 4",
    "    concurrency: 4\n    resyncPeriod: 10 minutes",
  );
  const root = acmeTree(preset);
  const d = only(diagnose(root), "SEM054");
  assert.equal(where(d), `${presetOf(root)}:${positionIn(preset, "10 minutes")} SEM054`);
});

test("an invalid preset gets located diagnostics in the preset file", () => {
  const preset = PRESET.replace(
    "  operator:\n    concurrency: 4",
    "  operator:\n    concurency: 4",
  ).replace("  requiredConditions: [Ready]", "  requiredConditions: ready");
  const root = acmeTree(preset);
  const all = diagnose(root);
  const file = presetOf(root);
  assert.equal(where(only(all, "SPEC001")), `${file}:${positionIn(preset, "concurency")} SPEC001`);
  assert.match(only(all, "SPEC001").hint ?? "", /concurrency/);
  assert.equal(where(only(all, "SPEC003")), `${file}:${positionIn(preset, "ready")} SPEC003`);
});

test("a preset that is not YAML, or not a mapping, reports in the preset file", () => {
  const root = acmeTree("kind: [unclosed\n");
  const d = diagnose(root)[0]!;
  assert.equal(d.file, presetOf(root));
  assert.equal(d.code, "YAML001");
});

test("files: a source outside the preset, both sources, a reserved path, a path the generator renders", async () => {
  const preset = PRESET.replace("from: files/ci.yaml", "from: ../../shop/operator.yaml").concat(
    `  - path: .create-operator/lock.json\n    content: "{}"\n  - path: NOTES.md\n    content: x\n    from: files/ci.yaml\n`,
  );
  const root = acmeTree(preset);
  const all = diagnose(root);
  const file = presetOf(root);
  assert.equal(
    where(only(all, "PRESET005")),
    `${file}:${positionIn(preset, "../../shop")} PRESET005`,
  );
  assert.equal(
    where(only(all, "PRESET011")),
    `${file}:${positionIn(preset, ".create-operator/lock.json")} PRESET011`,
  );
  assert.equal(
    where(only(all, "PRESET010")),
    `${file}:${positionIn(preset, "path: NOTES.md")} PRESET010`,
  );

  const clashing = PRESET.concat(`  - path: package.json\n    content: "{}"\n`);
  const clashRoot = acmeTree(clashing);
  await assert.rejects(
    createProject(
      readFileSync(specOf(clashRoot), "utf8"),
      specOf(clashRoot),
      join(clashRoot, "shop"),
      { dryRun: true },
    ),
    (error: unknown) => {
      assert.ok(error instanceof InputError);
      const d = only(error.diagnostics, "PRESET012");
      assert.equal(
        where(d),
        `${presetOf(clashRoot)}:${positionIn(clashing, "package.json")} PRESET012`,
      );
      return true;
    },
  );
});

test("a preset may extend another: base defaults first, constraints of both apply", () => {
  const base = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-base
defaults:
  metadata:
    namespace: base-system
    labels:
      acme.com/org: acme
  operator:
    concurrency: 8
constraints:
  allowedScopes: [Namespaced]
`;
  const child = PRESET.replace(
    "metadata:\n  name: acme-platform",
    "extends: ../base\nmetadata:\n  name: acme-platform",
  );
  const spec = SPEC.replace("  namespace: acme-shop\n", "")
    .replace("  versions:", "  scope: Cluster\n  versions:")
    .concat("rbac:\n  watchNamespaces: []\n");
  const root = acmeTree(child, spec, { "presets/base/preset.yaml": base });
  const all = diagnose(root);
  assert.match(only(all, "PRESET023").message, /preset acme-base/);
  const namespace = only(all, "PRESET021");
  assert.match(namespace.message, /base-system.*\[preset acme-platform/);
  assert.equal(
    where(namespace),
    `${join(root, "presets/base/preset.yaml")}:${positionIn(base, "base-system")} PRESET021`,
    "the base's default is checked against the child's list, and reported where it is written",
  );
  const ok = acmeTree(child, SPEC, { "presets/base/preset.yaml": base });
  const { model } = load(ok);
  assert.equal(model.labels["acme.com/org"], "acme");
  assert.equal(model.labels["acme.com/team"], "platform");
  assert.equal(model.operator.concurrency, 4, "the child overrides the base");
});

test("presets that extend each other in a cycle are refused at the extends that closes it", () => {
  const a = PRESET.replace(
    "metadata:\n  name: acme-platform",
    "extends: ../b\nmetadata:\n  name: acme-platform",
  );
  const b = `apiVersion: create-operator.dev/v1alpha1\nkind: OperatorPreset\nextends: ../acme\nmetadata:\n  name: b\n`;
  const root = acmeTree(a, SPEC, { "presets/b/preset.yaml": b });
  const d = only(diagnose(root), "PRESET003");
  assert.equal(
    where(d),
    `${join(root, "presets/b/preset.yaml")}:${positionIn(b, "../acme")} PRESET003`,
  );
  assert.match(d.message, /acme-platform → b → \.\.\/acme/);
});

test("a missing preset names every place it looked", () => {
  const root = acmeTree(PRESET, SPEC.replace("../presets/acme", "../presets/nope"));
  const d = only(diagnose(root), "PRESET001");
  assert.equal(where(d), `${specOf(root)}:${positionIn(SPEC, "../presets/acme")} PRESET001`);
  assert.ok(d.message.includes(join(root, "presets/nope")), d.message);

  const pkg = acmeTree(PRESET, SPEC.replace("../presets/acme", '"@acme/operator-preset@^1.0.0"'));
  const missing = only(diagnose(pkg), "PRESET001");
  for (const dir of [
    join(pkg, "shop/node_modules/@acme/operator-preset"),
    join(pkg, "node_modules/@acme/operator-preset"),
  ])
    assert.ok(missing.message.includes(dir), `${dir} in ${missing.message}`);
  assert.match(missing.hint ?? "", /npm install --save-dev @acme\/operator-preset/);
});

test("a package preset is found in node_modules above the project, and its version must satisfy the range", () => {
  const files = {
    "node_modules/@acme/operator-preset/preset.yaml": PRESET,
    "node_modules/@acme/operator-preset/files/ci.yaml": CI_WORKFLOW,
    "node_modules/@acme/operator-preset/package.json": JSON.stringify({
      name: "@acme/operator-preset",
      version: "1.4.2",
    }),
  };
  const ok = tree({
    ...files,
    "shop/operator.yaml": SPEC.replace("../presets/acme", '"@acme/operator-preset@^1.2.0"'),
  });
  const { preset, model } = load(ok);
  assert.deepEqual([preset?.name, preset?.version], ["acme-platform", "1.4.2"]);
  assert.equal(model.labels["acme.com/team"], "platform");
  const old = tree({
    ...files,
    "shop/operator.yaml": SPEC.replace("../presets/acme", '"@acme/operator-preset@^2"'),
  });
  const d = only(diagnose(old), "PRESET002");
  assert.match(d.message, /version 1\.4\.2, which does not satisfy \^2/);
  const bad = tree({
    ...files,
    "shop/operator.yaml": SPEC.replace("../presets/acme", "Not A Package"),
  });
  assert.match(
    only(diagnose(bad), "PRESET001").message,
    /neither a path .* nor an npm package name/,
  );
});

test("a spec without extends is untouched by the preset stage", () => {
  const root = tree({
    "shop/operator.yaml": SPEC.replace("extends: ../presets/acme\n", "").replace(
      "  namespace: acme-shop\n",
      "",
    ),
  });
  const { model, preset } = load(root);
  assert.equal(preset, undefined);
  assert.equal(model.image, "shop-operator");
  assert.deepEqual(model.extraFiles, []);
});

test("an image outside the allowed registries, and RBAC grants the preset requires", () => {
  const preset = PRESET.replace(
    "  requiredConditions: [Ready]\n",
    '  requiredConditions: [Ready]\n  requiredRules:\n    - apiGroups: [""]\n      resources: [events]\n      verbs: [create, patch]\n      reason: audit trail\n',
  );
  const spec = SPEC.replace(
    "  namespace: acme-shop\n",
    "  namespace: acme-shop\n  image: docker.io/shop:1\n",
  ).concat(
    'rbac:\n  rules:\n    - apiGroups: [""]\n      resources: [events]\n      verbs: [create]\n',
  );
  const root = acmeTree(preset, spec);
  const all = diagnose(root);
  const file = specOf(root);
  const image = only(all, "PRESET020");
  assert.equal(where(image), `${file}:${positionIn(spec, "docker.io/shop:1")} PRESET020`);
  assert.match(image.message, /constraints\.imageRegistries/);
  const rule = only(all, "PRESET027");
  assert.equal(where(rule), `${file}:${positionIn(spec, "rules:")} PRESET027`);
  assert.match(rule.message, /must grant patch events \(audit trail\)/);
});

test("a preset may extend an npm package installed beside it, within a version range", () => {
  const base = (version: string) => ({
    "presets/acme/node_modules/@acme/base-preset/package.json": JSON.stringify({
      name: "@acme/base-preset",
      version,
    }),
    "presets/acme/node_modules/@acme/base-preset/preset.yaml": `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-base
defaults:
  metadata:
    labels:
      acme.com/org: acme
  operator:
    concurrency: 8
    leaderElection: false
`,
    // Where operator.yaml would look, not the preset: never read.
    "shop/node_modules/@acme/base-preset/package.json": JSON.stringify({
      name: "@acme/base-preset",
      version: "2.9.0",
    }),
  });
  const child = PRESET.replace(
    "metadata:\n  name: acme-platform",
    'extends: "@acme/base-preset@^2.1.0"\nmetadata:\n  name: acme-platform',
  );
  const root = acmeTree(child, SPEC, base("2.3.0"));
  const { model, preset } = load(root);
  assert.equal(model.labels["acme.com/org"], "acme", "the package's defaults apply");
  assert.equal(model.labels["acme.com/team"], "platform");
  assert.equal(model.operator.concurrency, 4, "the preset that extends it overrides");
  assert.equal(model.operator.leaderElection, false);
  assert.deepEqual([preset?.name, preset?.version], ["acme-platform", "1.0.0"]);

  // The same base as a folder: the same operator; a new base version moves the fingerprint.
  const folder = acmeTree(child.replace('"@acme/base-preset@^2.1.0"', "../base"), SPEC, {
    "presets/base/preset.yaml":
      base("2.3.0")["presets/acme/node_modules/@acme/base-preset/preset.yaml"],
  });
  const fromFolder = load(folder).model;
  assert.deepEqual({ ...fromFolder, specSource: "" }, { ...model, specSource: "" });
  assert.notEqual(load(acmeTree(child, SPEC, base("2.4.0"))).preset!.sha256, preset!.sha256);

  const old = acmeTree(child, SPEC, base("1.9.0"));
  const d = only(diagnose(old), "PRESET002");
  assert.equal(where(d), `${presetOf(old)}:${positionIn(child, '"@acme/base-preset')} PRESET002`);
  assert.equal(
    d.message,
    `@acme/base-preset in ${join(old, "presets/acme/node_modules/@acme/base-preset")} is version 1.9.0, which does not satisfy ^2.1.0`,
  );
});
