// The spec changes a team makes over an operator's life, written as edits of the project's own
// operator.yaml (a yaml Document, so the user's comments and layout stay). Each change is generic:
// it reads the spec it is given and picks what to change, so the scenarios run on every example
// and on any spec of the same shape. A change that does not apply to a spec says why.

import { isMap, isScalar, isSeq, parseDocument, YAMLMap, YAMLSeq, type Document } from "yaml";
import { phaseRoles, type PhaseTableEntry } from "../../generator/check/phase-roles.ts";

export type CompatClass = "safe" | "risky" | "breaking";

export interface SpecChange {
  name: string;
  /** What the compatibility check must call the change. */
  compat: CompatClass;
  /** Edits the document in place; returns why the change does not apply to this spec. */
  apply(doc: Document): string | undefined;
}

type Json = Record<string, any>;

const plain = (doc: Document): Json => doc.toJS() as Json;

/** A top-level spec field that nothing requires: removing or renaming it leaves a valid spec. */
function optionalSpecField(doc: Document): string | undefined {
  const spec = plain(doc);
  const fields = (spec.spec?.fields ?? {}) as Json;
  const scalePaths = Object.values((spec.api?.scale ?? {}) as Json).join(" ");
  return Object.keys(fields).find(
    (name) =>
      fields[name].required !== true &&
      fields[name].immutable !== true &&
      !scalePaths.includes(`.spec.${name}`) &&
      !JSON.stringify(spec.spec?.rules ?? []).includes(`self.${name}`),
  );
}

/** Every place outside its definition that names a top-level spec field. */
function rewriteReferences(doc: Document, field: string, renamed: string | undefined): void {
  const resources = doc.getIn(["externalResources"]);
  if (isSeq(resources))
    for (const resource of resources.items) {
      const inputs = isMap(resource) ? resource.get("inputs") : undefined;
      if (!isSeq(inputs)) continue;
      inputs.items = inputs.items.flatMap((item) => {
        const value = String(isScalar(item) ? item.value : item);
        if (value !== field && !value.startsWith(`${field}.`)) return [item];
        return renamed === undefined ? [] : [doc.createNode(renamed + value.slice(field.length))];
      });
    }
  // A conditional child reads the field by its path (children[].when): renamed with it, or made
  // unconditional when the field goes.
  const children = doc.getIn(["children"]);
  if (isSeq(children))
    for (const child of children.items) {
      if (!isMap(child)) continue;
      const when = String(child.get("when") ?? "");
      if (when !== field && !when.startsWith(`${field}.`)) continue;
      if (renamed === undefined) child.delete("when");
      else child.set("when", renamed + when.slice(field.length));
    }
  // Printer columns and selectable fields name it by JSON path: renamed, or dropped with it.
  for (const key of ["printerColumns", "selectableFields"]) {
    const entries = doc.getIn([key]);
    if (!isSeq(entries)) continue;
    entries.items = entries.items.flatMap((entry) => {
      if (!isMap(entry)) return [entry];
      const path = String(entry.get("jsonPath") ?? "");
      if (path !== `.spec.${field}` && !path.startsWith(`.spec.${field}.`)) return [entry];
      if (renamed === undefined) return [];
      entry.set("jsonPath", `.spec.${renamed}${path.slice(`.spec.${field}`.length)}`);
      return [entry];
    });
  }
}

/** Renames in place, so the field keeps its position and comments. */
function renameKey(doc: Document, map: YAMLMap, from: string, to: string): void {
  const pair = map.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === from);
  if (pair) pair.key = doc.createNode(to);
}

function fieldsMap(doc: Document, section: "spec" | "status"): YAMLMap {
  let fields = doc.getIn([section, "fields"]);
  if (!isMap(fields)) {
    doc.setIn([section, "fields"], doc.createNode({}));
    fields = doc.getIn([section, "fields"]);
  }
  return fields as YAMLMap;
}

function list(doc: Document, path: string[]): YAMLSeq {
  let seq = doc.getIn(path);
  if (!isSeq(seq)) {
    doc.setIn(path, doc.createNode([]));
    seq = doc.getIn(path);
  }
  return seq as YAMLSeq;
}

