// A preset's constraints against the spec with its defaults applied. Each violation names the
// preset and its rule, and is reported where the offending value was written: in operator.yaml,
// or in the preset file when the value is one of the chain's own defaults.

import type { Diagnostic } from "../base/diagnostics.ts";
import type { MergedSpec } from "../preset/merge-preset.ts";
import type { PresetChain } from "../preset/preset-types.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import { compareQuantities, parseQuantity } from "./cel-quantity.ts";
import { arr, obj, str } from "./raw-spec.ts";
import { createReporter, formatPath, type Anchor, type Path } from "./report.ts";
import { DEFAULT_RESOURCES } from "./resources.ts";
import { specImage } from "../model/operator-image.ts";
import { DEFAULT_CONCURRENCY, DEFAULT_LEADER_ELECTION } from "./check-operator.ts";

interface Violation {
  code: string;
  /** Where the value is (or, for something missing, the key that should hold it). */
  path: Path;
  missing?: boolean;
  /** Where in the node to point; default: the key for something missing, else the value. */
  anchor?: Anchor;
  message: string;
  hint: string;
}

/** `data`: the spec with the chain's defaults; `spec`: the spec as written (what it lacks itself). */
type Rule = (
  data: Record<string, unknown>,
  constraint: unknown,
  spec: Record<string, unknown>,
) => Violation[];

const num = (value: unknown) => (typeof value === "number" ? value : undefined);

const matches = (pattern: string, name: string) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

