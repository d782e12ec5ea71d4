// Field evolution (a field's `versions:` block, base/field-evolution.ts) must describe versions
// that exist, in an order that can happen, and a projection with no two fields on one path: the
// generated converters and every version's schema are derived from it without a second look.

import { ruleInVersion, treeIn } from "../base/cel-rule-versions.ts";
import {
  elementTrees,
  evolutionOf,
  placeFields,
  placer,
  presentIn,
  rulesChangedIn,
} from "../base/field-evolution.ts";
import { compareVersions, isKubernetesVersion } from "../base/version-priority.ts";
import type { CheckContext } from "./context.ts";
import { FIELD_NAME } from "./context.ts";
import { didYouMean } from "./did-you-mean.ts";
import type { FieldVisit } from "./field-walk.ts";
import { isObject, obj, objects, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

const SCALAR_OLD_TYPES = new Set(["string", "integer", "number", "boolean", "free-form"]);
/** What `changed` may say: keywords of one field, not its structure or evolution. */
const STRUCTURAL_KEYS = ["fields", "items", "values", "versions", "reference", "listMapKeys"];

export function checkFieldVersions({ data, report, specFields, statusFields }: CheckContext): void {
  const versions = objects(obj(data.api).versions)
    .map(([, v]) => str(v.name))
    .filter((name): name is string => name !== undefined && isKubernetesVersion(name));
  const oldest = [...versions].sort(compareVersions)[0];
  for (const visit of [...specFields, ...statusFields]) {
    if (!isObject(visit.def.versions)) continue;
    const at = (...rest: (string | number)[]): Path => [...visit.docPath, "versions", ...rest];
    if (visit.role !== "field") {
      report.error(
        "SEM251",
        at(),
        `${visit.section}.${stepsText(visit.steps)}: versions: belongs on a field, not on an array's items or a map's values`,
        "Put versions: on the array or map field itself, or on the fields of its items.",
      );
      continue;
    }
    if (!checkInsideElement(visit, report, at)) continue;
    const block = visit.def.versions;
    const known = (version: string, path: Path): boolean => {
      if (versions.includes(version)) return true;
      report.error(
        "SEM250",
        path,
        `version "${version}" is not one of api.versions (${versions.join(", ")})`,
        `Name a listed version: ${didYouMean(version, versions, "add it to api.versions first")}`,
      );
      return false;
    };
    const added = str(block.added);
    const removed = str(block.removed);
    const addedKnown = added !== undefined && known(added, at("added"));
    const removedKnown = removed !== undefined && known(removed, at("removed"));
    if (addedKnown && added === oldest)
      report.error(
        "SEM251",
        at("added"),
        `added in ${added}, the oldest version: the field is in every version`,
        "Remove added, or name the version the field first appears in.",
      );
    if (removedKnown && removed === oldest)
      report.error(
        "SEM251",
        at("removed"),
        `removed in ${removed}, the oldest version: the field would be in no version`,
        "Delete the field instead, or name the first version without it.",
      );
    if (addedKnown && removedKnown && compareVersions(added, removed) >= 0)
      report.error(
        "SEM251",
        at("removed"),
        `removed in ${removed}, not after it was added in ${added}`,
        "A field is added in a version older than the one that removes it.",
      );
    const evolution = evolutionOf(visit.def)!;
    for (const key of ["renamed", "changed"] as const) {
      for (const version of Object.keys(obj(block[key]))) {
        if (!known(version, at(key, version))) continue;
        if (!presentIn(evolution, version))
          report.error(
            "SEM251",
            at(key, version),
            `${key} in ${version}, a version without the field (${added ? `added in ${added}` : `removed in ${removed}`})`,
            "Say how the field looks only in versions that have it.",
          );
      }
    }
    for (const [version, path] of Object.entries(obj(block.renamed))) {
      if (typeof path !== "string") continue;
      const bad = path.split(".").find((segment) => !FIELD_NAME.test(segment));
      if (bad !== undefined)
        report.error(
          "SEM252",
          at("renamed", version),
          `"${path}" is not a field path: "${bad}" cannot be a field name`,
          "Write the field's path from the spec (or status) root, segments joined by dots: instanceClass, backup.keepDays.",
        );
    }
    checkTypeChanges(visit, report, at);
    if (added !== undefined && visit.def.required === true && visit.def.default === undefined)
      report.error(
        "SEM254",
        at("added"),
        `required field added in ${added} has no default`,
        "An object created in an older version has no value for it; give it a default (converting up fills it in), or make it optional.",
      );
  }
  if (versions.length > 1) checkRulesInVersions(data, versions, report);
  const storage = objects(obj(data.api).versions).find(([, v]) => v.storage === true)?.[1];
  // A storage version that is no Kubernetes version name has its own located error (its name
  // check); placing fields in it would only fail on the name again.
  if (versions.length > 1 && storage !== undefined && isKubernetesVersion(String(storage.name)))
    checkStorageHasBindings(data, String(storage.name), report);
  // Newest first, each place reported once: a rename holds for every older version too.
  const newestFirst = [...versions].sort((a, b) => compareVersions(b, a));
  for (const section of ["spec", "status"] as const) {
    const reported = new Set<string>();
    const sectionFields = obj(data[section]).fields;
    const trees = [
      { fields: sectionFields, docPrefix: [section, "fields"] as Path, label: section },
      ...allElementTrees(sectionFields, [section, "fields"], section),
    ];
    for (const tree of trees)
      for (const version of newestFirst)
        checkPlacement(tree.fields, tree.docPrefix, tree.label, version, report, reported);
  }
}

/** Every items/values tree at any depth, with where its field map sits and how to name it. */
function allElementTrees(
  fields: unknown,
  docPrefix: Path,
  label: string,
): Array<{ fields: unknown; docPrefix: Path; label: string }> {
  return elementTrees(fields).flatMap((tree) => {
    const docPath: Path = [...docPrefix, ...tree.docSteps, "fields"];
    const here = `${label}.${tree.treePath}${tree.kind === "items" ? "[]" : "{}"}`;
    return [
      { fields: tree.def.fields, docPrefix: docPath, label: here },
      ...allElementTrees(tree.def.fields, docPath, here),
    ];
  });
}

/** hosts, [], name as hosts[].name: the way the model writes paths into lists. */
function stepsText(steps: readonly string[]): string {
  return steps.reduce(
    (text, step) =>
      step === "[]" || step === "{}" || text === "" ? text + step : `${text}.${step}`,
    "",
  );
}

/**
 * A field inside an array's items or a map's values evolves like any other, its renames from the
 * item's root; what the conversion cannot derive there is refused. False when reported.
 */
function checkInsideElement(
  visit: FieldVisit,
  report: CheckContext["report"],
  at: (...rest: (string | number)[]) => Path,
): boolean {
  let element: FieldVisit | undefined;
  for (let parent = visit.parent; parent && !element; parent = parent.parent)
    if (parent.role !== "field") element = parent;
  if (element === undefined) return true;
  const list = element.parent!;
  const where = `${visit.section}.${stepsText(visit.steps)}`;
  const block = obj(visit.def.versions);
  let ok = true;
  if (list.role !== "field") {
    report.error(
      "SEM343",
      at(),
      `${where}: versions: inside the items of an array of arrays (or a map of maps) is not supported`,
      "Wrap the inner list in an object field (items: { type: object, fields: { entries: { type: array, ... } } }), whose fields may evolve.",
    );
    return false;
  }
  if (block.converted === "hook") {
    report.error(
      "SEM342",
      at("converted"),
      `${where}: converted: hook inside array items or map values is not supported`,
      "Keep the field's type in every version inside lists, or change the type of the whole list field with a hook on it.",
    );
    ok = false;
  }
  const keys = Array.isArray(list.def.listMapKeys) ? list.def.listMapKeys : [];
  if (element.role === "items" && visit.parent === element && keys.includes(visit.name)) {
    report.error(
      "SEM341",
      at(),
      `${where} is a listMapKeys key of ${visit.section}.${stepsText(list.steps)}: a key cannot evolve`,
      "Items are matched by their keys in every version; add a new key field in a new list instead.",
    );
    ok = false;
  }
  const oneSided = (["added", "removed"] as const).find((key) => block[key] !== undefined);
  if (element.role === "items" && oneSided !== undefined && list.def.listType !== "map") {
    report.error(
      "SEM340",
      at(oneSided),
      `${where} is ${oneSided} in a version, inside items of a list that has no listType: map keys`,
      "An item keeps what an older version cannot hold under its keys, so an old client may reorder, add and remove items; by index, a reorder would give one item's hidden fields to another. Make the list listType: map with listMapKeys.",
    );
    ok = false;
  }
  return ok;
}

function checkTypeChanges(
  visit: FieldVisit,
  report: CheckContext["report"],
  at: (...rest: (string | number)[]) => Path,
): void {
  const block = obj(visit.def.versions);
  let retyped = false;
  for (const [version, change] of Object.entries(obj(block.changed))) {
    if (!isObject(change)) continue;
    for (const key of STRUCTURAL_KEYS.filter((k) => k in change))
      report.error(
        "SEM253",
        at("changed", version, key),
        `changed cannot say ${key}: it gives keywords of the field, not its structure`,
        "Describe structure in the tree; a field of another shape in an older version is a type change to a scalar or free-form value converted by a hook.",
      );
    const type = str(change.type);
    if (type === undefined) continue;
    retyped = true;
    if (!SCALAR_OLD_TYPES.has(type))
      report.error(
        "SEM253",
        at("changed", version, "type"),
        `the older type "${type}" cannot be converted by a hook`,
        `An older type is one of ${[...SCALAR_OLD_TYPES].join(", ")}.`,
      );
    if (block.converted !== "hook")
      report.error(
        "SEM253",
        at("changed", version, "type"),
        `${visit.section}.${visit.fieldPath.join(".")} changes type in ${version} but names no conversion hook`,
        "Add converted: hook to the field's versions: the generated conversion interface then asks for both directions.",
      );
  }
  if (block.converted === "hook" && !retyped)
    report.error(
      "SEM253",
      at("converted"),
      `converted: hook on ${visit.section}.${visit.fieldPath.join(".")}, whose type changes in no version`,
      "Give the older type under changed (changed: { v1alpha1: { type: string } }), or remove converted: the rest is converted without code.",
    );
}

/** In each version every field has a path of its own, under an object of that version. */
function checkPlacement(
  fields: unknown,
  docPrefix: Path,
  section: string,
  version: string,
  report: CheckContext["report"],
  reported: Set<string>,
): void {
  const once = (path: Path, message: string, hint: string) => {
    const key = path.join("\0");
    if (reported.has(key)) return;
    reported.add(key);
    report.error("SEM252", path, message, hint);
  };
  const placed = placeFields(fields, version);
  const byPath = new Map<string, (typeof placed)[number]>();
  const objects = new Set(
    placed.filter((f) => f.def.type === "object" && !f.retyped).map((f) => f.path.join(".")),
  );
  const docPath = (field: (typeof placed)[number]): Path => {
    const steps = field.treePath.split(".").flatMap((s, i) => (i === 0 ? [s] : ["fields", s]));
    // Located at the rename when the field has one, else at the field.
    return field.renamed
      ? [...docPrefix, ...steps, "versions", "renamed"]
      : [...docPrefix, ...steps];
  };
  for (const field of placed) {
    if (field.path.some((segment) => !FIELD_NAME.test(segment))) continue; // reported above
    const path = field.path.join(".");
    const other = byPath.get(path);
    if (other !== undefined) {
      const culprit = field.renamed ? field : other;
      once(
        docPath(culprit),
        `in ${version}, ${section}.${field.treePath} and ${section}.${other.treePath} are both ${section}.${path}`,
        "Give each field its own name in every version (a rename must not land on a field that version still has).",
      );
      continue;
    }
    byPath.set(path, field);
    const parent = field.path.slice(0, -1).join(".");
    if (parent !== "" && !objects.has(parent))
      once(
        docPath(field),
        `in ${version}, ${section}.${field.treePath} moves under ${section}.${parent}, which is no object of ${version}`,
        "Move a field only under an object field that the version has.",
      );
  }
}

/**
 * The reconciler and the providers work on the storage version: every field an external resource
 * reads or fills must exist there, or its provider interface would lose a member silently.
 */
function checkStorageHasBindings(
  data: RawObject,
  storage: string,
  report: CheckContext["report"],
): void {
  const inStorage = (section: "spec" | "status") =>
    new Set(placeFields(obj(data[section]).fields, storage).map((f) => f.treePath));
  const lacks = (section: "spec" | "status", path: string) =>
    isEvolvedPath(data, section, path) && !inStorage(section).has(path);
  for (const [i, resource] of objects(data.externalResources)) {
    for (const [key, section] of [
      ["inputs", "spec"],
      ["outputs", "status"],
    ] as const) {
      for (const [j, path] of (Array.isArray(resource[key]) ? resource[key] : []).entries()) {
        if (typeof path !== "string" || !lacks(section, path)) continue;
        report.error(
          "SEM255",
          ["externalResources", i, key, j],
          `${section}.${path} is not in the storage version ${storage}, which the provider works on`,
          "Bind only fields the storage version has, or make the version that has it the storage version.",
        );
      }
    }
  }
}

/** A path of the tree whose field (or a parent) has a versions: block. */
function isEvolvedPath(data: RawObject, section: "spec" | "status", path: string): boolean {
  let fields = obj(data[section]).fields;
  for (const segment of path.split(".")) {
    const def = obj(obj(fields)[segment]);
    if (isObject(def.versions)) return true;
    fields = def.fields;
  }
  return false;
}

/**
 * A rule is written in the tree's names and rewritten into each version's (base/cel-rule-versions.ts);
 * one that reads a field a version lacks, or one moved out of the object it sits on, is left out of
 * that version's schema: said here, at the rule, so nobody is surprised that an old client's
 * objects skip it.
 */
function checkRulesInVersions(
  data: RawObject,
  versions: string[],
  report: CheckContext["report"],
): void {
  type Site = { fields: unknown; base: string; def: RawObject | undefined; docPath: Path };
  for (const section of ["spec", "status"] as const) {
    const root = obj(data[section]);
    for (const version of [...versions].sort(compareVersions)) {
      const place = placer(version);
      const sites: Site[] = [{ fields: root.fields, base: "", def: undefined, docPath: [section] }];
      const walk = (fields: unknown, docPrefix: Path) => {
        const placed = place(fields);
        const visit = (map: unknown, treePrefix: string, docAt: Path) => {
          for (const [name, def] of Object.entries(obj(map))) {
            if (!isObject(def)) continue;
            const treePath = treePrefix ? `${treePrefix}.${name}` : name;
            const docPath: Path = [...docAt, name];
            if (!placed.has(treePath)) continue; // a field the version lacks has no rules there
            if (def.rules !== undefined && !rulesChangedIn(def, version))
              sites.push({ fields, base: treePath, def, docPath });
            visit(def.fields, treePath, [...docPath, "fields"]);
            for (const kind of ["items", "values"] as const) {
              const element = obj(def[kind]);
              if (!isObject(element.fields)) continue;
              if (element.rules !== undefined)
                sites.push({
                  fields: element.fields,
                  base: "",
                  def: element,
                  docPath: [...docPath, kind],
                });
              walk(element.fields, [...docPath, kind, "fields"]);
            }
          }
        };
        visit(fields, "", docPrefix);
      };
      walk(root.fields, [section, "fields"]);
      for (const site of sites) {
        const rules = Array.isArray(site.def === undefined ? root.rules : site.def.rules)
          ? ((site.def === undefined ? root.rules : site.def.rules) as unknown[])
          : [];
        for (const [i, rule] of rules.entries()) {
          const text = str(obj(rule).rule);
          if (text === undefined) continue;
          const result = ruleInVersion(text, treeIn(site.fields, place), site.base, site.def);
          if (result.status !== "dropped") continue;
          report.warning(
            "WARN135",
            [...site.docPath, "rules", i, "rule"],
            result.why === "absent"
              ? `the rule reads ${result.field}, which ${version} does not have: ${version}'s schema leaves the rule out`
              : `the rule reads ${result.field}, which ${version} has outside the object the rule is on: ${version}'s schema leaves the rule out`,
            "Objects of that version cannot carry what the rule tests, so the versions that have the field enforce it alone; give the version a rule of its own under the field's versions.changed.<version>.rules if it needs one.",
          );
        }
      }
    }
  }
}
