// Test support: hand-built models (independent of the model builder) and models built from the
// repository's examples/*.yaml through the real pipeline.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseAllDocuments } from "yaml";
import type { GeneratedFile } from "../../../base/files.ts";
import { buildModel } from "../../../model/build-model.ts";
import type { FieldModel, OperatorModel } from "../../../model/types.ts";

export const EXAMPLES = ["backup-storage-location", "database", "dns-zone", "web-app"] as const;

export function exampleModel(name: (typeof EXAMPLES)[number]): OperatorModel {
  const source = readFileSync(
    join(import.meta.dirname, "../../../../examples", `${name}.yaml`),
    "utf8",
  );
  return buildModel(parse(source), source);
}

/** A FieldModel with the builder's defaults; `path` follows `name` unless given. */
export function field(
  name: string,
  type: FieldModel["type"],
  extra: Partial<FieldModel> = {},
): FieldModel {
  return {
    name,
    path: name,
    type,
    required: false,
    nullable: false,
    hasDefault: extra.default !== undefined,
    immutable: false,
    fields: [],
    rules: [],
    tsType: "unknown",
    ...(type === "array" ? { listType: "atomic" as const } : {}),
    ...extra,
  };
}

/** A namespaced operator watching two namespaces, without leader election or children. */
export function fixtureModel(overrides: Partial<OperatorModel> = {}): OperatorModel {
  const name = "widget-operator";
  return {
    name,
    description: "Runs widgets.",
    image: "ghcr.io/example/widget-operator:0.1.0",
    namespace: "widget-system",
    specSource: "",
    api: {
      group: "widgets.example.com",
      kind: "Widget",
      listKind: "WidgetList",
      plural: "widgets",
      singular: "widget",
      shortNames: [],
      categories: [],
      scope: "Namespaced",
      namespaced: true,
      versions: [{ name: "v1alpha1", served: true, storage: true }],
      version: "v1alpha1",
      apiVersion: "widgets.example.com/v1alpha1",
      crdName: "widgets.widgets.example.com",
      statusSubresource: true,
    },
    spec: {
      required: true,
      fields: [
        field("owner", "string", { required: true, format: "email", maxLength: 254 }),
        field("zone", "string", { immutable: true, maxLength: 63, pattern: "^[a-z]+-[0-9]$" }),
        field("count", "integer", { required: true, minimum: 3, maximum: 9 }),
        field("ratio", "number", { nullable: true, default: null }),
        field("mode", "string", { required: true, enum: ["fast", "safe"] }),
        field("network", "string", { required: true, format: "cidr" }),
        field("limits", "object", {
          fields: [
            field("cpu", "int-or-string", { path: "limits.cpu", default: 1 }),
            field("extra", "free-form", { path: "limits.extra" }),
          ],
        }),
        field("labels", "map", {
          items: field("labels", "string", { path: "labels{}", maxLength: 63 }),
          minProperties: 1,
          required: true,
        }),
        field("ports", "array", {
          required: true,
          minItems: 2,
          listType: "map",
          listMapKeys: ["name"],
          items: field("ports", "object", {
            path: "ports[]",
            fields: [
              field("name", "string", { path: "ports[].name", required: true, maxLength: 15 }),
              field("port", "integer", {
                path: "ports[].port",
                required: true,
                minimum: 1,
                maximum: 65535,
              }),
            ],
          }),
        }),
      ],
      rules: [
        {
          rule: "self.count > 3 || self.mode == 'safe'",
          message: "few widgets must be safe",
          reason: "FieldValueInvalid",
          // The minimal spec is built from a valid example: without one it would be {count: 3,
          // mode: fast}, which the rule refuses (the self-check stops such a project).
          examples: { valid: [{ count: 4 }], invalid: [{ count: 3, mode: "fast" }] },
        },
      ],
    },
    status: {
      phases: [],
      phaseValues: "enum",
      conditionShape: "full",
      observedGeneration: true,
      conditionTypes: "open",
      conditions: [{ type: "Ready" }],
      fields: [
        field("url", "string"),
        field("history", "array", {
          items: field("history", "string", { path: "history[]" }),
          default: ["x"],
        }),
      ],
    },
    topLevelFields: [],
    externalResources: [],
    externalSources: [],
    children: [],
    references: [],
    labelReferences: [],
    rbac: {
      watchNamespaces: ["team-a", "team-b"],
      clusterWide: false,
      extraRules: [
        {
          apiGroups: [""],
          resources: ["configmaps"],
          resourceNames: ["widget-config"],
          verbs: ["get"],
        },
      ],
    },
    printerColumns: [{ name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" }],
    selectableFields: [],
    operator: {
      concurrency: 1,
      resyncPeriodMs: 600_000,
      backoffInitialMs: 1000,
      backoffMaxMs: 300_000,
      deletionStuckAfterMs: 900_000,
      leaderElection: false,
      resources: {
        requests: { cpu: "10m", memory: "64Mi" },
        limits: { cpu: "500m", memory: "256Mi" },
      },
      heapMiB: 192,
    },
    finalizer: "widgets.example.com/finalizer",
    fieldManager: name,
    labels: {
      "app.kubernetes.io/name": name,
      "app.kubernetes.io/part-of": name,
      "app.kubernetes.io/managed-by": "kustomize",
    },
    extraFiles: [],
    names: {
      specType: "WidgetSpec",
      statusType: "WidgetStatus",
      kindFile: "widget",
      kindVar: "widget",
      envPrefix: "WIDGET_OPERATOR",
    },
    ...overrides,
  };
}

/** Every YAML document of a file, failing on any parse error or warning. */
export function documentsOf(file: GeneratedFile): Record<string, any>[] {
  const docs = parseAllDocuments(file.content);
  for (const doc of docs) {
    if (doc.errors.length > 0 || doc.warnings.length > 0)
      throw new Error(`${file.path}: ${[...doc.errors, ...doc.warnings].join("; ")}`);
  }
  return docs.map((doc) => doc.toJS());
}

export function fileAt(files: readonly GeneratedFile[], path: string): GeneratedFile {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no file ${path}; have ${files.map((f) => f.path).join(", ")}`);
  return file;
}
