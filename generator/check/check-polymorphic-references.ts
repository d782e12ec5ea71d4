// The shape of a reference's kinds (polymorphic-references.ts): kinds or apiVersion/kind, never
// both; a field to choose with; distinct kinds; a default that is one of them; and a kind field
// that collides with nothing the reference or its author already declares. The per-kind rules
// (a kind the generator knows, key selectors, scopes) are check-references.ts's, for every kind.

import { kindFieldOf, kindNames } from "./polymorphic-references.ts";
import { obj, str } from "./raw-spec.ts";
import type { Reporter } from "./report.ts";
import { REFERENCE_FIELD_NAMES, referenceSites } from "./references.ts";

export function checkPolymorphicReferences(data: unknown, report: Reporter): void {
  for (const site of referenceSites(data)) {
    const reference = site.reference;
    const at = [...site.docPath, "reference"];
    const path = `spec.${site.path}`;
    const single = reference.apiVersion !== undefined || reference.kind !== undefined;
    const kinds = reference.kinds;
    if (single && kinds !== undefined) {
      report.error(
        "SEM360",
        [...at, "kinds"],
        `${path} gives both kinds and apiVersion/kind`,
        "Give apiVersion and kind for a reference to one kind, or kinds (a list of them) for a reference whose kind a sibling field chooses.",
        "key",
      );
      continue;
    }
    if (!single && kinds === undefined) {
      report.error(
        "SEM360",
        at,
        `${path} names no kind: give apiVersion and kind, or kinds`,
        "e.g. reference: { apiVersion: v1, kind: Secret }, or kinds: [{ apiVersion: v1, kind: Secret }, { apiVersion: v1, kind: ConfigMap }].",
        "key",
      );
      continue;
    }
    if (kinds === undefined) {
      for (const option of ["kindField", "defaultKind"] as const)
        if (reference[option] !== undefined)
          report.error(
            "SEM364",
            [...at, option],
            `${path} gives ${option}, which is only for a reference with kinds`,
            "Remove it, or list the kinds the field may name under kinds.",
            "key",
          );
      continue;
    }
    if (!Array.isArray(kinds)) continue; // the schema reported it
    if (str(site.def.type) === "string") {
      report.error(
        "SEM361",
        [...at, "kinds"],
        `${path} is a name (type: string), which has no sibling field to choose its kind`,
        "Make the field type: object: the generator then adds name and the kind field.",
        "key",
      );
      continue;
    }
    const names = kindNames(reference);
    if (kinds.length === 1)
      report.error(
        "SEM362",
        [...at, "kinds"],
        `${path} lists only one kind`,
        "Write apiVersion and kind instead: a field that can choose only one kind chooses nothing.",
        "key",
      );
    names.forEach((kind, i) => {
      if (names.indexOf(kind) !== i)
        report.error(
          "SEM362",
          [...at, "kinds", i],
          `${path}: ${kind} is listed twice in kinds`,
          "The kind field's value is the kind alone, so two kinds of one name (even of two API groups) cannot be told apart: list each once.",
        );
    });
    const defaultKind = str(reference.defaultKind);
    if (defaultKind !== undefined && !names.includes(defaultKind))
      report.error(
        "SEM363",
        [...at, "defaultKind"],
        `${path}: defaultKind ${defaultKind} is not one of ${names.join(", ")}`,
        "defaultKind is the kind a reference that leaves the kind field out names: one of kinds.",
        "value",
      );
    const kindField = kindFieldOf(reference);
    if ((REFERENCE_FIELD_NAMES as readonly string[]).includes(kindField)) {
      report.error(
        "SEM364",
        [...at, "kindField"],
        `${path}: kindField ${kindField} is the reference's own ${kindField} field`,
        "Choose another name for the field that says which kind is named (kind by default).",
        "value",
      );
    } else if (obj(site.def.fields)[kindField] !== undefined) {
      report.error(
        "SEM364",
        [...site.docPath, "fields", kindField],
        `${path}.${kindField} is a field the reference adds itself (the kind field, an enum of ${names.join(", ")})`,
        "Remove it: a reference with kinds carries its kind field on its own.",
        "key",
      );
    }
  }
}