const RULES: Record<string, Rule> = {
  imageRegistries(data, allowed) {
    const registries = arr(allowed).filter((r): r is string => typeof r === "string");
    const metadata = obj(data.metadata);
    const name = str(metadata.name) ?? "";
    const registry = str(metadata.imageRegistry);
    const image = specImage({ name, image: str(metadata.image), imageRegistry: registry });
    if (registries.some((r) => image.startsWith(`${r.replace(/\/$/, "")}/`))) return [];
    // Without an image the registry decides it; without either, the key to add is the registry.
    const where: Path = ["metadata", metadata.image !== undefined ? "image" : "imageRegistry"];
    return [
      {
        code: "PRESET020",
        path: where,
        missing: metadata.image === undefined && registry === undefined,
        message: `the image ${image} is not in a registry it allows (${registries.join(", ")})`,
        hint: `Set metadata.imageRegistry to one of ${registries.join(", ")}, or an image under one of them.`,
      },
    ];
  },
  allowedNamespaces(data, allowed) {
    const patterns = arr(allowed).filter((r): r is string => typeof r === "string");
    const list = patterns.join(", ");
    const ok = (ns: string) => patterns.some((p) => matches(p, ns));
    const metadata = obj(data.metadata);
    const out: Violation[] = [];
    const own = str(metadata.namespace) ?? `${str(metadata.name) ?? ""}-system`;
    if (!ok(own))
      out.push({
        code: "PRESET021",
        path: ["metadata", "namespace"],
        missing: metadata.namespace === undefined,
        message: `the operator's namespace ${own}${metadata.namespace === undefined ? " (the default)" : ""} is not one it allows (${list})`,
        hint: `Set metadata.namespace to one of ${list}.`,
      });
    const watch = arr(obj(data.rbac).watchNamespaces);
    if (watch.length === 0)
      out.push({
        code: "PRESET022",
        path: ["rbac", "watchNamespaces"],
        missing: true,
        message: `the operator watches every namespace, and only ${list} are allowed`,
        hint: "List the namespaces it watches in rbac.watchNamespaces.",
      });
    watch.forEach((ns, i) => {
      if (typeof ns === "string" && !ok(ns))
        out.push({
          code: "PRESET021",
          path: ["rbac", "watchNamespaces", i],
          message: `the namespace ${ns} is not one it allows (${list})`,
          hint: `Watch only namespaces matching ${list}.`,
        });
    });
    return out;
  },
  allowedScopes(data, allowed) {
    const scopes = arr(allowed).map(String);
    const scope = str(obj(data.api).scope) ?? "Namespaced";
    if (scopes.includes(scope)) return [];
    return [
      {
        code: "PRESET023",
        path: ["api", "scope"],
        missing: obj(data.api).scope === undefined,
        message: `api.scope ${scope} is not allowed (only ${scopes.join(", ")})`,
        hint: `Use scope ${scopes[0]}.`,
      },
    ];
  },
  requiredLabels(data, required, spec) {
    const labels = obj(obj(data.metadata).labels);
    // A missing label goes where operator.yaml's labels are, or at its metadata without any.
    const holder: Path =
      obj(spec.metadata).labels !== undefined ? ["metadata", "labels"] : ["metadata"];
    return Object.entries(obj(required)).flatMap(([key, allowed]): Violation[] => {
      const values =
        typeof allowed === "string"
          ? [allowed]
          : arr(allowed).filter((v): v is string => typeof v === "string");
      const value = labels[key];
      const choice =
        values.length === 0
          ? "<value>"
          : values.length === 1
            ? values[0]!
            : `<one of ${values.join(", ")}>`;
      if (typeof value !== "string")
        return [
          {
            code: "PRESET028",
            path: holder,
            missing: true,
            message: `the label ${key} is required and metadata.labels does not set it`,
            hint: `Add "${key}: ${choice}" to metadata.labels.`,
          },
        ];
      if (values.length === 0 || values.includes(value)) return [];
      return [
        {
          code: "PRESET029",
          path: ["metadata", "labels", key],
          message: `the label ${key} is "${value}", and ${values.length === 1 ? `only "${values[0]}" is` : `only ${values.map((v) => `"${v}"`).join(", ")} are`} allowed`,
          hint: `Set ${key} to ${choice}.`,
        },
      ];
    });
  },
  maxResources(data, max) {
    const resources = obj(obj(data.operator).resources);
    const out: Violation[] = [];
    for (const kind of ["requests", "limits"] as const)
      for (const resource of ["cpu", "memory"] as const) {
        const ceiling = str(obj(max)[resource]);
        const written = str(obj(resources[kind])[resource]);
        const value = written ?? DEFAULT_RESOURCES[kind][resource];
        if (ceiling === undefined || !quantityAbove(value, ceiling)) continue;
        out.push({
          code: "PRESET024",
          path: ["operator", "resources", kind, resource],
          missing: written === undefined,
          message: `${resource} ${kind} ${value}${written === undefined ? " (the default)" : ""} is more than the ${ceiling} allowed`,
          hint: `Set operator.resources.${kind}.${resource} to ${ceiling} or less.`,
        });
      }
    return out;
  },
  concurrency(data, bounds) {
    const written = obj(data.operator).concurrency;
    const value = typeof written === "number" ? written : DEFAULT_CONCURRENCY;
    const minimum = num(obj(bounds).minimum);
    const maximum = num(obj(bounds).maximum);
    const low = minimum !== undefined && value < minimum;
    if (!low && (maximum === undefined || value <= maximum)) return [];
    return [
      {
        code: "PRESET030",
        path: ["operator", "concurrency"],
        missing: written === undefined,
        // Left out: the operator key that should hold it (the document's start without one).
        ...(written === undefined ? { anchor: "parent" as const } : {}),
        message: `operator.concurrency ${value}${written === undefined ? " (the default)" : ""} is ${low ? `below the minimum ${minimum}` : `above the maximum ${maximum}`}`,
        hint: `Set operator.concurrency between ${minimum ?? 1} and ${maximum ?? 64}.`,
      },
    ];
  },
  requireLeaderElection(data, required) {
    const written = obj(data.operator).leaderElection;
    if (required !== true || (written ?? DEFAULT_LEADER_ELECTION) !== false) return [];
    return [
      {
        code: "PRESET031",
        path: ["operator", "leaderElection"],
        message:
          "operator.leaderElection is false, and every operator must run one active replica through a Lease",
        hint: "Remove leaderElection: false (the default is true).",
      },
    ];
  },
  requiredConditions(data, required) {
    const declared = new Set([
      "Ready",
      ...arr(obj(data.status).conditions).map((c) => str(obj(c).type)),
    ]);
    return arr(required)
      .filter((type): type is string => typeof type === "string" && !declared.has(type))
      .map((type) => ({
        code: "PRESET025",
        path: ["status", "conditions"],
        missing: true,
        message: `the condition ${type} is required and status.conditions does not declare it`,
        hint: `Add "- type: ${type}" to status.conditions.`,
      }));
  },
  forbiddenRules(data, forbidden) {
    const out: Violation[] = [];
    arr(obj(data.rbac).rules).forEach((rule, i) => {
      for (const f of arr(forbidden)) {
        const grant = obj(rule);
        const banned = obj(f);
        const hit = (key: string) =>
          banned[key] === undefined || arr(banned[key]).some((v) => arr(grant[key]).includes(v));
        if (!hit("apiGroups") || !hit("resources") || !hit("verbs")) continue;
        out.push({
          code: "PRESET026",
          path: ["rbac", "rules", i],
          message: `this rule grants what it forbids (${describeRule(banned)})${str(banned.reason) ? `: ${str(banned.reason)}` : ""}`,
          hint: "Remove the rule, or narrow its resources and verbs.",
        });
        break;
      }
    });
    return out;
  },
  requiredRules(data, required) {
    const rules = arr(obj(data.rbac).rules).map(obj);
    const grants = (group: unknown, resource: unknown, verb: unknown) =>
      rules.some(
        (r) =>
          arr(r.apiGroups).includes(group) &&
          arr(r.resources).includes(resource) &&
          arr(r.verbs).includes(verb),
      );
    return arr(required).flatMap((r) => {
      const rule = obj(r);
      const missing = arr(rule.apiGroups).flatMap((g) =>
        arr(rule.resources).flatMap((res) =>
          arr(rule.verbs)
            .filter((v) => !grants(g, res, v))
            .map((v) => `${String(v)} ${g === "" ? "" : `${String(g)}/`}${String(res)}`),
        ),
      );
      if (missing.length === 0) return [];
      return [
        {
          code: "PRESET027",
          path: ["rbac", "rules"],
          missing: true,
          message: `rbac.rules must grant ${missing.join(", ")}${str(rule.reason) ? ` (${str(rule.reason)})` : ""}`,
          hint: `Add a rule with apiGroups ${JSON.stringify(rule.apiGroups)}, resources ${JSON.stringify(rule.resources)} and verbs ${JSON.stringify(rule.verbs)}.`,
        },
      ];
    });
  },
};

