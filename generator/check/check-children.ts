// Children are owned through ownerReferences, which only work downwards in scope: a namespaced
// owner cannot own a cluster-scoped object (the garbage collector ignores such references).

import { builtinKindsNamed, findBuiltinKind } from "./builtin-kinds.ts";
import { parseCrdDocument, type ChildCrdFiles } from "../parse/child-crds.ts";
import type { CheckContext } from "./context.ts";
import { obj, objects, resourceScope, str } from "./raw-spec.ts";

export function checkChildren({ data, report, childCrds }: CheckContext): void {
  const parentScope = resourceScope(data);
  const parentKind = str(obj(data.api).kind) ?? "the custom resource";
  const seenKinds = new Map<string, number>();
  for (const [i, child] of objects(data.children)) {
    const apiVersion = str(child.apiVersion);
    const kind = str(child.kind);
    if (apiVersion === undefined || kind === undefined) continue;
    const builtin = findBuiltinKind(apiVersion, kind);
    const elsewhere = builtinKindsNamed(kind)[0];
    if (!builtin && child.crd === undefined && elsewhere) {
      report.error(
        "SEM044",
        ["children", i, "kind"],
        `${apiVersion} ${kind} is not a built-in kind`,
        `${kind} is ${elsewhere.apiVersion}: did you mean apiVersion: ${elsewhere.apiVersion}?`,
      );
    } else if (!builtin && child.crd === undefined) {
      report.error(
        "SEM180",
        ["children", i, "kind"],
        `${apiVersion} ${kind} is not a built-in kind, so its CRD must be given`,
        "Add crd: the path (relative to this spec, inside its folder) of the CustomResourceDefinition YAML that serves this kind; the generated tests install it and build the child from its schema.",
      );
    }
    const childScope = str(child.scope) ?? builtin?.scope ?? crdScope(childCrds, child.crd);
    if (parentScope === "Namespaced" && childScope === "Cluster") {
      report.error(
        "SEM045",
        ["children", i, "kind"],
        `the namespaced ${parentKind} cannot own the cluster-scoped ${kind}`,
        "ownerReferences cannot point from a cluster-scoped object to a namespaced owner; make the custom resource Cluster-scoped or manage this object without ownership.",
      );
    }
    if (parentScope === "Cluster" && childScope === "Namespaced") {
      report.error(
        "SEM185",
        ["children", i, "kind"],
        `the cluster-scoped ${parentKind} has no namespace to put the namespaced ${kind} in`,
        "Generated children live in their owner's namespace. Make the custom resource Namespaced, or create namespaced objects yourself in the reconciler (e.g. in a Namespace child).",
      );
    }
    const first = seenKinds.get(kind);
    if (first !== undefined) {
      report.error(
        "SEM046",
        ["children", i, "kind"],
        `kind ${kind} is already a child (children[${first}])`,
        "List each child kind once; the generated builder and file are named after the kind.",
      );
    } else {
      seenKinds.set(kind, i);
    }
  }
}

/** The scope a child's CRD declares, when the file is readable and a CRD. */
function crdScope(files: ChildCrdFiles | undefined, path: unknown): string | undefined {
  const file = typeof path === "string" ? files?.get(path) : undefined;
  if (!file?.ok) return undefined;
  const parsed = parseCrdDocument(file.text);
  return "crd" in parsed ? parsed.crd.spec.scope : undefined;
}
