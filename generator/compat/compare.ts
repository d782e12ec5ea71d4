// The compatibility check as the pipeline and `diff` call it: the previous spec (the copy the
// last generation recorded) against the new one, both built into CRDs, each change classified
// and pointed at in the spec it belongs to.

import { formatDiagnostic } from "../base/diagnostics.ts";
import type { Path } from "../check/report.ts";
import { formatPath } from "../check/report.ts";
import { toKebab } from "../check/derive-names.ts";
import { anchorFor, existing, valueAt } from "../server-check/spec-locations.ts";
import { snapshotFromCrdText, snapshotFromSpec, type ApiSnapshot } from "./api-snapshot.ts";
import type { Change } from "./change.ts";
import { diffCrds } from "./crd-diff.ts";
import { diffChildKindChoices } from "./child-kind-choice-diff.ts";
import { diffChildNames } from "./child-name-diff.ts";
import { diffIdentity } from "./identity-diff.ts";
import { nextVersion } from "./next-version.ts";
import { diffTenancy } from "./tenancy-diff.ts";
import { versionEditFor, type VersionEdit } from "./version-edit.ts";
import {
  classOf,
  sortFindings,
  type CompatClass,
  type CompatFinding,
  type CompatReport,
} from "./finding.ts";

export const NOT_RECORDED = "no previous spec recorded: compatibility not checked";

export interface CompatInput {
  /** The spec the last generation recorded, or undefined when there is none. */
  previous?: { source: string; file: string };
  next: ApiSnapshot;
  /** Where the previous spec's `crd:` paths resolve from: the project's operator.yaml. */
  resolveFrom: string;
  /** The CRD the project holds, compared instead when the previous spec no longer validates. */
  previousCrd?: () => { text: string; file: string } | undefined;
  /** For the note when the previous spec no longer validates. */
  generatorVersion: string;
}

export function checkCompatibility(input: CompatInput): CompatReport {
  const { previous, next } = input;
  if (!previous) return { checked: false, note: NOT_RECORDED, findings: [] };
  const built = snapshotFromSpec(previous.source, previous.file, input.resolveFrom);
  if (built.ok) return { checked: true, findings: compareSnapshots(built.snapshot, next) };
  const errors = built.diagnostics.filter((d) => d.severity === "error");
  const why = `the previous spec ${previous.file} no longer validates with create-operator ${input.generatorVersion} (${errors.length} error(s); first: ${formatDiagnostic(errors[0]!).split("\n")[0]})`;
  const crd = input.previousCrd?.();
  const fallback = crd ? snapshotFromCrdText(crd.text, crd.file) : undefined;
  if (!fallback) return { checked: false, note: `${why}: compatibility not checked`, findings: [] };
  return {
    checked: true,
    note: `${why}: compared the CRD in ${crd!.file} instead`,
    findings: compareSnapshots(fallback, next),
  };
}

/** Every change from `old` to `next`, classified and positioned, breaking first. */
export function compareSnapshots(old: ApiSnapshot, next: ApiSnapshot): CompatFinding[] {
  const lookup = (side: "old" | "new", path: Path) => {
    const data = side === "old" ? old.data : next.data;
    return data === undefined ? undefined : valueAt(data, path);
  };
  const changes = [
    ...diffCrds(old, next, lookup),
    ...diffIdentity(old.data, next.data),
    ...diffChildNames(old.data, next.data),
    ...diffChildKindChoices(old.data, next.data),
    ...diffTenancy(old.data, next.data),
  ];
  return sortFindings(changes.map((c) => position(c, old, next)));
}

function position(change: Change, old: ApiSnapshot, next: ApiSnapshot): CompatFinding {
  // Without the previous document (only its CRD is known), removals point into the new spec.
  const snapshot = change.side === "old" && old.data !== undefined ? old : next;
  const data = snapshot.data;
  const path = data ? existing(data, change.specPath) : change.specPath;
  const where =
    data && snapshot.positionOf
      ? snapshot.positionOf(path, anchorFor(data, path))
      : { line: 1, col: 1 };
  const cls = classOf(change.code);
  const edit = cls === "breaking" ? versionEditFor(change, old, next) : undefined;
  return {
    class: cls,
    code: change.code,
    version: change.version,
    path: formatPath(change.specPath),
    file: snapshot.file,
    line: where.line,
    column: where.col,
    message: change.message,
    hint:
      edit && !edit.version
        ? editHint(edit, next)
        : (change.hint ?? defaultHint(cls, change.version)),
    ...(edit ? { edit: edit.yaml } : {}),
  };
}

function editHint(edit: VersionEdit, next: ApiSnapshot): string {
  const hook = edit.hook
    ? ` (write the conversion of this field in src/hooks/${toKebab(next.crd.spec.names.kind)}-conversion.ts; tsc names what is missing)`
    : "";
  return `Make it a new version instead: apply the edit below to operator.yaml, so ${edit.keeps} keeps its shape and the operator converts${hook}; or pass --allow-breaking if no cluster stores these objects yet.`;
}

function defaultHint(cls: CompatClass, version: string | null): string {
  if (cls === "safe") return "Nothing to do.";
  if (cls === "risky")
    return "Check that the reconciler and every client handle this before you roll it out.";
  const next = version ? nextVersion(version) : "a new version";
  return `Add a new API version (${next}) with a conversion and keep the old one as it was; or pass --allow-breaking if no cluster stores these objects yet.`;
}
