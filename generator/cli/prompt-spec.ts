// Without --spec, `create-operator <dir>` builds a minimal spec from a few questions (or from
// defaults with --yes). The answers become ordinary operator.yaml text that then goes through
// the same validation as a hand-written spec, so prompts can never produce an unchecked model.

import { basename } from "node:path";
import { stringify } from "yaml";
import { toKebab, toPascal } from "../check/derive-names.ts";

export interface SpecAnswers {
  name: string;
  group: string;
  kind: string;
  scope: "Namespaced" | "Cluster";
  externalResource: string | undefined;
}

export function defaultAnswers(targetDir: string): SpecAnswers {
  const name = toKebab(basename(targetDir)) || "my-operator";
  const stem = name.replace(/-operator$/, "") || "app";
  return {
    name,
    group: `${stem.replace(/-/g, "")}.example.com`,
    kind: toPascal(stem),
    scope: "Namespaced",
    externalResource: undefined,
  };
}

export async function askAnswers(defaults: SpecAnswers): Promise<SpecAnswers> {
  // Loaded lazily: the prompt library is only needed in a terminal session.
  const { input, select, confirm } = await import("@inquirer/prompts");
  const name = await input({ message: "Project name (a DNS label):", default: defaults.name });
  const kind = await input({
    message: "Kind of the custom resource (PascalCase noun, e.g. Database):",
    default: defaults.kind,
  });
  const group = await input({
    message: "API group (a DNS subdomain you own):",
    default: defaults.group,
  });
  const scope = await select({
    message: "Scope:",
    choices: [
      { name: "Namespaced (most resources)", value: "Namespaced" as const },
      { name: "Cluster (wider blast radius; choose deliberately)", value: "Cluster" as const },
    ],
    default: defaults.scope,
  });
  const external = await confirm({
    message: "Does it manage a resource outside Kubernetes (a cloud database, a DNS zone)?",
    default: false,
  });
  const externalResource = external
    ? await input({
        message: "Name of that resource (camelCase, e.g. instance):",
        default: "instance",
      })
    : undefined;
  return { name, group, kind, scope, externalResource };
}

/** The smallest spec that still yields a complete operator: one field, phases, Ready. */
export function specFromAnswers(answers: SpecAnswers): string {
  const spec = {
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorSpec",
    metadata: { name: answers.name },
    api: {
      group: answers.group,
      kind: answers.kind,
      scope: answers.scope,
      versions: [{ name: "v1alpha1" }],
    },
    spec: {
      fields: {
        size: {
          type: "string",
          description: "How big it should be.",
          enum: ["small", "medium", "large"],
          default: "small",
        },
      },
    },
    status: {
      phases: [
        { name: "Pending", initial: true, next: ["Provisioning"] },
        { name: "Provisioning", next: ["Ready", "Failed"] },
        { name: "Ready", next: ["Provisioning", "Failed"] },
        { name: "Failed", next: ["Provisioning"] },
      ],
    },
    ...(answers.externalResource
      ? {
          externalResources: [
            {
              name: answers.externalResource,
              description: `The ${answers.externalResource} this ${answers.kind} stands for.`,
              inputs: ["size"],
              deletionPolicy: "Delete",
              driftPolicy: "Enforce",
            },
          ],
        }
      : {}),
  };
  return `# yaml-language-server: $schema=.create-operator/operator-spec.schema.json\n${stringify(spec, { lineWidth: 0 })}`;
}
