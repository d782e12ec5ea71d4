// A CEL rule is written once, in the field tree's names (the newest version's); every other
// version's schema must carry it in that version's names, or the API server would evaluate
// `self.nodeClass` on an object whose field is `instanceClass` (no such key: the rule errors or,
// under has(), silently passes). So each rule is parsed (cel-js, as check compiles rules) and every
// field access it makes from self, oldSelf, an index or a macro's variable is resolved against the
// tree: renamed and moved fields are rewritten by the source ranges the parser gives, so the
// user's text stays as written elsewhere. A rule that reads a field the version does not have, or
// one that moved out of the object the rule sits on, cannot hold there: it is left out of that
// version (check warns, WARN135), since the version's objects cannot carry the value it tests.

import { Environment, type ASTNode } from "@marcbachmann/cel-js";
import { escapeCelFieldName } from "../check/cel-field-names.ts";

type RawObject = Record<string, unknown>;
const isObject = (value: unknown): value is RawObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** What a CEL value is, as far as the tree knows: an object of a tree, or a list/map of them. */
type Scope =
  | {
      kind: "object";
      tree: Tree;
      base: string;
      /** Where the chain of accesses reaching this object began: its object and text offset. */
      origin?: { base: string; start: number };
    }
  | { kind: "list" | "map"; element: Tree | undefined };

/** One field tree (a section's fields, or one list's items) in one version. */
export interface Tree {
  fields: unknown;
  /** Tree path -> its path in the version, for the fields the version has. */
  placed: Map<string, string>;
  /** The same for another tree (a list's items) in the same version. */
  place: (fields: unknown) => Map<string, string>;
}

export type RuleRewrite =
  | { status: "kept"; rule: string }
  | { status: "dropped"; field: string; why: "absent" | "moved-out" };

const parser = new Environment({ unlistedVariablesAreDyn: true });

export function treeIn(fields: unknown, place: Tree["place"]): Tree {
  return { fields, placed: place(fields), place };
}

/**
 * A definition's `rules` in the tree's version: each rewritten (its fieldPath too, or left off
 * when the version lacks that field), and the ones that cannot hold there left out.
 */
export function rulesInVersion(
  rules: unknown,
  tree: Tree,
  base: string,
  def: RawObject | undefined,
): unknown {
  if (!Array.isArray(rules)) return rules;
  return rules.flatMap((entry: unknown) => {
    if (!isObject(entry) || typeof entry.rule !== "string") return [entry];
    const rewritten = ruleInVersion(entry.rule, tree, base, def);
    if (rewritten.status === "dropped") return [];
    const { fieldPath, ...rest } = entry;
    const out: RawObject = { ...rest, rule: rewritten.rule };
    if (typeof fieldPath === "string") {
      const path = /^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(fieldPath)
        ? ruleInVersion(`self${fieldPath}`, tree, base, def)
        : { status: "kept" as const, rule: `self${fieldPath}` };
      if (path.status === "kept") out.fieldPath = path.rule.slice("self".length);
    }
    return [out];
  });
}

/**
 * `rule`, on a value of definition `def` at `base` of `tree` (base "" with def undefined: the tree's
 * root object, as spec-level rules sit), in the tree's version. A rule the parser cannot read is
 * returned as written (check reports it).
 */
