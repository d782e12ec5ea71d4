// Valid specs whose generated projects random specs found failing strict tsc, type-checked in
// one tsc run: one project per shape.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support.ts";
import { generate } from "./generate.ts";
import { typecheckProjects, writeProject } from "./typecheck.ts";

process.env.CREATE_OPERATOR_NO_CACHE = "1";

const HEAD = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
`;

const SHAPES: Record<string, string> = {
  "single-phase": `${HEAD}spec: { fields: { size: { type: string } } }
status:
  phases: [{ name: Available, initial: true, next: [Available] }]
`,
  "single-terminal-phase": `${HEAD}spec: { fields: { size: { type: string } } }
status:
  phases: [{ name: Done, initial: true, terminal: true }]
`,
  "input-under-nullable-object": `${HEAD}spec:
  fields:
    backup:
      type: object
      required: true
      nullable: true
      fields: { days: { type: integer, required: true } }
status: { fields: { endpoint: { type: string } } }
externalResources:
  - name: instance
    description: A cloud instance.
    inputs: [backup.days, backup]
    outputs: [endpoint]
`,
  "descriptions-that-close-comments": `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: widget-operator, description: "Ends */ a comment\\nand a line" }
api: { group: widgets.example.com, kind: Widget, versions: [{ name: v1 }] }
spec:
  description: "spec */ doc\\nsecond line"
  fields:
    size: { type: string, description: "field */ doc\\n\`tick\` \${x}" }
status:
  phases: [{ name: Pending, initial: true, next: [Pending], description: "phase */ doc\\nline" }]
  conditions: [{ type: Synced, description: "condition */ doc\\nline" }]
  fields: { endpoint: { type: string, description: "status */ doc\\nline" } }
externalResources:
  - { name: instance, description: "binding */ doc\\nline", inputs: [size], outputs: [endpoint] }
`,
  // Field names as real APIs spell them (CloudNativePG's pg_hba, kebab-case keys): quoted
  // TypeScript keys and element access wherever the generated code reads or writes them.
  "snake-and-kebab-field-names": `${HEAD}spec:
  fields:
    pg_hba: { type: array, items: { type: string } }
    max-connections: { type: integer, default: 100 }
    backup-policy:
      type: object
      fields: { retention_days: { type: integer, required: true }, storage-class: { type: string } }
status:
  conditions: [{ type: Synced }]
  fields:
    read-endpoint: { type: string }
    primary_host: { type: string }
    last-backup: { type: string }
externalResources:
  - name: instance
    description: A cloud instance.
    inputs: [max-connections, backup-policy.retention_days, backup-policy.storage-class, pg_hba]
    outputs: [read-endpoint, primary_host]
children:
  - { apiVersion: v1, kind: ConfigMap }
printerColumns:
  - { name: Connections, type: integer, jsonPath: .spec.max-connections }
  - { name: Endpoint, type: string, jsonPath: .status.read-endpoint }
`,
  // Strimzi's and Argo CD's conditions: nothing required (OpenCondition), an enum on type; no
  // status.observedGeneration, as Argo CD's Application (the reconciler wraps its client).
  "open-conditions-type-enum": `${HEAD}spec: { fields: { size: { type: string } } }
status:
  observedGeneration: false
  conditionShape: open
  conditionTypes: enum
  conditions: [{ type: Vendor.Adopted }]
externalResources:
  - { name: instance, description: A cloud instance., inputs: [size] }
`,
  // The pause mark over conditions with nothing required (found by the random specs): the
  // Paused status write must take the open shape.
  "pause-with-open-conditions": `${HEAD}spec: { fields: { size: { type: string } } }
status: { conditionShape: open }
management: { pause: { annotation: example.com/paused } }
`,
  // A reference over conditions with nothing required (found by the random specs): the
  // references suite reads Ready's status as possibly absent.
  "reference-with-open-conditions": `${HEAD}spec:
  fields: { secretName: { type: string, reference: { apiVersion: v1, kind: Secret } } }
status: { conditionShape: open }
`,
  // Other controllers' conventions: relaxed conditions with prefixed types, open phase text.
  "relaxed-conditions-open-phases": `${HEAD}spec: { fields: { size: { type: string } } }
status:
  conditionShape: relaxed
  phaseValues: open
  conditions: [{ type: Vendor.Adopted }, { type: example.com/Synced }, { type: disk_ready }]
  phases:
    - { name: Setting up primary, initial: true, next: [Creating a new replica, "Cluster in \\"healthy\\" state"] }
    - { name: Creating a new replica, next: ["Cluster in \\"healthy\\" state"] }
    - { name: "Cluster in \\"healthy\\" state", ready: true, next: [Creating a new replica] }
    - { name: Failed, terminal: true }
externalResources:
  - { name: instance, description: A cloud instance., inputs: [size] }
