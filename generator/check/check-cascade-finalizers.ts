// management.cascadeFinalizers: the finalizer names a user may put on one object to have the
// operator delete its children before the object goes, as Argo CD's Application honours
// resources-finalizer.argocd.argoproj.io (foreground) and .../background. The operator never adds
// these finalizers; it only removes one once the cascade it asks for is done (runtime:
// cascade-finalizer.ts). resolveCascadeFinalizers is the one reading of the key: check reports its
// problems (SEM440-SEM442, WARN190-WARN191), the model builds from it.

import { formatValidator } from "./cel-formats.ts";
import type { CheckContext } from "./context.ts";
import { has, obj, objects, str } from "./raw-spec.ts";
import { type Path, type PlanProblem, reportProblems } from "./report.ts";

export interface CascadeFinalizersPlan {
  /** Children deleted in reverse apply order, each kind gone before the next; then the owner. */
  foreground?: string;
  /** Children's deletes sent at once; the owner goes without waiting for them to disappear. */
  background?: string;
}

/** Finalizers the API server and its garbage collector already give a meaning to. */
const KUBERNETES_FINALIZERS = ["orphan", "foregroundDeletion", "kubernetes"];

export function checkCascadeFinalizers({ data, report }: CheckContext): void {
  reportProblems(report, resolveCascadeFinalizers(data).problems);
}

export function resolveCascadeFinalizers(data: Record<string, unknown>): {
  plan: CascadeFinalizersPlan | undefined;
  problems: PlanProblem[];
} {
  const problems: PlanProblem[] = [];
  const management = obj(data.management);
  if (!has(management, "cascadeFinalizers")) return { plan: undefined, problems };
  const group = str(obj(data.api).group) ?? "";
  const own = `${group}/finalizer`;
  const raw = obj(management.cascadeFinalizers);
  const at = (mode: string): Path => ["management", "cascadeFinalizers", mode];
  const plan: CascadeFinalizersPlan = {};
  for (const mode of ["foreground", "background"] as const) {
    const name = str(raw[mode]);
    if (name === undefined) continue;
    const errors = formatValidator("qualifiedName")(name);
    if (errors.length > 0) {
      problems.push({
        severity: "error",
        code: "SEM440",
        path: at(mode),
        message: `${mode} finalizer "${name}" is not a valid finalizer name: ${errors.join("; ")}`,
        hint: `Write <DNS subdomain>/<name>, e.g. ${group}/cascade-${mode}: the API server refuses any other finalizer.`,
      });
      continue;
    }
    const taken =
      name === own
        ? "the operator's own finalizer (it guards the external resources)"
        : KUBERNETES_FINALIZERS.includes(name) || name.startsWith("kubernetes.io/")
          ? "a finalizer Kubernetes itself gives a meaning to"
          : name === plan.foreground
            ? "the foreground finalizer too: one name cannot ask for both"
            : undefined;
    if (taken !== undefined) {
      problems.push({
        severity: "error",
        code: "SEM441",
        path: at(mode),
        message: `${mode} finalizer "${name}" is ${taken}`,
        hint: `Choose a name of its own, e.g. ${group}/cascade-${mode}.`,
      });
      continue;
    }
    if (!name.includes("/"))
      problems.push({
        severity: "warning",
        code: "WARN190",
        path: at(mode),
        message: `${mode} finalizer "${name}" has no domain prefix: the API server warns on every write of an object that carries it`,
        hint: `Prefer <domain>/<name>, e.g. ${group}/cascade-${mode}; keep the unprefixed name only to honour one users already set (Argo CD's resources-finalizer.argocd.argoproj.io).`,
      });
    plan[mode] = name;
  }
  if (str(raw.foreground) === undefined && str(raw.background) === undefined) {
    problems.push({
      severity: "error",
      code: "SEM442",
      path: ["management", "cascadeFinalizers"],
      message: "cascadeFinalizers names neither a foreground nor a background finalizer",
      hint: `Give at least one, e.g. foreground: ${group}/cascade.`,
    });
    return { plan: undefined, problems };
  }
  if (objects(data.children).length === 0)
    problems.push({
      severity: "warning",
      code: "WARN191",
      path: ["management", "cascadeFinalizers"],
      message: "cascadeFinalizers is set, but there are no children for the cascade to delete",
      hint: "The finalizer deletes the object's children before it goes; drop the key, or declare children.",
    });
  return { plan: Object.keys(plan).length > 0 ? plan : undefined, problems };
}
