// Presets for the property test and the fuzz: random valid presets (every defaults section,
// status.conditions included, every constraint kind and a license header, drawn independently of
// the spec, so some specs break some constraints),
// and mutations that make a preset invalid. Whatever comes in, checking a spec that extends it
// must end in diagnostics that each point at a real line:col of the spec or a preset file, and
// never in an exception.

import fc from "fast-check";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import type { Diagnostic } from "../../../generator/base/diagnostics.ts";
import { checkSource } from "../../../generator/pipeline.ts";
import type { Rand } from "./mutations.ts";

export type Preset = Record<string, any>;

const labelKey = fc.constantFrom(
  "acme.com/team",
  "acme.com/cost-center",
  "tier",
  "example.org/owner",
);
const labelValue = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const namespace = fc.stringMatching(/^[a-z]([a-z0-9-]{0,12}[a-z0-9])?$/);
const conditionType = fc.constantFrom(
  "Ready",
  "Degraded",
  "Progressing",
  "Audited",
  "acme.com/Synced",
);
const headerLine = fc.stringMatching(/^[ \tA-Za-z0-9.,:()/{}-]{0,40}$/);
/** Header text: plain lines, blank ones, trailing blanks, names to fill in, CRLF. */
const licenseHeader = fc
  .tuple(
    fc.array(fc.oneof(headerLine, fc.constant("{{name}} ({{kind}})"), fc.constant("")), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([lines, eol]) => ["Copyright ACME", ...lines].join(eol));
const cpu = fc.constantFrom("10m", "50m", "250m", "500m", "1", "2");
const memory = fc.constantFrom("64Mi", "128Mi", "256Mi", "512Mi", "1Gi");

const defaults = fc.record(
  {
    metadata: fc.record(
      {
        imageRegistry: fc.constantFrom(
          "registry.acme.internal",
          "registry.acme.internal/ops",
          "ghcr.io/acme",
        ),
        namespace,
        labels: fc.dictionary(labelKey, labelValue, { maxKeys: 3 }),
      },
      { requiredKeys: [] },
    ),
    rbac: fc.record({ watchNamespaces: fc.uniqueArray(namespace, { minLength: 1, maxLength: 3 }) }),
    operator: fc.record(
      {
        concurrency: fc.integer({ min: 1, max: 16 }),
        resyncPeriod: fc.constantFrom("1m", "10m", "1h"),
        leaderElection: fc.boolean(),
        resources: fc.record(
          {
            requests: fc.record({ cpu, memory }, { requiredKeys: [] }),
            limits: fc.record(
              { cpu, memory: fc.constantFrom("256Mi", "512Mi", "1Gi") },
              { requiredKeys: [] },
            ),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
    status: fc.record({
      conditions: fc.uniqueArray(
        fc.record(
          { type: conditionType, description: fc.constantFrom("From the preset.") },
          {
            requiredKeys: ["type"],
          },
        ),
        { minLength: 1, maxLength: 3, selector: (c) => c.type },
      ),
    }),
  },
  { requiredKeys: [] },
);

const constraints = fc.record(
  {
    imageRegistries: fc.constant(["registry.acme.internal"]),
    allowedNamespaces: fc.uniqueArray(
      fc.oneof(
        namespace,
        namespace.map((n) => `${n}*`),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    allowedScopes: fc.constantFrom(["Namespaced"], ["Cluster"], ["Namespaced", "Cluster"]),
    requiredLabels: fc.dictionary(
      labelKey,
      fc.oneof(
        fc.constant(null),
        labelValue,
        fc.uniqueArray(labelValue, { minLength: 1, maxLength: 2 }),
      ),
      { minKeys: 1, maxKeys: 2 },
    ),
    concurrency: fc.record(
      { minimum: fc.integer({ min: 1, max: 6 }), maximum: fc.integer({ min: 4, max: 16 }) },
      { requiredKeys: [] },
    ),
    requireLeaderElection: fc.boolean(),
    maxResources: fc.record({ cpu, memory }, { requiredKeys: [] }),
    requiredConditions: fc.uniqueArray(fc.constantFrom("Ready", "Degraded", "Progressing"), {
      maxLength: 2,
    }),
    forbiddenRules: fc.array(
      fc.record({
        apiGroups: fc.constant([""]),
        resources: fc.constantFrom(["secrets"], ["configmaps"]),
      }),
      { maxLength: 2 },
    ),
    requiredRules: fc.array(
      fc.record({
        apiGroups: fc.constant([""]),
        resources: fc.constant(["events"]),
        verbs: fc.constant(["create"]),
      }),
      { maxLength: 1 },
    ),
  },
  { requiredKeys: [] },
);

/**
 * Labels and settings constraints a spec meets often enough to load under them: the labels
 * required are among those the defaults give (any value, or the default's own among others).
 */
const settingsConstraints = (labels: Record<string, string>) =>
  fc.record(
    {
      requiredLabels: fc
        .subarray(Object.keys(labels), { minLength: 1 })
        .chain((keys) =>
          fc.tuple(
            ...keys.map((key) =>
              fc.constantFrom<[string, null | string | string[]]>(
                [key, null],
                [key, labels[key]!],
                [key, [labels[key]!, "other"]],
              ),
            ),
          ),
        )
        .map((entries) => Object.fromEntries(entries)),
      concurrency: fc.record(
        { minimum: fc.integer({ min: 1, max: 3 }), maximum: fc.integer({ min: 4, max: 16 }) },
        { requiredKeys: [] },
      ),
      requireLeaderElection: fc.boolean(),
    },
    { requiredKeys: [] },
  );

export const validPreset: fc.Arbitrary<Preset> = fc
  .record({
    defaults,
    codeowners: fc.boolean(),
    licenseHeader: fc.option(licenseHeader, { nil: undefined }),
  })
  .chain((drawn) =>
    fc
      .oneof(
        // Most presets here constrain nothing, so that many specs load and the merge is
        // exercised; the rest constrain at random, so some specs break some constraints.
        { weight: 2, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: constraints },
        ...(Object.keys(drawn.defaults.metadata?.labels ?? {}).length > 0
          ? [{ weight: 1, arbitrary: settingsConstraints(drawn.defaults.metadata!.labels!) }]
          : []),
      )
      .map((constraints) => ({ ...drawn, constraints })),
  )
  .map(({ defaults, constraints, codeowners, licenseHeader }) => ({
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorPreset",
    metadata: { name: "fuzz-preset" },
    defaults,
    constraints,
    ...(codeowners ? { files: [{ path: "CODEOWNERS", content: "* @acme/{{name}}\n" }] } : {}),
    ...(licenseHeader !== undefined ? { licenseHeader } : {}),
  }));

/**
 * A preset with only what its oracle (presets.property.test.ts) can predict exactly: label and
 * operator-setting defaults and constraints, condition defaults, maybe a license header.
 */
export const settingsPreset: fc.Arbitrary<Preset> = fc
  .record({
    labels: fc.dictionary(labelKey, labelValue, { maxKeys: 2 }),
    operator: fc.record(
      { concurrency: fc.integer({ min: 1, max: 16 }), leaderElection: fc.boolean() },
      { requiredKeys: [] },
    ),
    conditions: fc.uniqueArray(fc.record({ type: conditionType }), {
      maxLength: 2,
      selector: (c) => c.type,
    }),
    requiredLabels: fc.dictionary(
      labelKey,
      fc.oneof(
        fc.constant(null),
        labelValue,
        fc.uniqueArray(labelValue, { minLength: 1, maxLength: 2 }),
      ),
      { maxKeys: 2 },
    ),
    minimum: fc.integer({ min: 1, max: 6 }),
    span: fc.integer({ min: 0, max: 10 }),
    requireLeaderElection: fc.boolean(),
    licenseHeader: fc.option(licenseHeader, { nil: undefined }),
  })
  .map((r) => ({
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorPreset",
    metadata: { name: "settings-preset" },
    defaults: {
      metadata: { labels: r.labels },
      operator: r.operator,
      ...(r.conditions.length > 0 ? { status: { conditions: r.conditions } } : {}),
    },
    constraints: {
      ...(Object.keys(r.requiredLabels).length > 0 ? { requiredLabels: r.requiredLabels } : {}),
      concurrency: { minimum: r.minimum, maximum: r.minimum + r.span },
      requireLeaderElection: r.requireLeaderElection,
    },
    ...(r.licenseHeader !== undefined ? { licenseHeader: r.licenseHeader } : {}),
  }));

/** Ways to break a preset; each returns its YAML text (undefined: not applicable). */
export const PRESET_MUTATIONS: ReadonlyArray<{
  name: string;
  apply(p: Preset, rand: Rand): string | undefined;
}> = [
  { name: "unknown-key", apply: (p) => stringify({ ...p, defualts: {} }) },
  { name: "wrong-kind", apply: (p) => stringify({ ...p, kind: "OperatorSpec" }) },
  {
    name: "defaults-spec-key",
    apply: (p) => stringify({ ...p, defaults: { ...p.defaults, api: { group: "x" } } }),
  },
  {
    name: "bad-concurrency",
    apply: (p) => stringify({ ...p, defaults: { ...p.defaults, operator: { concurrency: 0 } } }),
  },
  {
    name: "bad-duration",
    apply: (p) =>
      stringify({ ...p, defaults: { ...p.defaults, operator: { resyncPeriod: "soon" } } }),
  },
  {
    name: "bad-quantity",
    apply: (p) => stringify({ ...p, constraints: { maxResources: { memory: "lots" } } }),
  },
  {
    name: "missing-extends",
    apply: (p, r) =>
      stringify({ ...p, extends: r() < 0.5 ? "./nowhere" : "@acme/not-installed@^1" }),
  },
  { name: "self-extends", apply: (p) => stringify({ ...p, extends: "./preset.yaml" }) },
  {
    name: "file-outside",
    apply: (p) => stringify({ ...p, files: [{ path: "X", from: "../../etc/passwd" }] }),
  },
  {
    name: "file-two-sources",
    apply: (p) => stringify({ ...p, files: [{ path: "X", from: "a", content: "b" }] }),
  },
  {
    name: "file-reserved",
    apply: (p, r) =>
      stringify({
        ...p,
        files: [{ path: r() < 0.5 ? ".create-operator/lock.json" : "../escape", content: "x" }],
      }),
  },
  {
    name: "file-clash",
    apply: (p) => stringify({ ...p, files: [{ path: "package.json", content: "{}" }] }),
  },
  { name: "not-a-mapping", apply: () => "- just\n- a list\n" },
  { name: "yaml-syntax", apply: (p) => stringify(p).replace("kind:", "kind: [") },
  { name: "duplicate-key", apply: (p) => `${stringify(p)}kind: OperatorPreset\n` },
  { name: "tag", apply: (p) => stringify(p).replace("OperatorPreset", "!Ref OperatorPreset") },
  {
    name: "required-generator-label",
    apply: (p) =>
      stringify({ ...p, constraints: { requiredLabels: { "app.kubernetes.io/part-of": null } } }),
  },
  {
    name: "required-label-bad-value",
    apply: (p) => stringify({ ...p, constraints: { requiredLabels: { tier: ["Not Valid"] } } }),
  },
  {
    name: "concurrency-bounds-inverted",
    apply: (p, r) => {
      const minimum = 2 + Math.floor(r() * 10);
      return stringify({ ...p, constraints: { concurrency: { minimum, maximum: minimum - 1 } } });
    },
  },
  {
    name: "license-header-blank",
    apply: (p, r) => stringify({ ...p, licenseHeader: r() < 0.5 ? "" : " \n\t\n" }),
  },
  {
    name: "license-header-from-missing",
    apply: (p, r) =>
      stringify({
        ...p,
        licenseHeader: { from: r() < 0.5 ? "files/no-such-header.txt" : "../../etc/passwd" },
      }),
  },
  {
    name: "condition-default-bad-type",
    apply: (p) =>
      stringify({
        ...p,
        defaults: { ...p.defaults, status: { conditions: [{ type: "not ok" }] } },
      }),
  },
  {
    name: "condition-default-twice",
    apply: (p) =>
      stringify({
        ...p,
        defaults: {
          ...p.defaults,
          status: { conditions: [{ type: "Degraded" }, { type: "Degraded" }] },
        },
      }),
  },
  {
    name: "label-reserved",
    apply: (p) =>
      stringify({ ...p, defaults: { metadata: { labels: { "app.kubernetes.io/name": "x" } } } }),
  },
];

/** A folder with preset.yaml and a project folder whose operator.yaml extends it. */
export function writeFleet(
  presetText: string,
  spec: Record<string, any>,
): { specPath: string; specText: string; presetPath: string } {
  const root = mkdtempSync(join(tmpdir(), "preset-fuzz-"));
  const presetPath = join(root, "preset.yaml");
  writeFileSync(presetPath, presetText);
  const specText = stringify({ ...spec, extends: "./preset.yaml" });
  const specPath = join(root, "operator.yaml");
  writeFileSync(specPath, specText);
  return { specPath, specText, presetPath };
}

/** Diagnostics that do not point at a real line:col of a file that exists. */
export function unlocated(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => {
    let text: string;
    try {
      text = readFileSync(d.file, "utf8");
    } catch {
      return true;
    }
    const line = text.split("\n")[d.position.line - 1];
    return line === undefined || d.position.col < 1 || d.position.col > line.length + 1;
  });
}

export function checkFleet(presetText: string, spec: Record<string, any>) {
  const fleet = writeFleet(presetText, spec);
  return { ...fleet, diagnostics: checkSource(fleet.specText, fleet.specPath) };
}
