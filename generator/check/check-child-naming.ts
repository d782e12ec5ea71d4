// children[].name / forEach / count: a child named from its owner's spec, and N of one kind.
// resolveChildNaming is the one reading of these keys: check reports its problems (SEM230–SEM236),
// the model builds from its plan.

import {
  alwaysPresent,
  fixedLength,
  forEachList,
  isDns1035Kind,
  NAME_FIRST_PIECE_PATTERN,
  NAME_LITERAL,
  NAME_PIECE_PATTERN,
  NAME_SUBDOMAIN_PIECE_PATTERN,
  nameLimit,
  piecePattern,
  resolveSteps,
  splitTemplate,
  type NameInstances,
  type NamePiece,
} from "./child-name-template.ts";
import { childKindEntries } from "./child-kind-choice.ts";
import type { CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { dottedFieldPaths } from "./field-walk.ts";
import { num, obj, objects, str, type RawObject } from "./raw-spec.ts";
import type { Path } from "./report.ts";

export interface ChildNamePlan {
  template: string;
  pieces: NamePiece[];
  instances: NameInstances;
  /** The longest name the kind allows (63, 52 for StatefulSet and CronJob, 253 for Secret and ConfigMap). */
  limit: number;
  /** When the template reads {metadata.name}: the longest owner name that keeps within limit. */
  ownerNameMax?: number;
  /** Model paths (pools[].name, zone.name) of the fields read, with the pattern each must match. */
  patterns: Array<{ path: string; pattern: string }>;
}

/** Roles and bindings refer to each other by fixed names, so they keep them. */
const RBAC_KINDS: ReadonlySet<string> = new Set([
  "Role",
  "ClusterRole",
  "RoleBinding",
  "ClusterRoleBinding",
]);

interface Problem {
  code: string;
  path: Path;
  message: string;
  hint: string;
}

export function checkChildNaming({ data, report }: CheckContext): void {
  for (const [i, child] of objects(data.children)) {
    // A child whose kind a field chooses: its name must suit each kind (so the tightest rule
    // holds); a problem every kind shares is reported once.
    const reported = new Set<string>();
    for (const { entry } of childKindEntries(child))
      for (const p of resolveChildNaming(data, entry, i).problems) {
        const key = `${p.code} ${p.path.join(".")} ${p.message}`;
        if (reported.has(key)) continue;
        reported.add(key);
        report.error(p.code, p.path, p.message, p.hint);
      }
  }
}

/** The naming plan of children[i], or what is wrong with it. No plan for an unnamed child. */
export function resolveChildNaming(
  data: RawObject,
  child: RawObject,
  i: number,
): { plan?: ChildNamePlan; problems: Problem[] } {
  const problems: Problem[] = [];
  const fail = (code: string, key: string, message: string, hint: string) => {
    problems.push({ code, path: ["children", i, key], message, hint });
    return { problems };
  };
  const template = str(child.name);
  const forEach = str(child.forEach);
  const count = str(child.count);
  const kind = str(child.kind) ?? "";
  const specFields = obj(data.spec).fields;
  if (RBAC_KINDS.has(kind) && (template ?? forEach ?? count) !== undefined)
    return fail(
      "SEM234",
      template !== undefined ? "name" : forEach !== undefined ? "forEach" : "count",
      `a ${kind} child cannot be named from the spec`,
      "A binding child refers to its role child by the fixed name <owner>-role (or -cluster-role); both keep that name.",
    );
  if (forEach !== undefined && count !== undefined)
    return fail(
      "SEM234",
      "count",
      "a child has forEach or count, not both",
      "One instance per list entry (forEach) or N instances (count): choose one; an entry's own count belongs in the builder.",
    );
  if (template === undefined) {
    if (forEach !== undefined || count !== undefined)
      return fail(
        "SEM235",
        forEach !== undefined ? "forEach" : "count",
        `a child with ${forEach !== undefined ? "forEach" : "count"} needs a name template`,
        forEach !== undefined
          ? 'Add name: "{metadata.name}-{item.<key>}": each entry needs its own name.'
          : 'Add name: "{metadata.name}-{index}": each instance needs its own name.',
      );
    return { problems };
  }

  // How many instances, over what.
  let instances: NameInstances = { kind: "single" };
  if (forEach !== undefined) {
    const list = forEachList(specFields, forEach);
    if (list === undefined)
      return fail(
        "SEM234",
        "forEach",
        `forEach "${forEach}" is not a spec list of objects keyed on one field`,
        resolveSteps(specFields, forEach) === undefined
          ? didYouMean(forEach, specFields)
          : "forEach names a list (type: array, items of type object) with listType: map and one listMapKeys entry: the key makes each instance's name unique.",
      );
    if (list.maxItems === undefined)
      return fail(
        "SEM234",
        "forEach",
        `forEach "${forEach}" has no maxItems, so an owner could ask for any number of ${kind} objects`,
        "Give the list a maxItems: it bounds the objects one owner creates and what the API server's validation costs.",
      );
    instances = { kind: "forEach", list: forEach, key: list.key, maxItems: list.maxItems };
  } else if (count !== undefined) {
    const def = resolveSteps(specFields, count)?.at(-1);
    const maximum = def === undefined ? undefined : num(def.maximum);
    if (def === undefined || str(def.type) !== "integer" || maximum === undefined)
      return fail(
        "SEM234",
        "count",
        `count "${count}" is not an integer spec field with a maximum`,
        def === undefined
          ? didYouMean(count, specFields)
          : "count names an integer field with a maximum: it bounds the objects one owner creates, and the digits of the index in their names.",
      );
    instances = { kind: "count", field: count, maximum };
  }

  // The pieces, each resolved to what it reads.
  const split = splitTemplate(template);
  if (split === undefined || split.length === 0)
    return fail(
      "SEM230",
      "name",
      `name template "${template}" has unbalanced braces`,
      'Write placeholders as {metadata.name}, {spec.<field>}, {item.<field>} or {index}, e.g. "{metadata.name}-{item.name}".',
    );
  const pieces: NamePiece[] = [];
  const itemFields =
    instances.kind === "forEach"
      ? obj(obj(resolveSteps(specFields, instances.list)!.at(-1)!.items).fields)
      : undefined;
  for (const piece of split) {
    if (piece.kind === "literal") {
      if (!NAME_LITERAL.test(piece.text))
        return fail(
          "SEM230",
          "name",
          `name template "${template}": "${piece.text}" is not lower-case letters, digits and '-'`,
          "An object name is a DNS label: keep the literal text to a-z, 0-9 and '-'.",
        );
      pieces.push(piece);
    } else if (piece.kind === "unknown") {
      return fail(
        "SEM230",
        "name",
        `name template "${template}": {${piece.text}} is not a placeholder`,
        "Placeholders are {metadata.name}, {spec.<field>}, {spec.<field> ?? metadata.name} (an optional field, else the owner's name), {item.<field>} (with forEach) and {index} (with count).",
      );
    } else if (piece.kind === "index") {
      if (instances.kind !== "count")
        return fail(
          "SEM230",
          "name",
          `name template "${template}": {index} needs count`,
          "Add count: <integer spec field>, or drop {index}.",
        );
      pieces.push(piece);
    } else if (piece.kind === "owner") {
      pieces.push(piece);
    } else {
      if (piece.kind === "item" && itemFields === undefined)
        return fail(
          "SEM230",
          "name",
          `name template "${template}": {item.${piece.path}} needs forEach`,
          "Add forEach: <spec list>, or read the field as {spec.<field>}.",
        );
      const fields = piece.kind === "item" ? itemFields : specFields;
      const steps = resolveSteps(fields, piece.path);
      if (steps === undefined)
        return fail(
          "SEM231",
          "name",
          `name template "${template}": {${piece.kind}.${piece.path}} is not a field`,
          didYouMean(piece.path, fields),
        );
      const def = steps.at(-1)!;
      // With a fallback ({spec.target.name ?? metadata.name}) the field may be absent on any step.
      const fallback = piece.kind === "spec" ? piece.fallback : undefined;
      const absent = fallback ? undefined : steps.find((s) => !alwaysPresent(s));
      if (str(def.type) !== "string" || absent !== undefined)
        return fail(
          "SEM232",
          "name",
          `name template "${template}": {${piece.kind}.${piece.path}} is ${str(def.type) !== "string" ? `${article(str(def.type) ?? "field without a type")}, not a string` : "optional without a default (or nullable, or on such a path), so a name could have a hole"}`,
          `Read a string field that is required or defaulted (and so is every object on its path), or give it a fallback: {spec.${piece.path} ?? metadata.name}.`,
        );
      pieces.push(
        piece.kind === "spec" && fallback
          ? { kind: "spec", path: piece.path, def, fallback }
          : { kind: piece.kind, path: piece.path, def },
      );
    }
  }

  // Instances must get distinct names, and every name must be a valid one.
  if (
    instances.kind === "forEach" &&
    !pieces.some((p) => p.kind === "item" && p.path === instances.key)
  )
    return fail(
      "SEM235",
      "name",
      `name template "${template}" does not read {item.${instances.key}}, the key of ${instances.list}, so two entries could make one name`,
      `Put {item.${instances.key}} into the name, e.g. "{metadata.name}-{item.${instances.key}}".`,
    );
  if (instances.kind === "count" && !pieces.some((p) => p.kind === "index"))
    return fail(
      "SEM235",
      "name",
      `name template "${template}" does not read {index}, so every instance would have one name`,
      'Put {index} into the name, e.g. "{metadata.name}-{index}".',
    );
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  if (
    (first.kind === "literal" && !/^[a-z0-9]/.test(first.text)) ||
    (last.kind === "literal" && !/[a-z0-9]$/.test(last.text)) ||
    (isDns1035Kind(kind) &&
      ((first.kind === "literal" && !/^[a-z]/.test(first.text)) || first.kind === "index"))
  )
    return fail(
      "SEM230",
      "name",
      `name template "${template}" makes names that ${isDns1035Kind(kind) ? "do not start with a letter" : "start or end with '-'"}`,
      `A ${kind} name is a DNS label${isDns1035Kind(kind) ? " that starts with a letter" : ""}: start and end the template with a placeholder or a letter or digit.`,
    );
  const patterns: ChildNamePlan["patterns"] = [];
  for (const [position, piece] of pieces.entries()) {
    if (piece.kind !== "spec" && piece.kind !== "item") continue;
    const wanted = piecePattern(kind, position);
    const declared = str(piece.def.pattern);
    const label = `{${piece.kind}.${piece.path}}`;
    if (num(piece.def.maxLength) === undefined)
      return fail(
        "SEM233",
        "name",
        `name template "${template}": ${label} has no maxLength, so the name could outgrow ${nameLimit(kind)} characters`,
        `Give the field a maxLength; the owner's name gets what the rest of the ${nameLimit(kind)} characters leave.`,
      );
    // A stricter pattern than wanted is fine: a Service's first piece within a label, a label
    // within a subdomain.
    const stricter =
      declared === NAME_FIRST_PIECE_PATTERN ||
      (declared === NAME_PIECE_PATTERN && wanted === NAME_SUBDOMAIN_PIECE_PATTERN);
    if (declared !== undefined && declared !== wanted && !stricter)
      return fail(
        "SEM233",
        "name",
        `name template "${template}": ${label} has its own pattern, which may let through what no object name holds`,
        `Drop the pattern (the generator sets ${wanted}) or write exactly that one.`,
      );
    const wantedRe = new RegExp(wanted);
    const fixedValues = [
      ...(piece.def.default !== undefined ? [piece.def.default] : []),
      ...(Array.isArray(piece.def.enum) ? piece.def.enum : []),
    ];
    const misfit = fixedValues.find((v) => typeof v !== "string" || !wantedRe.test(v));
    if (misfit !== undefined)
      return fail(
        "SEM233",
        "name",
        `name template "${template}": ${label} may hold ${JSON.stringify(misfit)} (its default or enum), which is no part of an object name`,
        `Make its default and enum values match ${wanted}.`,
      );
    const list = instances.kind === "forEach" ? instances.list : "";
    if (declared === undefined)
      patterns.push({
        path: piece.kind === "item" ? `${list}[].${piece.path}` : piece.path,
        pattern: wanted,
      });
  }
  const limit = nameLimit(kind);
  const fixed = fixedLength(pieces, instances.kind === "count" ? instances.maximum : undefined)!;
  // The owner's name (and a field that falls back to it, in its place) gets what the rest leaves:
  // no more than the kind's own limit needs, so a Secret's owner may have a 242-character name.
  const readsOwner = pieces.some(
    (p) => p.kind === "owner" || (p.kind === "spec" && p.fallback !== undefined),
  );
  const ownerNameMax = readsOwner ? limit - fixed : undefined;
  if ((ownerNameMax !== undefined && ownerNameMax < 1) || (!readsOwner && fixed > limit))
    return fail(
      "SEM236",
      "name",
      `name template "${template}" can make names of ${fixed + (readsOwner ? 1 : 0)} characters or more; a ${kind} name holds at most ${limit}`,
      "Lower the maxLength of the fields it reads (or the count's maximum), or shorten the literal text.",
    );
  for (const piece of pieces) {
    if (piece.kind !== "spec" || piece.fallback === undefined) continue;
    const max = num(piece.def.maxLength)!;
    if (max > ownerNameMax!)
      return fail(
        "SEM236",
        "name",
        `name template "${template}": {spec.${piece.path}} may hold ${max} characters where the owner's name would; the rest of the name leaves ${ownerNameMax} for a ${kind} name of at most ${limit}`,
        `Give the field a maxLength of at most ${ownerNameMax}.`,
      );
  }
  return {
    plan: {
      template,
      pieces,
      instances,
      limit,
      ...(ownerNameMax !== undefined ? { ownerNameMax } : {}),
      patterns,
    },
    problems,
  };
}

function didYouMean(path: string, fields: unknown): string {
  const match = closestMatch(path, dottedFieldPaths(fields));
  return match ? `did you mean "${match}"?` : "Name a field declared under spec.fields.";
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
