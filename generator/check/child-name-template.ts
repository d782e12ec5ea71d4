// A child's name as a template over its owner (children[].name), and how many objects of the kind
// there are (forEach: one per list entry, count: one per index). The check stage reports what is
// wrong with a template; the model takes the plan this module derives from a template that checks
// clean. Both read the raw spec, so one parser serves them.
//
// Every name a template makes must be a valid object name for as long as the object lives: the
// pieces it reads are bounded here (each field a DNS label of a declared maxLength, the owner's
// name shortened by whatever else the name holds), and the CRD carries those bounds, so the API
// server refuses an owner whose child would be refused, where the user sees it.

import { DNS_LABEL } from "./context.ts";
import { toCamel, toKebab, toPascal } from "./derive-names.ts";
import { childField } from "./field-walk.ts";
import { has, num, obj, str, type RawObject } from "./raw-spec.ts";

export type NamePiece =
  | { kind: "literal"; text: string }
  | { kind: "owner" }
  /**
   * A spec field; `path` is the model's dotted path from spec (backup.name). With `fallback`
   * ({spec.target.name ?? metadata.name}) the field may be absent and the owner's name stands in.
   */
  | { kind: "spec"; path: string; def: RawObject; fallback?: "owner" }
  /** A field of the forEach entry; `path` is dotted from the entry (name). */
  | { kind: "item"; path: string; def: RawObject }
  | { kind: "index" };

export type NameInstances =
  | { kind: "single" }
  | { kind: "forEach"; list: string; key: string; maxItems: number }
  | { kind: "count"; field: string; maximum: number };

/** Literal text between placeholders: what a DNS label may hold. */
export const NAME_LITERAL = /^[a-z0-9-]*$/;
/** A field read into a name: a DNS-1123 label. */
export const NAME_PIECE_PATTERN = DNS_LABEL.source;
/**
 * A field read into the name of a kind whose names are DNS-1123 subdomains (a Secret): dots
 * between labels. Pieces that start and end with a letter or digit, joined by literal text of
 * letters, digits and '-', make a subdomain again, so the name stays valid whatever the mix.
 */
export const NAME_SUBDOMAIN_PIECE_PATTERN =
  "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";
/** The first piece of a DNS-1035 name (a Service): a label that starts with a letter. */
export const NAME_FIRST_PIECE_PATTERN = "^[a-z]([-a-z0-9]*[a-z0-9])?$";

/** Kinds whose names are DNS-1035 labels (Service names become DNS names and env var prefixes). */
const DNS_1035_KINDS: ReadonlySet<string> = new Set(["Service"]);

/**
 * Kinds whose names the API server validates as DNS-1123 subdomains and that nothing turns into a
 * label or a DNS name (ValidateSecretName, ValidateConfigMapName): up to 253 characters, with dots.
 */
const DNS_SUBDOMAIN_KINDS: ReadonlySet<string> = new Set(["Secret", "ConfigMap"]);

/**
 * The longest name a child of this kind may have. A Secret or ConfigMap name is a DNS subdomain
 * (253). Every other name is kept a DNS label (at most 63): the name goes into labels and DNS. A
 * StatefulSet's name and a 10-character hash make its pods' controller-revision-hash label, and a
 * CronJob's name and an 11-character suffix its Jobs' names, so both stop at 52 (the API server
 * enforces it for CronJob).
 */
export function nameLimit(kind: string): number {
  if (isDnsSubdomainKind(kind)) return 253;
  return kind === "StatefulSet" || kind === "CronJob" ? 52 : 63;
}

export function isDnsSubdomainKind(kind: string): boolean {
  return DNS_SUBDOMAIN_KINDS.has(kind);
}

export function isDns1035Kind(kind: string): boolean {
  return DNS_1035_KINDS.has(kind);
}

export type Placeholder =
  | { kind: "owner" }
  | { kind: "index" }
  | { kind: "spec" | "item"; path: string; fallback?: "owner" }
  | { kind: "unknown"; text: string };

/** The template's pieces in order, placeholders not yet resolved; undefined for unbalanced braces. */
export function splitTemplate(
  template: string,
): Array<{ kind: "literal"; text: string } | Placeholder> | undefined {
  const pieces: Array<{ kind: "literal"; text: string } | Placeholder> = [];
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf("{");
    const close = rest.indexOf("}");
    if (open < 0) {
      if (close >= 0) return undefined;
      pieces.push({ kind: "literal", text: rest });
      break;
    }
    if (close < open) return undefined;
    if (open > 0) pieces.push({ kind: "literal", text: rest.slice(0, open) });
    const inner = rest.slice(open + 1, close);
    if (inner.includes("{")) return undefined;
    pieces.push(placeholder(inner.trim()));
    rest = rest.slice(close + 1);
  }
  return pieces;
}

/** `{spec.<path> ?? metadata.name}`: an optional field, the owner's name when it is absent. */
const FALLBACK = /^spec\.([^.\s]+(?:\.[^.\s]+)*)\s*\?\?\s*metadata\.name$/;

