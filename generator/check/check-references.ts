// Reference fields as written (before check-spec expands their object form): where they may
// sit, what they may point at, and which of their options fit together.

import { builtinKindsNamed } from "./builtin-kinds.ts";
import { obj, resourceScope, str, strings } from "./raw-spec.ts";
import type { Reporter } from "./report.ts";
import { keyMode, referenceKindEntries, sampleKind } from "./polymorphic-references.ts";
import {
  REFERENCE_FIELD_NAMES,
  referenceSites,
  referenceTarget,
  STAND_IN_KINDS,
  type ReferenceSite,
  type ReferenceTarget,
} from "./references.ts";

/** Kinds whose data a key selector can name. */
const KEYED_KINDS = new Set(["v1/Secret", "v1/ConfigMap"]);

const STAND_IN_KIND_LIST = [...STAND_IN_KINDS.keys()]
  .map((k) => k.replace(/\/(?=[^/]*$)/, " "))
  .join(", ")
  .concat(", or another project's custom kind (with plural)");

/**
 * Why the generated suites cannot create an object of `target`'s kind before they create a sample
 * naming it (so a required or defaulted reference to it is refused), or undefined when they can.
 */
function standInRefusal(target: ReferenceTarget): string | undefined {
  if (STAND_IN_KINDS.has(`${target.apiVersion}/${target.kind}`)) return undefined;
  // Another project's kind: the suites install a stand-in CRD for it that keeps any content
  // (test/support/referenced-objects.ts) and create the object a sample names, as a cluster
  // running both operators has it. Flux's Kustomization requires its sourceRef so.
  if (target.origin === "custom") return undefined;
  if (target.origin === "own")
    return `this operator's own ${target.kind}, which the suites' reconciler would reconcile too`;
  return `a ${target.kind}, whose valid objects the suites do not know how to make`;
}

/**
 * Why every object (or every one that sets the reference's parent) names an object through this
 * reference: it is required, defaulted, or an entry of a required list or map that cannot be
 * empty. Undefined when a sample may leave it unset.
 */
function mandatoryAt(
  site: ReferenceSite,
): { what: string; at: Array<string | number> } | undefined {
  if (site.def.required === true) return { what: "required", at: [...site.docPath, "required"] };
  if (site.def.default !== undefined)
    return { what: "defaulted", at: [...site.docPath, "default"] };
  const container = site.container?.def;
  if (container === undefined || container.required !== true) return undefined;
  const least = container.type === "map" ? "minProperties" : "minItems";
  const count = container[least];
  return typeof count === "number" && count >= 1
    ? {
        what: `in a required ${container.type} with ${least}: ${count}`,
        at: [...site.container!.docPath, least],
      }
    : undefined;
}

