// The generated code that names the objects of a child kind with a name template: one function per
// such child in src/children/index.ts, returning each instance's name and labels (and, for forEach,
// its list entry). The builder puts them on what it builds; pruning deletes the rest.

import type { ChildModel, ChildNamePiece, OperatorModel } from "../../model/types.ts";
import { specAccessor, tsMember } from "./ts-types.ts";

export interface ChildNamingView {
  /** e.g. statefulSetInstances. */
  instancesFn: string;
  /** ChildInstance<…>'s type argument: the entry type for forEach, else undefined. */
  entryType: string;
  /** The function body: returns the instances, as TypeScript. */
  body: string;
  /** A comment line: what the instances are and how they are named. */
  summary: string;
  /** The name as a TypeScript template literal over obj (and entry, index). */
  nameExpression: string;
}

/** The label that tells the instances of one child kind apart: <api group>/instance. */
export function instanceLabel(model: OperatorModel): string {
  return `${model.api.group}/instance`;
}

export function childNamingView(
  child: ChildModel,
  model: OperatorModel,
  specOptional: boolean,
): ChildNamingView | null {
  const naming = child.naming;
  if (naming === undefined) return null;
  const spec = model.spec.fields;
  const piece = (p: ChildNamePiece): string => {
    switch (p.kind) {
      case "literal":
        return p.text;
      case "owner":
        return "${obj.metadata.name}";
      case "index":
        return "${index}";
      case "spec": {
        const read = specAccessor(p.field.path, spec, "obj.spec", specOptional).expression;
        return p.fallback ? `\${${read} ?? obj.metadata.name}` : `\${${read}}`;
      }
      case "item":
        return `\${${itemAccessor(p)}}`;
    }
  };
  const name = "`" + naming.pieces.map(piece).join("") + "`";
  const label = JSON.stringify(instanceLabel(model));
  const { instances } = naming;
  const instancesFn = `${child.varName}Instances`;
  if (instances.kind === "forEach") {
    const list = specAccessor(instances.list.path, spec, "obj.spec", specOptional);
    const entries = list.optional ? `(${list.expression} ?? [])` : list.expression;
    const key = itemAccessor({
      path: instances.key,
      field: instances.list.items!.fields.find((f) => f.name === instances.key)!,
    });
    return {
      instancesFn,
      nameExpression: name,
      entryType: instances.list.items!.tsType,
      body: `return ${entries}.map((entry, index) => ({ name: ${name}, labels: { ${label}: ${key} }, entry, index }));`,
      summary: `one per spec.${instances.list.path} entry, named ${naming.template}`,
    };
  }
  if (instances.kind === "count") {
    const count = specAccessor(instances.field.path, spec, "obj.spec", specOptional).expression;
    return {
      instancesFn,
      nameExpression: name,
      entryType: "undefined",
      body: `return countIndexes(${count}).map((index) => ({ name: ${name}, labels: { ${label}: String(index) }, entry: undefined, index }));`,
      summary: `spec.${instances.field.path} of them, named ${naming.template}`,
    };
  }
  return {
    instancesFn,
    nameExpression: name,
    entryType: "undefined",
    body: `return [{ name: ${name}, labels: {}, entry: undefined, index: 0 }];`,
    summary: `one, named ${naming.template}`,
  };
}

/** `entry.<path>`; a defaulted field the entry may leave out reads as its default. */
function itemAccessor(p: {
  path: string;
  field: { required: boolean; hasDefault: boolean; default?: unknown };
}): string {
  const expression = `entry${p.path
    .split(".")
    .map((s) => tsMember(s))
    .join("")}`;
  return !p.field.required && p.field.hasDefault
    ? `(${expression} ?? ${JSON.stringify(p.field.default)})`
    : expression;
}
