// The constraints on labels and operator settings, and the condition defaults a preset supplies:
// each violation located (operator.yaml, or the preset when a default of its own breaks the
// rule) and naming the preset's rule; one test per diagnostic code.

import assert from "node:assert/strict";
import { test } from "node:test";
import { diagnose, load, only, presetOf, specOf, where } from "./testing/preset-assertions.ts";
import { acmeTree, positionIn, PRESET, SPEC } from "./testing/preset-fixtures.ts";

const errors = (root: string) =>
  diagnose(root)
    .filter((d) => d.severity === "error")
    .map((d) => `${where(d)} ${d.message}`);

const constrained = (extra: string, preset = PRESET) =>
  preset.replace("constraints:\n", `constraints:\n${extra}`);

const LABELS = `  requiredLabels:
    acme.com/owner:
    acme.com/team: [platform, shop]
    acme.com/tier: gold
`;

test("PRESET028: a required label operator.yaml lacks, at its metadata key or at its labels", () => {
  const root = acmeTree(constrained(LABELS));
  const missing = diagnose(root).filter((d) => d.code === "PRESET028");
  assert.deepEqual(
    missing.map(where),
    [1, 2].map(() => `${specOf(root)}:${positionIn(SPEC, "metadata:")} PRESET028`),
  );
  assert.equal(
    missing[0]!.message,
    "the label acme.com/owner is required and metadata.labels does not set it [preset acme-platform: constraints.requiredLabels]",
  );
  assert.equal(missing[0]!.hint, 'Add "acme.com/owner: <value>" to metadata.labels.');
  assert.match(missing[1]!.message, /^the label acme\.com\/tier is required/);
  assert.equal(missing[1]!.hint, 'Add "acme.com/tier: gold" to metadata.labels.');

  const spec = SPEC.replace(
    "  namespace: acme-shop\n",
    "  namespace: acme-shop\n  labels:\n    acme.com/owner: shop-team\n    acme.com/tier: gold\n",
  );
  const labelled = acmeTree(constrained(LABELS.replace("acme.com/tier: gold", "x.io/y: z")), spec);
  const d = only(diagnose(labelled), "PRESET028");
  assert.equal(where(d), `${specOf(labelled)}:${positionIn(spec, "labels:")} PRESET028`);
  assert.match(d.message, /the label x\.io\/y is required/);
});

test("PRESET029: a label value the preset does not allow, in operator.yaml or in its defaults", () => {
  const spec = SPEC.replace(
    "  namespace: acme-shop\n",
    "  namespace: acme-shop\n  labels:\n    acme.com/owner: shop-team\n    acme.com/team: web\n    acme.com/tier: silver\n",
  );
  const root = acmeTree(constrained(LABELS), spec);
  const all = diagnose(root).filter((d) => d.code === "PRESET029");
  assert.deepEqual(all.map(where), [
    `${specOf(root)}:${positionIn(spec, "web")} PRESET029`,
    `${specOf(root)}:${positionIn(spec, "silver")} PRESET029`,
  ]);
  assert.equal(
    all[0]!.message,
    'the label acme.com/team is "web", and only "platform", "shop" are allowed [preset acme-platform: constraints.requiredLabels]',
  );
  assert.equal(all[0]!.hint, "Set acme.com/team to <one of platform, shop>.");
  assert.match(all[1]!.message, /is "silver", and only "gold" is allowed/);

  // The preset's own default for the label breaks its own rule: reported where it is written.
  const preset = constrained("  requiredLabels:\n    acme.com/team: [shop]\n");
  const own = acmeTree(preset);
  const d = only(diagnose(own), "PRESET029");
  assert.equal(
    where(d),
    `${presetOf(own)}:${positionIn(preset, "platform", "acme.com/team: ")} PRESET029`,
  );
  assert.equal(d.path, "defaults.metadata.labels.acme.com/team");
});

test("PRESET030: operator.concurrency outside the preset's bounds, written, defaulted or left out", () => {
  const bounds = "  concurrency:\n    minimum: 2\n    maximum: 3\n";
  const spec = SPEC.concat("operator:\n  concurrency: 12\n");
  const root = acmeTree(constrained(bounds), spec);
  const high = only(diagnose(root), "PRESET030");
  assert.equal(where(high), `${specOf(root)}:${positionIn(spec, "12")} PRESET030`);
  assert.equal(
    high.message,
    "operator.concurrency 12 is above the maximum 3 [preset acme-platform: constraints.concurrency]",
  );
  assert.equal(high.hint, "Set operator.concurrency between 2 and 3.");

  const preset = constrained(bounds);
  const defaulted = acmeTree(preset);
  assert.equal(
    where(only(diagnose(defaulted), "PRESET030")),
    `${presetOf(defaulted)}:${positionIn(preset, "4", "concurrency: ")} PRESET030`,
    "the preset's own default of 4 is above its maximum",
  );

  // Nobody sets it: the built-in 2 is below the minimum, reported at the operator key.
  const withoutDefault = constrained(
    "  concurrency:\n    minimum: 3\n",
    PRESET.replace("    concurrency: 4\n", ""),
  );
  const left = SPEC.concat("operator:\n  resyncPeriod: 5m\n");
  const leftOut = acmeTree(withoutDefault, left);
  const low = only(diagnose(leftOut), "PRESET030");
  assert.equal(where(low), `${specOf(leftOut)}:${positionIn(left, "operator:")} PRESET030`);
  assert.match(low.message, /^operator\.concurrency 2 \(the default\) is below the minimum 3/);
});

