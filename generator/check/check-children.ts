// Children are owned through ownerReferences, which only work downwards in scope: a namespaced
// owner cannot own a cluster-scoped object (the garbage collector ignores such references).

import { parseCrdDocument, type ChildCrdFiles } from "../parse/child-crds.ts";
import { builtinKindsNamed, findBuiltinKind, splitApiVersion } from "./builtin-kinds.ts";
import { isDns1035Label, isDnsSubdomain, PASCAL_CASE, type CheckContext } from "./context.ts";
import { childKindEntries } from "./child-kind-choice.ts";
import { obj, objects, resourceScope, str, type RawObject } from "./raw-spec.ts";

export function checkChildren({ data, report, childCrds }: CheckContext): void {
  const parentScope = resourceScope(data);
  const parentKind = str(obj(data.api).kind) ?? "the custom resource";
  const seenKinds = new Map<string, number>();
  const seenRoles = new Map<string, number>();
  // A child whose kind a field chooses is checked as each of its kinds (kinds[j]).
  const entries = objects(data.children).flatMap(([i, raw]) =>
    childKindEntries(raw).map(({ entry, at }) => ({ i, child: entry, at: ["children", i, ...at] })),
  );
  for (const { i, child, at } of entries) {
    checkChildNames(child, at, report);
    const apiVersion = str(child.apiVersion);
    const kind = str(child.kind);
    if (apiVersion === undefined || kind === undefined) continue;
    const builtin = findBuiltinKind(apiVersion, kind);
    const elsewhere = builtinKindsNamed(kind)[0];
    if (!builtin && child.crd === undefined && elsewhere) {
      report.error(
        "SEM044",
        [...at, "kind"],
        `${apiVersion} ${kind} is not a built-in kind`,
        `${kind} is ${elsewhere.apiVersion}: did you mean apiVersion: ${elsewhere.apiVersion}?`,
      );
    } else if (!builtin && child.crd === undefined) {
      report.error(
        "SEM180",
        [...at, "kind"],
        `${apiVersion} ${kind} is not a built-in kind, so its CRD must be given`,
        "Add crd: the path (relative to this spec, inside its folder) of the CustomResourceDefinition YAML that serves this kind; the generated tests install it and build the child from its schema.",
      );
    }
    const childScope = str(child.scope) ?? builtin?.scope ?? crdScope(childCrds, child.crd);
    if (parentScope === "Namespaced" && childScope === "Cluster") {
      report.error(
        "SEM045",
        [...at, "kind"],
        `the namespaced ${parentKind} cannot own the cluster-scoped ${kind}`,
        "ownerReferences cannot point from a cluster-scoped object to a namespaced owner; make the custom resource Cluster-scoped or manage this object without ownership.",
      );
    }
    if (parentScope === "Cluster" && childScope === "Namespaced") {
      report.error(
        "SEM185",
        [...at, "kind"],
        `the cluster-scoped ${parentKind} has no namespace to put the namespaced ${kind} in`,
        "Generated children live in their owner's namespace. Make the custom resource Namespaced, or create namespaced objects yourself in the reconciler (e.g. in a Namespace child).",
      );
    }
    // Several children of one kind are told apart by their ids; at most one goes without.
    const id = str(child.id);
    const role = `${kind}/${id ?? ""}`;
    const first = seenRoles.get(role);
    if (first !== undefined) {
      report.error(
        "SEM046",
        id === undefined ? [...at, "kind"] : ["children", i, "id"],
        id === undefined
          ? `kind ${kind} is already a child without an id (children[${first}])`
          : `kind ${kind} already has a child with id ${id} (children[${first}])`,
        "Give each child of one kind its own id (e.g. id: headless, id: console): it names the child's builder file and, without a name template, its name.",
      );
    } else {
      seenRoles.set(role, i);
    }
    if (!seenKinds.has(kind)) seenKinds.set(kind, i);
  }
  checkBindingsHaveRoles(seenKinds, report);
}

/** What each binding child's roleRef names: the role child generated beside it. */
const BOUND_ROLE: Readonly<Record<string, string>> = {
  RoleBinding: "Role",
  ClusterRoleBinding: "ClusterRole",
};

/**
 * A binding child refers to `<name>-role` / `<name>-cluster-role`, the role child the generator
 * builds. Without that child the role does not exist, and the API server refuses the operator's
 * binding (it cannot prove the operator holds the role's permissions), so the child never applies.
 */
function checkBindingsHaveRoles(
  kinds: ReadonlyMap<string, number>,
  report: CheckContext["report"],
): void {
  for (const [binding, role] of Object.entries(BOUND_ROLE)) {
    const at = kinds.get(binding);
    if (at === undefined || kinds.has(role)) continue;
    report.error(
      "SEM159",
      ["children", at, "kind"],
      `the ${binding} child binds the ${role} child, but there is no ${role} child`,
      `Add a child { apiVersion: rbac.authorization.k8s.io/v1, kind: ${role} }: the generated binding refers to it by name.`,
    );
  }
}

/**
 * A child's apiVersion, kind and plural become the URL the operator calls, an RBAC rule and a
 * file and function name in the generated project: each must be what Kubernetes allows there.
 */
function checkChildNames(
  child: RawObject,
  at: Array<string | number>,
  report: CheckContext["report"],
): void {
  const apiVersion = str(child.apiVersion);
  if (apiVersion !== undefined && !isApiVersion(apiVersion)) {
    report.error(
      "SEM144",
      [...at, "apiVersion"],
      `apiVersion "${apiVersion}" is not [group/]version`,
      "Write the version alone for the core group (v1), else group/version (apps/v1, example.com/v1alpha1): the group a DNS subdomain, the version a DNS label starting with a letter.",
    );
  }
  const kind = str(child.kind);
  if (kind !== undefined && !(PASCAL_CASE.test(kind) && kind.length <= 63)) {
    report.error(
      "SEM145",
      [...at, "kind"],
      `child kind "${kind}" is not a Kubernetes kind`,
      "A kind is a PascalCase name of at most 63 letters and digits, e.g. Deployment.",
    );
  }
  const plural = str(child.plural);
  if (plural !== undefined && !isDns1035Label(plural)) {
    report.error(
      "SEM146",
      [...at, "plural"],
      `child plural "${plural}" is not a lower-case DNS label`,
      "The plural is the resource name in the URL and in RBAC rules, e.g. deployments: lower-case letters, digits and '-', starting with a letter.",
    );
  }
}

function isApiVersion(text: string): boolean {
  const { group, version } = splitApiVersion(text);
  if (!isDns1035Label(version)) return false;
  if (!text.includes("/")) return true;
  return group !== "" && !group.includes("/") && isDnsSubdomain(group);
}

/** The scope a child's CRD declares, when the file is readable and a CRD. */
function crdScope(files: ChildCrdFiles | undefined, path: unknown): string | undefined {
  const file = typeof path === "string" ? files?.get(path) : undefined;
  if (!file?.ok) return undefined;
  const parsed = parseCrdDocument(file.text);
  return "crd" in parsed ? parsed.crd.spec.scope : undefined;
}
