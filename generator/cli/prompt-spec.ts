// Without --spec, `create-operator <dir>` builds a minimal spec from a few questions (or from
// defaults with --yes). The answers become ordinary operator.yaml text that then goes through
// the same validation as a hand-written spec, so prompts can never produce an unchecked model.

import { basename } from "node:path";
import { stringify } from "yaml";
import { toKebab, toPascal } from "../check/derive-names.ts";
import type { CheckedAnswer } from "./answer-check.ts";

export interface SpecAnswers {
  name: string;
  group: string;
  kind: string;
  scope: "Namespaced" | "Cluster";
  externalResource: string | undefined;
}

export function defaultAnswers(targetDir: string): SpecAnswers {
  const name = toKebab(basename(targetDir)) || "my-operator";
  return {
    name,
    ...defaultsForName(name),
    scope: "Namespaced",
    externalResource: undefined,
  };
}

/**
 * Words that name no domain: "my-operator" says nothing about what the operator manages, so
 * stripping "-operator" would leave a kind like "My". Then the whole name is the best guess
 * (MyOperator): it is the user's own words, and the prompt lets them type the real noun.
 */
const GENERIC_WORDS = new Set(
  (
    "my our your the a an new test tests demo example sample samples hello simple basic custom " +
    "first playground sandbox tmp temp app application k8s kube kubernetes crd controller foo bar"
  ).split(" "),
);

/** The kind and group offered for a project name: database-operator → Database, database.example.com. */
export function defaultsForName(name: string): Pick<SpecAnswers, "kind" | "group"> {
  const stem = name.replace(/-?operator$/, "");
  const base = stem === "" || GENERIC_WORDS.has(stem) ? name : stem;
  return {
    kind: toPascal(base) || "Widget",
    group: `${base.replace(/[^a-z0-9]/g, "") || "widgets"}.example.com`,
  };
}

/** Asks one question at a time; each answer is checked as it is typed and re-asked with the reason. */
export async function askAnswers(
  defaults: SpecAnswers,
  checkAnswer: (answer: CheckedAnswer, answers: SpecAnswers) => true | string,
): Promise<SpecAnswers> {
  // Loaded lazily: the prompt library is only needed in a terminal session.
  const { input, select, confirm } = await import("@inquirer/prompts");
  let answers: SpecAnswers = { ...defaults };
  const ask = async (key: "name" | "kind" | "group", message: string, fallback: string) => {
    const value = await input({
      message,
      default: fallback,
      validate: (typed) => checkAnswer(key, { ...answers, [key]: typed.trim() }),
    });
    answers = { ...answers, [key]: value.trim() };
  };
  await ask("name", "Project name (a DNS label):", defaults.name);
  // The kind and group follow the name just given, not the directory's.
  const derived = defaultsForName(answers.name);
  await ask("kind", "Kind of the custom resource (PascalCase noun, e.g. Database):", derived.kind);
  await ask("group", "API group (a DNS subdomain you own):", derived.group);
  const scope = await select({
    message: "Scope:",
    choices: [
      { name: "Namespaced (most resources)", value: "Namespaced" as const },
      { name: "Cluster (wider blast radius; choose deliberately)", value: "Cluster" as const },
    ],
    default: defaults.scope,
  });
  answers = { ...answers, scope };
  const external = await confirm({
    message: "Does it manage a resource outside Kubernetes (a cloud database, a DNS zone)?",
    default: false,
  });
  if (!external) return answers;
  const resource = await input({
    message: "Name of that resource (camelCase, e.g. instance):",
    default: "instance",
    validate: (typed) =>
      checkAnswer("externalResource", { ...answers, externalResource: typed.trim() }),
  });
  return { ...answers, externalResource: resource.trim() };
}

/** The preset to extend: a folder or an npm package; empty for none. */
export async function askPreset(check: (typed: string) => true | string): Promise<string> {
  const { input } = await import("@inquirer/prompts");
  const typed = await input({
    message:
      "Preset to extend (a folder such as ../presets/acme, or an npm package; empty for none):",
    default: "",
    validate: (text) => (text.trim() === "" ? true : check(text.trim())),
  });
  return typed.trim();
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