function placeholder(text: string): Placeholder {
  if (text === "metadata.name") return { kind: "owner" };
  const fallback = FALLBACK.exec(text);
  if (fallback) return { kind: "spec", path: fallback[1]!, fallback: "owner" };
  if (text === "index") return { kind: "index" };
  const dot = text.indexOf(".");
  const head = dot < 0 ? text : text.slice(0, dot);
  const path = dot < 0 ? "" : text.slice(dot + 1);
  if ((head === "spec" || head === "item") && /^[^.\s?]+(\.[^.\s?]+)*$/.test(path))
    return { kind: head, path };
  return { kind: "unknown", text };
}

/** The definitions along a dotted path through object fields; undefined when one is missing. */
export function resolveSteps(fields: unknown, dotted: string): RawObject[] | undefined {
  const steps: RawObject[] = [];
  let current: RawObject | undefined = { fields };
  for (const name of dotted.split(".")) {
    current = childField(current, name);
    if (current === undefined) return undefined;
    steps.push(current);
  }
  return steps;
}

/** Present whenever its parent is: required or defaulted, and not nullable. */
export function alwaysPresent(def: RawObject): boolean {
  return (def.required === true || has(def, "default")) && def.nullable !== true;
}

/** The list definition forEach names and its single map key, when it is such a list. */
export function forEachList(
  specFields: unknown,
  path: string,
): { def: RawObject; key: string; maxItems: number | undefined } | undefined {
  const def = resolveSteps(specFields, path)?.at(-1);
  if (def === undefined || str(def.type) !== "array") return undefined;
  const items = obj(def.items);
  const keys = Array.isArray(def.listMapKeys) ? def.listMapKeys : [];
  if (str(items.type) !== "object" || def.listType !== "map" || keys.length !== 1) return undefined;
  const key = str(keys[0]);
  return key === undefined ? undefined : { def, key, maxItems: num(def.maxItems) };
}

/** Decimal digits of the largest index a count field allows (maximum - 1). */
export function indexDigits(maximum: number): number {
  return String(Math.max(0, Math.ceil(maximum) - 1)).length;
}

/**
 * Characters the name holds besides the owner's name: literals, each field's maxLength and the
 * index's digits. A field with a fallback to the owner's name takes the owner's place and counts
 * nothing here (check bounds it by the owner's budget). Undefined when a field has no maxLength.
 */
export function fixedLength(pieces: readonly NamePiece[], maximum?: number): number | undefined {
  let total = 0;
  for (const piece of pieces) {
    if (piece.kind === "literal") total += piece.text.length;
    else if (piece.kind === "index") total += indexDigits(maximum ?? 1);
    else if (piece.kind === "spec" && piece.fallback !== undefined) continue;
    else if (piece.kind === "spec" || piece.kind === "item") {
      const max = num(piece.def.maxLength);
      if (max === undefined) return undefined;
      total += max;
    }
  }
  return total;
}

/** The pattern a field read as the `position`th piece must match. */
export function piecePattern(kind: string, position: number): string {
  if (isDnsSubdomainKind(kind)) return NAME_SUBDOMAIN_PIECE_PATTERN;
  return position === 0 && isDns1035Kind(kind) ? NAME_FIRST_PIECE_PATTERN : NAME_PIECE_PATTERN;
}

/** The suffix after the owner's name of a child with no name template, per kind. */
const DEFAULT_SUFFIX: Readonly<Record<string, string>> = {
  Deployment: "",
  StatefulSet: "",
  Service: "",
  ConfigMap: "-config",
  Secret: "-connection",
};

/**
 * The name of a child without a name template: the owner's name and a suffix, `-<id>` for a child
 * with an id (so several children of one kind get distinct names), else a fixed one per kind.
 */
export function defaultNameSuffix(kind: string, id: string | undefined): string {
  if (id !== undefined) return `-${id}`;
  return DEFAULT_SUFFIX[kind] ?? `-${toKebab(kind)}`;
}

/** The pieces of that default name, for comparing it with templates. */
export function defaultNamePieces(kind: string, id: string | undefined): NamePiece[] {
  const suffix = defaultNameSuffix(kind, id);
  return [
    { kind: "owner" },
    ...(suffix === "" ? [] : [{ kind: "literal" as const, text: suffix }]),
  ];
}

/** The file (and so builder) name of a child: <id>-<kind> with an id, else <kind>, kebab-case. */
export function childFileName(kind: string, id: string | undefined): string {
  return id === undefined ? toKebab(kind) : `${id}-${toKebab(kind)}`;
}

/** The builder function of a child: desired<Kind>, desired<Id><Kind> with an id. */
export function childBuilderName(kind: string, id: string | undefined): string {
  return `desired${id === undefined ? "" : toPascal(id)}${kind}`;
}

/** The camelCase stem of a child's generated names (deployment, headlessService). */
export function childVarName(kind: string, id: string | undefined): string {
  return id === undefined ? toCamel(kind) : `${toCamel(id)}${kind}`;
}