export function ruleInVersion(
  rule: string,
  tree: Tree,
  base: string,
  def: RawObject | undefined,
): RuleRewrite {
  let ast: ASTNode;
  try {
    ast = parser.parse(rule).ast as ASTNode;
  } catch {
    return { status: "kept", rule };
  }
  const self =
    def === undefined ? { kind: "object" as const, tree, base } : scopeOf(def, tree, base);
  if (self === undefined) return { status: "kept", rule };
  const edits: Array<{ start: number; end: number; text: string }> = [];
  let dropped: RuleRewrite | undefined;
  const env = new Map<string, Scope>([
    ["self", self],
    ["oldSelf", self],
  ]);
  const visit = (node: ASTNode, vars: Map<string, Scope>): Scope | undefined => {
    switch (node.op) {
      case "id":
        return vars.get(node.args);
      case ".":
      case ".?": {
        const target = visit(node.args[0], vars);
        return member(target, node.args[1], node, node.args[0].end);
      }
      case "[]":
      case "[?]": {
        const target = visit(node.args[0], vars);
        visit(node.args[1], vars);
        return target?.kind === "list" || target?.kind === "map"
          ? elementScope(target.element)
          : undefined;
      }
      case "rcall": {
        const [name, target, args] = node.args;
        const range = visit(target, vars);
        const variable = args[0]?.op === "id" ? args[0].args : undefined;
        if (MACROS.has(name) && variable !== undefined && args.length >= 2) {
          const inner = new Map(vars);
          const element = range?.kind === "list" ? elementScope(range.element) : undefined;
          if (element) inner.set(variable, element);
          else inner.delete(variable);
          for (const arg of args.slice(1)) visit(arg, inner);
          return undefined;
        }
        for (const arg of args) visit(arg, vars);
        return undefined;
      }
      default:
        for (const child of children(node)) visit(child, vars);
        return undefined;
    }
  };
  // One member access on a value of known scope: `.name` of an object resolves against its tree
  // (a nested object's members through the tree path), of a map is a key (its value's scope).
  // The access is rewritten from where its chain began (`self`, an index, a macro variable), as
  // one path relative to that object: `self.backup.keepDays` may be `self.backupRetentionDays`.
  const member = (
    target: Scope | undefined,
    name: string,
    node: ASTNode,
    targetEnd: number,
  ): Scope | undefined => {
    if (target === undefined) return undefined;
    if (target.kind !== "object")
      return target.kind === "map" ? elementScope(target.element) : undefined;
    const { tree, base } = target;
    const origin = target.origin ?? { base, start: targetEnd };
    const treePath = fieldNamed(tree.fields, base, name);
    const fieldDef = treePath === undefined ? undefined : fieldAt(tree.fields, treePath);
    if (fieldDef === undefined || treePath === undefined) return undefined; // not declared: as written
    const here = tree.placed.get(treePath);
    const originHere = origin.base === "" ? "" : tree.placed.get(origin.base);
    if (here === undefined) {
      dropped ??= { status: "dropped", field: treePath, why: "absent" };
      return undefined;
    }
    if (originHere === undefined) return undefined;
    if (originHere !== "" && !here.startsWith(`${originHere}.`)) {
      dropped ??= { status: "dropped", field: treePath, why: "moved-out" };
      return undefined;
    }
    const relative = originHere === "" ? here : here.slice(originHere.length + 1);
    const text = relative
      .split(".")
      .map((segment: string) => escapeCelFieldName(segment) ?? segment);
    edits.push({ start: origin.start, end: node.end, text: `.${text.join(".")}` });
    const scope = scopeOf(fieldDef, tree, treePath);
    return scope?.kind === "object" ? { ...scope, origin } : scope;
  };
  visit(ast, env);
  if (dropped) return dropped;
  return { status: "kept", rule: applyEdits(rule, edits) };
}

const MACROS = new Set(["all", "exists", "exists_one", "map", "filter"]);

function elementScope(element: Tree | undefined): Scope | undefined {
  return element ? { kind: "object", tree: element, base: "" } : undefined;
}

/** The scope of a value of definition `def` at `treePath` of `tree`. */
function scopeOf(def: RawObject, tree: Tree, treePath: string): Scope | undefined {
  const type = def.type;
  if (type === "object" || (type === undefined && isObject(def.fields)))
    return { kind: "object", tree, base: treePath };
  const elementOf = (element: unknown) =>
    isObject(element) && isObject(element.fields) ? treeIn(element.fields, tree.place) : undefined;
  if (type === "array") return { kind: "list", element: elementOf(def.items) };
  if (type === "map") return { kind: "map", element: elementOf(def.values) };
  return undefined;
}

/** The tree path of the member a rule calls `name` (escaped as the API server escapes it). */
function fieldNamed(fields: unknown, base: string, name: string): string | undefined {
  const parent = base === "" ? { fields } : fieldAt(fields, base);
  const members = isObject(parent?.fields) ? Object.keys(parent.fields) : [];
  const found = members.find((member) => escapeCelFieldName(member) === name);
  return found === undefined ? undefined : base === "" ? found : `${base}.${found}`;
}

function fieldAt(fields: unknown, treePath: string): RawObject | undefined {
  let def: RawObject | undefined = { fields };
  for (const segment of treePath.split(".")) {
    const next: unknown = isObject(def?.fields) ? def.fields[segment] : undefined;
    if (!isObject(next)) return undefined;
    def = next;
  }
  return def;
}

function children(node: ASTNode): ASTNode[] {
  const out: ASTNode[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isObject(value) && typeof value.op === "string") out.push(value as unknown as ASTNode);
  };
  collect(node.args);
  return out;
}

/**
 * Applies the accesses' edits. Edits of one chain nest (`.backup` then `.backup.keepDays` from
 * the same start): the outermost, applied last, is the whole chain's path.
 */
function applyEdits(rule: string, edits: Array<{ start: number; end: number; text: string }>) {
  const outer = edits.filter(
    (edit) =>
      !edits.some(
        (other) =>
          other !== edit &&
          other.start <= edit.start &&
          other.end >= edit.end &&
          other.end - other.start > edit.end - edit.start,
      ),
  );
  let text = rule;
  for (const edit of [...outer].sort((a, b) => b.start - a.start))
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}