`,
  // spec may be left out though a field is required when it is there (spec.required: false):
  // every generated read of spec, in bindings, children and columns, must take it as optional.
  "optional-spec-with-required-field": `${HEAD}spec:
  required: false
  fields:
    size: { type: string, required: true, maxLength: 16 }
    replicas: { type: integer, default: 1 }
    tier: { type: object, fields: { name: { type: string, required: true, maxLength: 16 } } }
status:
  conditions: [{ type: Synced }]
  fields: { endpoint: { type: string } }
externalResources:
  - { name: instance, description: A cloud instance., inputs: [size, tier.name], outputs: [endpoint] }
children:
  - { apiVersion: v1, kind: ConfigMap }
printerColumns:
  - { name: Size, type: string, jsonPath: .spec.size }
`,
  // A type change whose hub side is an object (kubebuilder's multiversion CronJob: v1's cron
  // string is v2's structured schedule), converted by the user's hook below: the hooks interface
  // must name each side's type from its own version's module, objects included.
  "object-typed-hook": `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: cronjob-operator }
api:
  group: batch.tutorial.kubebuilder.io
  kind: CronJob
  versions: [{ name: v1 }, { name: v2, storage: true }]
spec:
  fields:
    schedule:
      type: object
      required: true
      fields:
        minute: { type: string }
        hour: { type: string }
        dayOfMonth: { type: string }
        month: { type: string }
        dayOfWeek: { type: string }
      versions:
        converted: hook
        changed: { v1: { type: string, minLength: 1 } }
status: { conditions: [{ type: Ready }] }
`,
  // Polymorphic references: a kind chosen by a field among other projects' kinds and the
  // operator's own (a union of resolved types), and Secret or ConfigMap in every list entry.
  "polymorphic-references": `${HEAD}spec:
  fields:
    chartRef:
      type: object
      reference:
        namespaces: any
        kinds:
          - { apiVersion: source.toolkit.fluxcd.io/v1, kind: OCIRepository, plural: ocirepositories }
          - { apiVersion: widgets.example.com/v1, kind: Widget }
      fields: { apiVersion: { type: string } }
    valuesFrom:
      type: array
      items:
        type: object
        reference: { kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }], key: optional }
        fields: { optional: { type: boolean } }
status: { conditions: [{ type: Ready }] }
`,
  // Read-only external sources (access: read) beside a managed resource: one keyed on a
  // defaulted field, one falling back to the object's name, with outputs of several types; and
  // fields beside spec and status of every shape the field language has.
  "sources-and-top-level-fields": `${HEAD}spec:
  fields:
    size: { type: integer, minimum: 1, maximum: 8, default: 2 }
    zone: { type: string, maxLength: 63, default: shared }
    network-name: { type: string, maxLength: 63, immutable: { since: creation } }
status:
  fields:
    cidr: { type: string }
    ports: { type: array, items: { type: integer } }
    labels: { type: map, values: { type: string } }
externalResources:
  - { name: zone, description: A shared zone., access: read, outputs: [cidr, ports], identity: { naturalKey: zone } }
  - name: network
    description: A network another team owns.
    access: read
    outputs: [labels]
    identity: { naturalKey: network-name, fallback: metadata.name }
  - { name: instance, description: A cloud instance., inputs: [size] }
topLevel:
  fields:
    data: { type: map, values: { type: string }, examples: [{ a: b }] }
    binary-data: { type: map, values: { type: string, format: byte } }
    provider:
      type: object
      fields:
        region: { type: string, required: true }
        tags: { type: array, items: { type: string } }
    any: { type: any }
`,
};

/** The user's code a shape needs to compile (scaffold-once files whose TODOs tsc reports). */
const USER_CODE: Record<string, Record<string, string>> = {
  "object-typed-hook": {
    "src/hooks/cron-job-conversion.ts": `import type { CronJobConversionHooks } from "../api/cron-job-conversion.ts";

const POSITIONS = ["minute", "hour", "dayOfMonth", "month", "dayOfWeek"] as const;

export const conversionHooks: CronJobConversionHooks = {
  v1: {
    "spec.schedule": {
      toHub: (cron) => {
        const parts = cron.split(" ");
        return Object.fromEntries(POSITIONS.map((p, i) => [p, parts[i]]).filter(([, f]) => f !== "*"));
      },
      fromHub: (schedule) => POSITIONS.map((p) => schedule[p] ?? "*").join(" "),
    },
  },
};
`,
  },
};

test("valid specs of unusual shape generate projects that pass strict tsc", async () => {
  const root = tempDir("tsc-shapes");
  for (const [name, source] of Object.entries(SHAPES)) {
    writeProject(join(root, name), (await generate(source)).files);
    for (const [path, content] of Object.entries(USER_CODE[name] ?? {}))
      writeFileSync(join(root, name, path), content);
  }
  const result = typecheckProjects(root, Object.keys(SHAPES));
  assert.deepEqual(Object.fromEntries(result.errors), {}, result.output.slice(0, 4000));
  assert.equal(result.status, 0, result.output.slice(0, 4000));
});
