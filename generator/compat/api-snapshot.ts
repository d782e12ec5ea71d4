// One side of a comparison: the CRD a spec renders to, plus the spec document to point into.
// Both sides are built through the same stages as `generate` (parse, check, model, the CRD
// builder), so whatever the spec can express is compared as the API server will see it.

import { hasErrors, type Diagnostic, type SourcePosition } from "../base/diagnostics.ts";
import { checkSpec } from "../check/check-spec.ts";
import type { Path } from "../check/report.ts";
import { buildModel } from "../model/build-model.ts";
import type { OperatorModel } from "../model/types.ts";
import { readChildCrds } from "../parse/child-crds.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { buildCrd } from "../render/manifests/crd.ts";
import type { JSONSchemaProps } from "../render/manifests/schema-types.ts";
import { parseAllDocuments } from "yaml";

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: {
    status?: object;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  };
  additionalPrinterColumns?: Array<{
    name: string;
    type: string;
    jsonPath: string;
    description?: string;
    priority?: number;
  }>;
  selectableFields?: Array<{ jsonPath: string }>;
}

/** The parts of a CustomResourceDefinition the comparison reads. */
export interface CrdShape {
  spec: {
    group: string;
    names: {
      kind: string;
      plural: string;
      singular?: string;
      listKind?: string;
      shortNames?: string[];
      categories?: string[];
    };
    scope: string;
    versions: CrdVersion[];
    /** Webhook whenever versions differ by more than apiVersion (issue 19). */
    conversion?: { strategy: string };
  };
}

export interface ApiSnapshot {
  /** The file positions point into. */
  file: string;
  crd: CrdShape;
  /** The spec document; absent when only a rendered CRD is known. */
  data?: Record<string, unknown>;
  positionOf?: (path: Path, which?: "key" | "value") => SourcePosition;
}

export type SnapshotResult =
  | { ok: true; snapshot: ApiSnapshot; model: OperatorModel }
  | { ok: false; diagnostics: Diagnostic[] };

/**
 * @param file the file positions and diagnostics name.
 * @param resolveFrom where `crd:` paths of children resolve from: the project's operator.yaml,
 *   also for a copy of the spec kept elsewhere.
 */
export function snapshotFromSpec(source: string, file: string, resolveFrom = file): SnapshotResult {
  const parsed = parseSpec(source, file);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics };
  const childCrds = readChildCrds(parsed.spec.data, resolveFrom);
  const diagnostics = checkSpec(parsed.spec, childCrds);
  if (hasErrors(diagnostics)) return { ok: false, diagnostics };
  const model = buildModel(parsed.spec.data, source, childCrds);
  return { ok: true, model, snapshot: snapshotFromModel(model, parsed.spec) };
}

/** For a spec the pipeline has already loaded: no second parse and check. */
export function snapshotFromModel(
  model: OperatorModel,
  parsed: { file: string; data: unknown; positionOf: ApiSnapshot["positionOf"] },
): ApiSnapshot {
  return {
    file: parsed.file,
    crd: buildCrd(model) as CrdShape,
    data: parsed.data as Record<string, unknown>,
    positionOf: parsed.positionOf,
  };
}

/** A CRD as rendered on disk: what can still be compared when its spec no longer validates. */
export function snapshotFromCrdText(text: string, file: string): ApiSnapshot | undefined {
  const crd = parseAllDocuments(text)
    .map((d) => d.toJS() as unknown)
    .find(
      (d): d is CrdShape =>
        d !== null &&
        typeof d === "object" &&
        (d as { kind?: unknown }).kind === "CustomResourceDefinition" &&
        Array.isArray((d as CrdShape).spec?.versions),
    );
  return crd ? { file, crd } : undefined;
}