export function checkReferences(data: unknown, report: Reporter): void {
  for (const site of referenceSites(data, "status")) {
    report.error(
      "SEM210",
      [...site.docPath, "reference"],
      `status.${site.path} is a reference, but references belong in spec`,
      "Status records what the controller observed; put the reference in spec and, if it helps, the resolved name in a plain status field.",
      "key",
    );
  }
  const scope = resourceScope(obj(data));
  const watchNamespaces = strings(obj(obj(data).rbac).watchNamespaces).length > 0;
  for (const site of referenceSites(data)) {
    const at = [...site.docPath, "reference"];
    const path = `spec.${site.path}`;
    const type = str(site.def.type);
    if (type !== "string" && type !== "object") {
      report.error(
        "SEM212",
        [...site.docPath, "type"],
        `${path} is a reference, so its type must be string (the name) or object (name and more), not ${type ?? "absent"}`,
        "Write type: string for a name in the same namespace, or type: object for { name[, namespace][, key] }.",
      );
      continue;
    }
    const reference = site.reference;
    // Each kind the reference may name (one, or every entry of a polymorphic reference's kinds;
    // polymorphic-references.ts checks the kinds list itself) passes the per-kind rules.
    const chosen = sampleKind(reference);
    let sameNamespaceRefused = false;
    for (const { entry, at: kindAt } of referenceKindEntries(reference)) {
      const entryAt = [...at, ...kindAt];
      const apiVersion = str(entry.apiVersion);
      const kind = str(entry.kind);
      if (apiVersion === undefined || kind === undefined) continue;
      const target = referenceTarget(data, entry);
      if (target === undefined) {
        const elsewhere = builtinKindsNamed(kind)[0];
        report.error(
          "SEM214",
          [...entryAt, "kind"],
          `${path} references ${apiVersion} ${kind}, which is not a built-in kind, not this operator's kind, and has no plural`,
          elsewhere
            ? `${kind} is ${elsewhere.apiVersion}: did you mean apiVersion: ${elsewhere.apiVersion}?`
            : "For another project's custom resource give apiVersion as group/version and its plural (the resource name in its CRD).",
        );
        continue;
      }
      // A sample names the kind a polymorphic reference defaults to (or its first): only that one
      // must be a kind the suites can create.
      const mandatory = kind === chosen ? mandatoryAt(site) : undefined;
      if (mandatory !== undefined) {
        const refused =
          scope === "Cluster" && target.scope === "Namespaced"
            ? `a ${target.kind} from the cluster-scoped ${str(obj(obj(data).api).kind) ?? "kind"}, whose samples name no namespace to find it in`
            : standInRefusal(target);
        if (refused !== undefined)
          report.error(
            "SEM213",
            mandatory.at,
            `${path} is a reference to ${refused} and cannot be ${mandatory.what}: the generated test suites cannot create the object a sample names, so their samples would never become Ready`,
            `Leave it optional (the reconciler's hooks can refuse an unset reference), or reference a kind the suites can stand in for: ${STAND_IN_KIND_LIST}.`,
          );
      }
      if (target.scope === "Cluster" && reference.namespaces === "any") {
        report.error(
          "SEM220",
          [...at, "namespaces"],
          `${path} references the cluster-scoped ${kind}, which has no namespace to name`,
          "Remove namespaces: a reference to a cluster-scoped kind carries its name only.",
          "key",
        );
      }
      if (entry.scope !== undefined && target.origin !== "custom") {
        report.error(
          "SEM221",
          [...entryAt, "scope"],
          `${path} gives a scope for ${apiVersion} ${kind}, whose scope is known (${target.scope})`,
          "Remove scope: it is for another project's custom resource (with plural) only.",
          "key",
        );
      }
      if (keyMode(reference) !== "none" && !KEYED_KINDS.has(`${apiVersion}/${kind}`)) {
        report.error(
          "SEM216",
          [...at, "key"],
          `${path} selects a key, but ${kind} has no data keys`,
          "key: true is for a Secret or a ConfigMap; leave it out for other kinds.",
        );
      }
      if (
        scope === "Cluster" &&
        target.scope === "Namespaced" &&
        reference.namespaces !== "any" &&
        !sameNamespaceRefused
      ) {
        sameNamespaceRefused = true;
        report.error(
          "SEM218",
          [...at, "namespaces"],
          `the cluster-scoped operator kind has no namespace of its own, so ${path} cannot mean "the same namespace"`,
          "Make the field type: object with namespaces: any; its namespace field then says where the object is.",
          reference.namespaces === undefined ? "parent" : "value",
        );
      }
      if (target.scope === "Cluster" && watchNamespaces) {
        report.warning(
          "WARN011",
          [...entryAt, "kind"],
          `${path} references the cluster-scoped ${kind}, so the operator reads ${target.plural} cluster-wide, beyond rbac.watchNamespaces`,
          "This grants get, list and watch on exactly that kind through a ClusterRole; cluster-scoped objects belong to no namespace the operator could be limited to.",
        );
      }
      if (reference.namespaces === "any" && watchNamespaces && target.scope !== "Cluster") {
        report.warning(
          "WARN010",
          [...at, "namespaces"],
          `${path} may name any namespace, so the operator reads ${target.plural} in every namespace, beyond rbac.watchNamespaces`,
          "This grants get, list and watch on that kind through a ClusterRole; use namespaces: same to keep the operator within its namespaces.",
        );
      }
    }
    const form = type === "string" ? "name" : "object";
    const keyed = keyMode(reference) !== "none";
    if (form === "name" && (keyed || reference.namespaces === "any")) {
      report.error(
        "SEM217",
        [...at, keyed ? "key" : "namespaces"],
        `${path} is a name (type: string), which cannot carry ${keyed ? "a key" : "a namespace"}`,
        "Make the field type: object: the generator then adds name and the key or namespace fields.",
      );
    }
    if (form === "object") {
      for (const name of REFERENCE_FIELD_NAMES) {
        if (obj(site.def.fields)[name] !== undefined)
          report.error(
            "SEM219",
            [...site.docPath, "fields", name],
            `${path}.${name} is a field the reference adds itself`,
            "Remove it: a reference field carries name (and namespace with namespaces: any, key with key: true) on its own; declare only the extra fields the API has beside them.",
            "key",
          );
      }
    }
  }
}
