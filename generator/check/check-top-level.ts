// Fields beside spec and status (topLevel.fields), as a ConfigMap-like kind keeps its data at the
// top level. They share the field language, but not every part of it: the generated suites make
// their objects from the spec, the checks of defaults, CEL rules, immutability and version
// evolution walk spec and status, and a field named like a member every object has would replace
// it. So each top-level field is optional and plain, refused where it says otherwise; its
// examples (the sample shows the first) are checked as a spec field's are.

import { valueProblems } from "./check-defaults.ts";
import type { CheckContext } from "./context.ts";
import { has, isObject, obj, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

/** Members of every object: a field of the same name would replace them in the root schema. */
const RESERVED = ["apiVersion", "kind", "metadata", "spec", "status"];

/** What a field under topLevel may not say, and why. */
const REFUSED: ReadonlyArray<{ key: string; why: string }> = [
  { key: "default", why: "defaults are checked and tested for spec and status fields only" },
  { key: "rules", why: "CEL rules are compiled and costed for spec and status fields only" },
  { key: "immutable", why: "immutability is a CEL rule, checked for spec and status only" },
  { key: "versions", why: "version evolution is converted for spec and status only" },
];

interface Visit {
  def: RawObject;
  docPath: Path;
  fieldPath: string[];
  name: string;
  parent?: Visit;
}

/** Every definition under topLevel.fields, parents first (object fields, array items, map values). */
function walk(data: RawObject): Visit[] {
  const out: Visit[] = [];
  const visit = (
    def: unknown,
    docPath: Path,
    fieldPath: string[],
    name: string,
    parent?: Visit,
  ) => {
    if (!isObject(def)) return;
    const v: Visit = { def, docPath, fieldPath, name, ...(parent ? { parent } : {}) };
    out.push(v);
    for (const [child, childDef] of Object.entries(obj(def.fields)))
      visit(childDef, [...docPath, "fields", child], [...fieldPath, child], child, v);
    visit(def.items, [...docPath, "items"], fieldPath, name, v);
    visit(def.values, [...docPath, "values"], fieldPath, name, v);
  };
  for (const [name, def] of Object.entries(obj(obj(data.topLevel).fields)))
    visit(def, ["topLevel", "fields", name], [name], name);
  return out;
}

export function checkTopLevel({ data, report }: CheckContext): void {
  for (const v of walk(data)) {
    const top = v.parent === undefined;
    if (top && RESERVED.includes(v.name))
      report.error(
        "SEM413",
        v.docPath,
        `top-level field "${v.name}" would replace the object's own ${v.name}`,
        `Rename it: ${RESERVED.join(", ")} are every object's members.${v.name === "spec" || v.name === "status" ? ` Declare ${v.name} fields under ${v.name}.fields.` : ""}`,
      );
    const refused = [
      ...(top && v.def.required === true
        ? [
            {
              key: "required",
              why: "the generated suites and the sample make objects from the spec alone",
            },
          ]
        : []),
      ...REFUSED.filter(({ key }) => has(v.def, key)),
    ];
    for (const { key, why } of refused)
      report.error(
        "SEM414",
        [...v.docPath, key],
        `top-level field "${v.fieldPath.join(".")}" cannot have ${key}: ${why}`,
        `Remove ${key}, or move the field under spec.fields.`,
      );
    if (!Array.isArray(v.def.examples)) continue;
    v.def.examples.forEach((value, i) => {
      for (const problem of valueProblems(v.def, value))
        report.error(
          "SEM309",
          [...v.docPath, "examples", i, ...problem.path],
          `example ${problem.message}`,
          "Give an example the field's own type and constraints accept: the sample shows it.",
          problem.at ?? "value",
        );
    });
  }
}
