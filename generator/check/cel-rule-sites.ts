// Every CEL rule the generated CRD will carry, with the definition its `self` is typed from:
// spec.rules, the rules of every field in spec and status (objects, lists, maps, items, values),
// and the rules the generator writes for `immutable` (self == oldSelf on the field, and a
// has()-rule on the enclosing object when the field is optional). This mirrors
// render/manifests/crd-schema.ts, which writes them.

import { escapeCelFieldName } from "./cel-field-names.ts";
import { immutabilityOf, presenceRule } from "./immutability.ts";
import { walkFields, type FieldVisit, type Section } from "./field-walk.ts";
import { arr, isObject, obj, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export interface RuleSite {
  rule: string;
  /** Where a problem with the rule is reported: its `rule` text, or the `immutable` key behind it. */
  reportPath: Path;
  /** True for rules the generator writes (from immutable), whose text the user never typed. */
  generated: boolean;
  /** The `examples` of a user rule. */
  examples?: RawObject;
  /** The `fieldPath` of a user rule. */
  fieldPath?: string;
  /** The definition `self` is typed from (for spec.rules: the spec object). */
  self: RawObject;
  selfPath: Path;
  section: Section;
  /** The lists and maps the rule sits inside, innermost first: each multiplies how often it runs. */
  enclosing: FieldVisit[];
}

export function ruleSites(data: RawObject): RuleSite[] {
  const sites: RuleSite[] = [];
  for (const section of ["spec", "status"] as const) {
    const root = { fields: obj(obj(data[section]).fields) };
    const visits = walkFields(data, section);
    sites.push(...objectRules(root, [section], section, [], undefined));
    if (section === "spec")
      sites.push(...userRules(obj(data.spec), ["spec"], root, ["spec"], section, []));
    for (const v of visits) {
      const enclosing = containersAround(v);
      if (immutabilityOf(v.def) !== undefined)
        sites.push({
          rule: "self == oldSelf",
          reportPath: [...v.docPath, "immutable"],
          generated: true,
          self: v.def,
          selfPath: v.docPath,
          section,
          enclosing,
        });
      sites.push(...userRules(v.def, v.docPath, v.def, v.docPath, section, enclosing));
      if (v.type === "object") sites.push(...objectRules(v.def, v.docPath, section, enclosing, v));
    }
  }
  return sites;
}

function userRules(
  holder: RawObject,
  holderPath: Path,
  self: RawObject,
  selfPath: Path,
  section: Section,
  enclosing: FieldVisit[],
): RuleSite[] {
  return arr(holder.rules).flatMap((raw, index) => {
    const rule = obj(raw);
    const text = str(rule.rule);
    if (text === undefined) return [];
    const site: RuleSite = {
      rule: text,
      reportPath: [...holderPath, "rules", index, "rule"],
      generated: false,
      self,
      selfPath,
      section,
      enclosing,
    };
    if (isObject(rule.examples)) site.examples = rule.examples;
    const fieldPath = str(rule.fieldPath);
    if (fieldPath !== undefined) site.fieldPath = fieldPath;
    return [site];
  });
}

/** `!has(oldSelf.x) || has(self.x)` for each optional immutable field without a default. */
function objectRules(
  def: RawObject,
  docPath: Path,
  section: Section,
  enclosing: FieldVisit[],
  _visit: FieldVisit | undefined,
): RuleSite[] {
  return Object.entries(obj(def.fields)).flatMap(([name, raw]) => {
    const field = obj(raw);
    const immutability = immutabilityOf(field);
    const absentable =
      immutability !== undefined &&
      field.required !== true &&
      !(section === "spec" && field.default !== undefined);
    if (!absentable) return [];
    return [
      {
        rule: presenceRule(escapeCelFieldName(name) ?? name, name, immutability).rule,
        reportPath: [...docPath, "fields", name, "immutable"],
        generated: true,
        self: def,
        selfPath: docPath,
        section,
        enclosing,
      },
    ];
  });
}

/** The array and map definitions that enclose a definition (not the definition itself). */
export function containersAround(v: FieldVisit): FieldVisit[] {
  const out: FieldVisit[] = [];
  for (let node = v.parent; node; node = node.parent)
    if (node.type === "array" || node.type === "map") out.push(node);
  return out;
}
