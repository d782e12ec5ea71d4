// A preset's constraints against the spec with its defaults applied. Each violation names the
// preset and its rule, and is reported where the offending value was written: in operator.yaml,
// or in the preset file when the value is one of the chain's own defaults.

import type { Diagnostic } from "../base/diagnostics.ts";
import type { MergedSpec } from "../preset/merge-preset.ts";
import type { PresetChain } from "../preset/preset-types.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import { compareQuantities, parseQuantity } from "./cel-quantity.ts";
import { arr, obj, str } from "./raw-spec.ts";
import { createReporter, formatPath, type Path } from "./report.ts";
import { DEFAULT_RESOURCES } from "./resources.ts";

interface Violation {
  code: string;
  /** Where the value is (or, for something missing, the key that should hold it). */
  path: Path;
  missing?: boolean;
  message: string;
  hint: string;
}

type Rule = (data: Record<string, unknown>, constraint: unknown) => Violation[];

const matches = (pattern: string, name: string) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;

const RULES: Record<string, Rule> = {
  imageRegistries(data, allowed) {
    const registries = arr(allowed).filter((r): r is string => typeof r === "string");
    const metadata = obj(data.metadata);
    const name = str(metadata.name) ?? "";
    const registry = str(metadata.imageRegistry);
    const image =
      str(metadata.image) ?? (registry ? `${registry}/${name}:latest` : `${name}:latest`);
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
      for (const v of rule(data, constraints[name])) {
        const message = `${v.message} [preset ${preset.name}: constraints.${name}]`;
        const origin = merged.origins.get(formatPath(v.path));
        if (origin) {
          presetReports
            .get(origin.preset)!
            .error(v.code, ["defaults", ...origin.path], message, v.hint);
        } else {
          specReport.error(v.code, v.path, message, v.hint, v.missing ? "key" : "value");
        }
      }
    }
  }
  return [...specReport.diagnostics, ...[...presetReports.values()].flatMap((r) => r.diagnostics)];
}
