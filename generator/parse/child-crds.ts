// Stage 1, for children served by another project's CRD: the files their `crd:` entries name,
// read beside the spec. Reading is bounded and never leaves the spec's folder; what a file says
// (is it a CRD, for which kind) is the check stage's business, so nothing here throws for input.

import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { parseAllDocuments } from "yaml";

/** The largest CRD accepted; real ones with full pod templates reach about 1 MiB. */
export const MAX_CHILD_CRD_BYTES = 4 * 1024 * 1024;

/** Folders the generator writes; a user's CRD there would collide with generated files. */
const GENERATED_ROOTS = [".create-operator", "config", "dist", "node_modules", "src", "test"];

export type ChildCrdFile = { ok: true; text: string } | { ok: false; problem: string };

/** By the `crd:` value as written in the spec. */
export type ChildCrdFiles = ReadonlyMap<string, ChildCrdFile>;

/** Reads every `children[].crd` of the spec data, relative to the spec file's folder. */
export function readChildCrds(data: unknown, specFile: string): ChildCrdFiles {
  const files = new Map<string, ChildCrdFile>();
  const children = (data as { children?: unknown } | null)?.children;
  if (!Array.isArray(children)) return files;
  // A child whose kind a field chooses names a CRD per kind (kinds[].crd).
  const kinds = children.flatMap((child) => {
    const choices = (child as { kinds?: unknown } | null)?.kinds;
    return Array.isArray(choices) ? choices : [child];
  });
  for (const child of kinds) {
    const path = (child as { crd?: unknown } | null)?.crd;
    if (typeof path === "string" && !files.has(path))
      files.set(path, readChildCrd(path, dirname(resolve(specFile))));
  }
  return files;
}

function readChildCrd(path: string, folder: string): ChildCrdFile {
  const problem = pathProblem(path);
  if (problem) return { ok: false, problem };
  const full = resolve(folder, path);
  try {
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (stat === undefined) return { ok: false, problem: `${path} does not exist` };
    // A symbolic link may point anywhere: the file it resolves to must be inside the folder too.
    const real = realpathSync(full);
    const inside = relative(realpathSync(folder), real);
    if (inside.startsWith("..") || isAbsolute(inside))
      return { ok: false, problem: `${path} leads outside the spec's folder` };
    const target = lstatSync(real);
    if (!target.isFile()) return { ok: false, problem: `${path} is not a file` };
    if (target.size > MAX_CHILD_CRD_BYTES)
      return { ok: false, problem: `${path} is larger than ${MAX_CHILD_CRD_BYTES} bytes` };
    return { ok: true, text: readFileSync(real, "utf8") };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `${path} cannot be read: ${reason}` };
  }
}

/** Why a written path cannot name a CRD file in the project, or undefined when it can. */
export function pathProblem(path: string): string | undefined {
  if (path.includes("\0") || path.includes("\\") || isAbsolute(path))
    return `${JSON.stringify(path)} is not a relative POSIX path`;
  const segments = path.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".."))
    return `${JSON.stringify(path)} must stay inside the spec's folder (no "..", ".", or empty segments)`;
  if (!/\.ya?ml$/.test(path)) return `${path} is not a .yaml file`;
  if (segments.length === 1 && path === "operator.yaml")
    return "operator.yaml is the project's spec, not a CRD";
  if (GENERATED_ROOTS.includes(segments[0]!))
    return `${path} is under ${segments[0]}/, which the generator writes; keep CRDs elsewhere (e.g. crds/)`;
  return undefined;
}

/** The parts of a CustomResourceDefinition the generator reads. */
export interface CrdDocument {
  apiVersion: string;
  kind: string;
  metadata: { name?: string };
  spec: {
    group: string;
    names: { kind: string; plural: string };
    scope: "Namespaced" | "Cluster";
    versions: Array<{
      name: string;
      served: boolean;
      storage?: boolean;
      schema?: { openAPIV3Schema?: Record<string, unknown> };
    }>;
  };
}

/** The one CRD in a file's text, or why there is none. */
export function parseCrdDocument(text: string): { crd: CrdDocument } | { problem: string } {
  let docs: unknown[];
  try {
    const parsed = parseAllDocuments(text);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const broken = list.find((d) => d.errors.length > 0);
    if (broken)
      return { problem: `it is not valid YAML: ${broken.errors[0]!.message.split("\n")[0]}` };
    docs = list
      .map((d) => d.toJS({ maxAliasCount: 50 }))
      .filter((d) => d !== null && d !== undefined);
  } catch (error) {
    return { problem: `it is not valid YAML: ${error instanceof Error ? error.message : error}` };
  }
  if (docs.length !== 1)
    return { problem: `it holds ${docs.length} YAML documents; put exactly one CRD in the file` };
  const doc = docs[0] as Partial<CrdDocument> | null;
  if (doc?.apiVersion !== "apiextensions.k8s.io/v1" || doc.kind !== "CustomResourceDefinition")
    return { problem: "it is not an apiextensions.k8s.io/v1 CustomResourceDefinition" };
  const spec = doc.spec as Partial<CrdDocument["spec"]> | undefined;
  if (
    typeof spec?.group !== "string" ||
    typeof spec.names?.kind !== "string" ||
    typeof spec.names.plural !== "string" ||
    (spec.scope !== "Namespaced" && spec.scope !== "Cluster") ||
    !Array.isArray(spec.versions)
  )
    return { problem: "its spec lacks group, names.kind, names.plural, scope or versions" };
  return { crd: doc as CrdDocument };
}