export const SPEC_CHANGES: readonly SpecChange[] = [
  {
    name: "add an optional field",
    compat: "safe",
    apply(doc) {
      fieldsMap(doc, "spec").set(
        "notes",
        doc.createNode({ type: "string", description: "Free text for people.", maxLength: 256 }),
      );
      return undefined;
    },
  },
  {
    name: "change a description",
    compat: "safe",
    apply(doc) {
      doc.setIn(["metadata", "description"], "Changed by the regeneration scenario.");
      return undefined;
    },
  },
  {
    name: "remove a field",
    compat: "breaking",
    apply(doc) {
      const field = optionalSpecField(doc);
      if (field === undefined) return "every spec field is required, immutable or used by a rule";
      fieldsMap(doc, "spec").delete(field);
      rewriteReferences(doc, field, undefined);
      return undefined;
    },
  },
  {
    name: "rename a field",
    compat: "breaking",
    apply(doc) {
      const field = optionalSpecField(doc);
      if (field === undefined) return "every spec field is required, immutable or used by a rule";
      renameKey(doc, fieldsMap(doc, "spec"), field, `${field}Renamed`);
      rewriteReferences(doc, field, `${field}Renamed`);
      return undefined;
    },
  },
  {
    name: "add a child",
    compat: "safe",
    apply(doc) {
      const children = list(doc, ["children"]);
      const kinds = (plain(doc).children as Json[]).map((c) => c.kind);
      if (plain(doc).api.scope === "Cluster")
        return "a cluster-scoped owner has no namespaced child";
      const kind = kinds.includes("ConfigMap") ? "ServiceAccount" : "ConfigMap";
      children.add(doc.createNode({ apiVersion: "v1", kind }));
      return undefined;
    },
  },
  {
    name: "remove a child",
    compat: "safe",
    apply(doc) {
      const children = doc.getIn(["children"]);
      if (!isSeq(children) || children.items.length === 0) return "the spec has no child";
      children.items.pop();
      return undefined;
    },
  },
  {
    name: "add an external resource",
    compat: "safe",
    apply(doc) {
      const input = Object.keys(plain(doc).spec.fields ?? {})[0];
      if (input === undefined) return "the spec has no field to use as an input";
      fieldsMap(doc, "status").set(
        "backupVaultId",
        doc.createNode({ type: "string", description: "Provider ID of the backup vault." }),
      );
      list(doc, ["externalResources"]).add(
        doc.createNode({
          name: "backupVault",
          description: "A vault that keeps backups.",
          inputs: [input],
          outputs: ["backupVaultId"],
          deletionPolicy: "Delete",
          driftPolicy: "Enforce",
        }),
      );
      return undefined;
    },
  },
  {
    name: "remove an external resource",
    // Its status outputs go with it, and removing status fields breaks the clients that read them.
    compat: "breaking",
    apply(doc) {
      const resources = doc.getIn(["externalResources"]);
      if (!isSeq(resources) || resources.items.length === 0)
        return "the spec has no external resource";
      const removed = resources.items.shift();
      // Its outputs go with it: left behind, nothing would fill them and the status hooks would
      // owe them (tsc says so; the scenario is about removing the binding whole).
      const outputs = isMap(removed) ? removed.get("outputs") : undefined;
      for (const output of isSeq(outputs) ? outputs.items : []) {
        const name = String(isScalar(output) ? output.value : output);
        fieldsMap(doc, "status").delete(name);
        const columns = doc.getIn(["printerColumns"]);
        if (isSeq(columns))
          columns.items = columns.items.filter(
            (c) => !(isMap(c) && String(c.get("jsonPath")).startsWith(`.status.${name}`)),
          );
      }
      return undefined;
    },
  },
  {
    name: "add a condition",
    compat: "safe",
    apply(doc) {
      list(doc, ["status", "conditions"]).add(
        doc.createNode({ type: "Audited", description: "The last audit found nothing." }),
      );
      return undefined;
    },
  },
  {
    name: "add a phase",
    compat: "risky",
    apply(doc) {
      const phases = doc.getIn(["status", "phases"]);
      if (!isSeq(phases) || phases.items.length === 0) return "the spec has no phase table";
      const table = (plain(doc).status.phases as Json[]).map((p): PhaseTableEntry => ({
        name: p.name,
        initial: p.initial === true,
        terminal: p.terminal === true,
        next: p.next ?? [],
      }));
      const { ready } = phaseRoles(table);
      const readyPhase = (phases.items as YAMLMap[]).find((p) => p.get("name") === ready);
      if (readyPhase === undefined) return "the phase table has no ready phase";
      if (!isSeq(readyPhase.get("next"))) readyPhase.set("next", doc.createNode([]));
      (readyPhase.get("next") as YAMLSeq).add(doc.createNode("Maintenance"));
      phases.add(
        doc.createNode({
          name: "Maintenance",
          description: "Paused for maintenance by an operator.",
          next: [ready],
        }),
      );
      return undefined;
    },
  },
  {
    name: "change a default",
    compat: "risky",
    apply(doc) {
      const fields = plain(doc).spec.fields as Json;
      for (const [name, def] of Object.entries(fields)) {
        if (def.default === undefined) continue;
        const next = changedDefault(def);
        if (next === undefined) continue;
        doc.setIn(["spec", "fields", name, "default"], next);
        return undefined;
      }
      return "no top-level field has a default that can change";
    },
  },
  {
    name: "change the scope",
    compat: "breaking",
    apply(doc) {
      const spec = plain(doc);
      if (spec.api.scope === "Cluster") {
        doc.setIn(["api", "scope"], "Namespaced");
        return undefined;
      }
      if ((spec.children ?? []).length > 0)
        return "a namespaced owner with children stays namespaced";
      doc.setIn(["api", "scope"], "Cluster");
      return undefined;
    },
  },
];

function changedDefault(def: Json): unknown {
  if (Array.isArray(def.enum)) return def.enum.find((v: unknown) => v !== def.default);
  if (def.type === "integer" || def.type === "number") {
    const up = def.default + 1;
    if (def.maximum === undefined || up <= def.maximum) return up;
    const down = def.default - 1;
    return def.minimum === undefined || down >= def.minimum ? down : undefined;
  }
  if (def.type === "boolean") return !def.default;
  return undefined;
}

/** Applies a change to spec text; the result keeps comments and layout. */
export function changeSpec(source: string, change: SpecChange): string | { skipped: string } {
  const doc = parseDocument(source);
  const skipped = change.apply(doc);
  return skipped === undefined ? doc.toString() : { skipped };
}
