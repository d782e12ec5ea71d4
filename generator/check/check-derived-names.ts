// Every name the generator derives must still be a name where it lands: a file name the file
// system can hold, a label value the API server accepts, and one output per path or identifier.
// Without this check such specs crash rendering (ENAMETOOLONG, two templates for one file) or
// produce a project that does not compile.

import { MAX_KIND_LENGTH } from "./check-identity.ts";
import { isDnsSubdomain, PASCAL_CASE, type CheckContext } from "./context.ts";
import {
  derivedNames,
  FIXED_FILES,
  FIXED_IDENTIFIERS,
  TEMPLATE_TYPE_NAMES,
  type DerivedName,
} from "./derived-paths.ts";
import { obj, str } from "./raw-spec.ts";
import { formatPath } from "./report.ts";

/** NAME_MAX on Linux, macOS and Windows file systems. */
const MAX_FILE_NAME_BYTES = 255;
/** Label values: at most 63 characters (apimachinery IsValidLabelValue). */
const MAX_LABEL_VALUE = 63;
/** metav1.Condition.type: maxLength 316. */
const MAX_CONDITION_TYPE = 316;

export function checkDerivedNames({ data, report }: CheckContext): void {
  // A group or kind already refused for itself (SEM002, SEM001, SEM141) says all there is to say.
  const api = obj(data.api);
  const group = str(api.group) ?? "";
  const kind = str(api.kind) ?? "";
  const refused = new Set<string>();
  if (!(isDnsSubdomain(group) && group.includes("."))) refused.add("api.group");
  if (!PASCAL_CASE.test(kind) || kind.length > MAX_KIND_LENGTH) refused.add("api.kind");
  const names = derivedNames(data).filter((n) => !refused.has(formatPath(n.source)));
  // One name derives several files (three per binding): report each cause once per code.
  const reported = new Set<string>();
  const once: CheckContext["report"] = {
    ...report,
    error: (code, path, message, hint, at) => {
      const key = `${code} ${formatPath(path)}`;
      if (reported.has(key)) return;
      reported.add(key);
      report.error(code, path, message, hint, at);
    },
  };
  for (const name of names) checkLimit(name, once);
  checkCollisions(names, once);
}

function checkLimit(name: DerivedName, report: CheckContext["report"]): void {
  const { what, value, source, sourceLabel } = name;
  if (what === "file") {
    const base = value.slice(value.lastIndexOf("/") + 1);
    const bytes = Buffer.byteLength(base, "utf8");
    if (bytes > MAX_FILE_NAME_BYTES)
      report.error(
        "SEM143",
        source,
        `${sourceLabel} derives the file name ${base} (in ${value.slice(0, value.lastIndexOf("/"))}/), which is ${bytes} bytes; file systems allow ${MAX_FILE_NAME_BYTES}`,
        "Shorten the name.",
      );
  } else if (what === "label value" && value.length > MAX_LABEL_VALUE) {
    report.error(
      "SEM143",
      source,
      `${sourceLabel} derives the label value "${value}" (app.kubernetes.io/component of every child), which is ${value.length} characters; Kubernetes allows ${MAX_LABEL_VALUE}`,
      "Shorten the name: its kebab-case form must fit a label value.",
    );
  } else if (what === "condition type" && value.length > MAX_CONDITION_TYPE) {
    report.error(
      "SEM143",
      source,
      `${sourceLabel} makes a condition type of ${value.length} characters; metav1.Condition allows ${MAX_CONDITION_TYPE}`,
      "Shorten the name.",
    );
  }
}

function checkCollisions(names: readonly DerivedName[], report: CheckContext["report"]): void {
  // File names are compared as a case-insensitive file system (macOS, Windows) sees them.
  const files = new Map<string, DerivedName>();
  const identifiers = new Map<string, DerivedName>();
  for (const name of names) {
    if (name.what === "file") {
      const key = name.value.toLowerCase();
      const fixed = FIXED_FILES[key];
      if (fixed !== undefined) {
        report.error(
          "SEM148",
          name.source,
          `${name.sourceLabel} derives the file ${name.value}, which is ${fixed}`,
          "Rename it: the generator writes that file itself.",
        );
        continue;
      }
      collide(files, key, name, `the file ${name.value}`, report);
    } else if (name.what === "type name" && TEMPLATE_TYPE_NAMES.has(name.value)) {
      report.error(
        "SEM148",
        name.source,
        `${name.sourceLabel} derives the TypeScript type ${name.value}, a name the generated code already uses`,
        `Choose a more specific kind (DNSRecord rather than Record): a generated ${name.value} would shadow or clash with the ${name.value} the generated code imports or relies on.`,
      );
    } else if (name.what === "identifier" && name.scope !== undefined) {
      const key = `${name.scope}:${name.value}`;
      if ((FIXED_IDENTIFIERS[name.scope] ?? []).includes(name.value)) {
        report.error(
          "SEM148",
          name.source,
          `${name.sourceLabel} derives the TypeScript name ${name.value}, which the generated ${name.scope} module already uses`,
          "Rename it.",
        );
        continue;
      }
      collide(
        identifiers,
        key,
        name,
        `the TypeScript name ${name.value} (${name.scope.endsWith(" type") ? name.scope : `${name.scope} module`})`,
        report,
      );
    }
  }
}

function collide(
  seen: Map<string, DerivedName>,
  key: string,
  name: DerivedName,
  derived: string,
  report: CheckContext["report"],
): void {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, name);
    return;
  }
  // One source deriving the same thing twice (a kind's own names) is not a collision.
  if (formatPath(first.source) === formatPath(name.source)) return;
  report.error(
    "SEM148",
    name.source,
    `${name.sourceLabel} and ${formatPath(first.source)} ${first.sourceLabel.replace(/^[^"]*/, "")} (${report.where(first.source)}) both derive ${derived}`,
    "Rename one of them.",
  );
}