test("PRESET031: leader election turned off where the preset requires it", () => {
  const spec = SPEC.concat("operator:\n  leaderElection: false\n");
  const root = acmeTree(constrained("  requireLeaderElection: true\n"), spec);
  const d = only(diagnose(root), "PRESET031");
  assert.equal(where(d), `${specOf(root)}:${positionIn(spec, "false")} PRESET031`);
  assert.match(d.message, /\[preset acme-platform: constraints\.requireLeaderElection\]$/);
  assert.deepEqual(
    errors(acmeTree(constrained("  requireLeaderElection: true\n"))),
    [],
    "the default (true) meets it",
  );
  assert.deepEqual(
    errors(acmeTree(constrained("  requireLeaderElection: false\n"), spec)),
    [],
    "false requires nothing",
  );
});

test("PRESET013: constraints no operator.yaml can meet are refused in the preset", () => {
  const preset = constrained(
    "  requiredLabels:\n    app.kubernetes.io/name:\n  concurrency:\n    minimum: 5\n    maximum: 2\n",
  );
  const root = acmeTree(preset);
  const all = diagnose(root).filter((d) => d.code === "PRESET013");
  assert.deepEqual(all.map(where), [
    `${presetOf(root)}:${positionIn(preset, "app.kubernetes.io/name")} PRESET013`,
    `${presetOf(root)}:${positionIn(preset, "5", "minimum: ")} PRESET013`,
  ]);
  assert.match(all[0]!.message, /the generator sets it on every object itself/);
  assert.equal(all[1]!.message, "no concurrency is at least 5 and at most 2");
});

test("the new constraint keys are checked by the preset schema, located in the preset", () => {
  const preset = constrained(
    "  requiredLabels:\n    acme.com/team: [Not A Value]\n  requireLeaderElection: yes please\n",
  );
  const root = acmeTree(preset);
  const all = diagnose(root).filter((d) => d.severity === "error");
  assert.ok(all.length >= 2, all.map(where).join(" | "));
  for (const d of all) assert.equal(d.file, presetOf(root));
  assert.ok(all.some((d) => where(d).endsWith(`${positionIn(preset, "Not A Value")} ${d.code}`)));
  assert.ok(all.some((d) => where(d).endsWith(`${positionIn(preset, "yes please")} ${d.code}`)));
});

const CONDITIONS = `  status:
    conditions:
      - type: Degraded
        description: Works, but below what the spec asks for.
      - type: Ready
        description: The preset's Ready.
`;

test("status.conditions defaults merge with the spec's by type; the spec's entry wins", () => {
  const preset = PRESET.replace("constraints:\n", `${CONDITIONS}constraints:\n`).replace(
    "requiredConditions: [Ready]",
    "requiredConditions: [Ready, Degraded]",
  );
  const spec = SPEC.concat(
    "status:\n  conditions:\n    - type: Ready\n      description: The shop serves.\n    - type: Synced\n",
  );
  const { model } = load(acmeTree(preset, spec));
  assert.deepEqual(
    model.status.conditions.map((c) => `${c.type}: ${c.description ?? ""}`),
    ["Ready: The shop serves.", "Synced: ", "Degraded: Works, but below what the spec asks for."],
  );
  // Without conditions of its own the spec gets the preset's, and meets requiredConditions.
  const bare = load(acmeTree(preset)).model;
  assert.deepEqual(
    bare.status.conditions.map((c) => `${c.type}: ${c.description ?? ""}`),
    ["Ready: The preset's Ready.", "Degraded: Works, but below what the spec asks for."],
  );
  // Without the default, requiredConditions fails as before.
  const without = acmeTree(
    PRESET.replace("requiredConditions: [Ready]", "requiredConditions: [Ready, Degraded]"),
    spec,
  );
  assert.match(only(diagnose(without), "PRESET025").message, /condition Degraded is required/);
});

test("condition defaults of a chain: the child's entries first, then the base's other types", () => {
  const base = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorPreset
metadata:
  name: acme-base
defaults:
  status:
    conditions:
      - type: Degraded
        description: base
      - type: Audited
`;
  const child = PRESET.replace(
    "metadata:\n  name: acme-platform",
    "extends: ../base\nmetadata:\n  name: acme-platform",
  ).replace(
    "constraints:\n",
    "  status:\n    conditions:\n      - type: Degraded\n        description: child\nconstraints:\n",
  );
  const spec = SPEC.concat("status:\n  conditions:\n    - type: Ready\n");
  const root = acmeTree(child, spec, { "presets/base/preset.yaml": base });
  const { model } = load(root);
  assert.deepEqual(
    model.status.conditions.map((c) => `${c.type}:${c.description ?? ""}`),
    ["Ready:", "Degraded:child", "Audited:"],
  );
});

test("a bad condition default is reported in the preset, also when it only clashes with the spec", () => {
  const preset = PRESET.replace(
    "constraints:\n",
    "  status:\n    conditions:\n      - type: Not A Type\n      - type: Synced\nconstraints:\n",
  );
  const root = acmeTree(preset);
  const sem = only(diagnose(root), "SEM035");
  assert.equal(where(sem), `${presetOf(root)}:${positionIn(preset, "Not A Type")} SEM035`);
  assert.equal(sem.path, "defaults.status.conditions[0].type");

  // Valid alone, but the spec declares the same type in another case: the preset's entry is
  // the one reported, where the preset wrote it.
  const clean = preset.replace("      - type: Not A Type\n", "");
  const spec = SPEC.concat("status:\n  conditions:\n    - type: Ready\n    - type: SYNCED\n");
  const clash = acmeTree(clean, spec);
  const d = only(diagnose(clash), "SEM155");
  assert.equal(where(d), `${presetOf(clash)}:${positionIn(clean, "Synced")} SEM155`);
  assert.equal(d.path, "defaults.status.conditions[0].type", "the preset's own index");
});