function describeRule(rule: Record<string, unknown>): string {
  const part = (key: string) =>
    rule[key] === undefined
      ? `any ${key}`
      : `${key} ${arr(rule[key])
          .map((v) => JSON.stringify(v))
          .join(", ")}`;
  return [part("apiGroups"), part("resources"), part("verbs")].join("; ");
}

function quantityAbove(value: string, ceiling: string): boolean {
  try {
    return compareQuantities(parseQuantity(value), parseQuantity(ceiling)) > 0;
  } catch {
    return false; // a malformed quantity is the schema's to report
  }
}

export function checkPresetConstraints(
  spec: ParsedSpec,
  merged: MergedSpec,
  chain: PresetChain,
): Diagnostic[] {
  const specReport = createReporter(spec);
  const presetReports = new Map(chain.presets.map((p) => [p, createReporter(p.parsed)]));
  const data = obj(merged.data);
  for (const preset of chain.presets) {
    const constraints = obj(obj(preset.parsed.data).constraints);
    for (const [name, rule] of Object.entries(RULES)) {
      if (constraints[name] === undefined) continue;
      for (const v of rule(data, constraints[name], obj(spec.data))) {
        const message = `${v.message} [preset ${preset.name}: constraints.${name}]`;
        const origin = merged.origins.get(formatPath(v.path));
        if (origin) {
          presetReports
            .get(origin.preset)!
            .error(v.code, ["defaults", ...origin.path], message, v.hint);
        } else {
          specReport.error(
            v.code,
            v.path,
            message,
            v.hint,
            v.anchor ?? (v.missing ? "key" : "value"),
          );
        }
      }
    }
  }
  return [...specReport.diagnostics, ...[...presetReports.values()].flatMap((r) => r.diagnostics)];
}
