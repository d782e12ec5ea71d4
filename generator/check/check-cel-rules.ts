// Every CEL rule the CRD will carry is compiled here the way the API server compiles it when the
// CRD is created: parsed, then type-checked against the schema it sits on. Errors point at the
// character inside the rule where the library found them.

import { compiledSites } from "./cel-compiled-sites.ts";
import type { DeclType } from "./cel-decl-type.ts";
import type { RuleSite } from "./cel-rule-sites.ts";
import { fieldPathProblem } from "./cel-field-path.ts";
import type { CheckContext } from "./context.ts";
import type { Reporter } from "./report.ts";
import { didYouMean } from "./did-you-mean.ts";

export function checkCelRules({ data, report }: CheckContext): void {
  for (const { site, self, compiled } of compiledSites(data)) {
    checkOldSelfCorrelation(site, report);
    const problem =
      site.fieldPath === undefined ? undefined : fieldPathProblem(site.fieldPath, site.self);
    if (problem)
      report.error(
        "SEM107",
        [...site.reportPath.slice(0, -1), "fieldPath"],
        `fieldPath "${site.fieldPath}" is not a field of ${describe(site)}: ${problem}`,
        "Write it relative to self, e.g. .retentionDays or ['my-key'] for a map key.",
      );
    const shown = site.generated ? `the rule "${site.rule}" generated for immutable` : "CEL rule";
    switch (compiled.status) {
      case "blank":
        report.error(
          "SEM101",
          site.reportPath,
          "CEL rule is blank",
          "Write an expression over self that is true for valid values, e.g. self.size() > 0.",
        );
        break;
      case "syntax":
        report.error(
          "SEM100",
          site.reportPath,
          `${shown} does not parse: ${compiled.message}`,
          "Fix the CEL syntax at this position (https://kubernetes.io/docs/reference/using-api/cel/).",
          site.generated ? "key" : { offset: compiled.offset },
        );
        break;
      case "type":
        report.error(
          "SEM102",
          site.reportPath,
          `${shown} does not type-check against ${describe(site)}: ${explain(compiled.message, self)}`,
          "Rules see self as the field's own schema: use its field names and types.",
          site.generated ? "key" : { offset: compiled.offset },
        );
        break;
    }
  }
}

/**
 * The API server can pair an old and a new value only through objects, maps and listType: map
 * lists; inside the items of an atomic or set list there is no "old item", so it refuses rules that
 * read oldSelf there (including those immutable generates).
 */
function checkOldSelfCorrelation(site: RuleSite, report: Reporter): void {
  if (!/\boldSelf\b/.test(site.rule)) return;
  const list = site.enclosing.find((c) => c.type === "array" && c.def.listType !== "map");
  if (!list) return;
  const listType = typeof list.def.listType === "string" ? list.def.listType : "atomic";
  const what = site.generated ? `the rule "${site.rule}" that immutable generates` : `the CEL rule`;
  report.error(
    "SEM103",
    site.reportPath,
    `${what} reads oldSelf inside the items of list "${list.name}", which is listType: ${listType}; the API server pairs old and new items only in listType: map lists`,
    `Make "${list.name}" listType: map (with listMapKeys), or put the rule on the list itself.`,
    site.generated ? "key" : "value",
  );
}

function describe(site: RuleSite): string {
  return site.selfPath.length === 1
    ? `the ${site.section} object`
    : `its ${String(site.self.type)}`;
}

/** "No such key: x" becomes `no such field "x"` with the closest declared name. */
function explain(message: string, self: DeclType): string {
  const missing = /^No such key: (.+)$/.exec(message);
  if (!missing) return message;
  const name = missing[1]!;
  return `no such field "${name}"; ${didYouMean(name, allFieldNames(self), "no field of that name is declared")}`;
}

function allFieldNames(t: DeclType, seen = new Set<string>()): Set<string> {
  for (const [name, field] of t.fields ?? []) {
    seen.add(name);
    allFieldNames(field.type, seen);
  }
  if (t.elem) allFieldNames(t.elem, seen);
  return seen;
}
