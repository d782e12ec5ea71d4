// management: how a user manages one object apart from its spec, through its metadata. The
// deletion-policy annotation's key (ACK's services.k8s.aws/deletion-policy, Config Connector's
// cnrm.cloud.google.com/deletion-policy) and a pause mark (Crossplane's crossplane.io/paused,
// Cluster API's cluster.x-k8s.io/paused). resolveManagement is the one reading of these keys: check
// reports its problems (SEM370-SEM373, WARN155), the model builds from it.

import { type AdoptionBehaviour, resolveAdoptionValues } from "./adoption-values.ts";
import { formatValidator } from "./cel-formats.ts";
import type { CheckContext } from "./context.ts";
import { has, obj, objects, str } from "./raw-spec.ts";
import { type Path, type PlanProblem, reportProblems } from "./report.ts";

export interface ManagementPlan {
  deletionPolicyAnnotation: string;
  /** The annotation with which one object chooses Adopt or Refuse (management.adoptionAnnotation). */
  adoptionAnnotation?: string;
  /** management.adoptionValues: the annotation's values and what each does; left out: Adopt, Refuse. */
  adoptionValues?: Record<string, AdoptionBehaviour>;
  pause?: { on: "annotation" | "label"; key: string; value: string };
}

/** The value that pauses when management.pause.value is left out. */
export const DEFAULT_PAUSE_VALUE = "true";

export function checkManagement({ data, report }: CheckContext): void {
  reportProblems(report, resolveManagement(data).problems);
}

export function resolveManagement(data: Record<string, unknown>): {
  plan: ManagementPlan;
  problems: PlanProblem[];
} {
  const problems: PlanProblem[] = [];
  const management = obj(data.management);
  const group = str(obj(data.api).group) ?? "";
  const qualified = formatValidator("qualifiedName");
  const keyProblem = (path: Path, key: string, what: string): boolean => {
    const errors = qualified(key);
    if (errors.length === 0) return false;
    problems.push({
      severity: "error",
      code: "SEM370",
      path,
      message: `${what} "${key}" is not a valid ${path.at(-1) === "label" ? "label" : "annotation"} key: ${errors.join("; ")}`,
      hint: "Write <DNS subdomain>/<name>, e.g. example.com/paused: the name at most 63 characters of letters, digits, '-', '_' and '.'.",
    });
    return true;
  };

  let deletionPolicyAnnotation = `${group}/deletion-policy`;
  const chosen = str(management.deletionPolicyAnnotation);
  if (chosen !== undefined) {
    if (!keyProblem(["management", "deletionPolicyAnnotation"], chosen, "deletionPolicyAnnotation"))
      deletionPolicyAnnotation = chosen;
    if (objects(data.externalResources).length === 0)
      problems.push({
        severity: "warning",
        code: "WARN155",
        path: ["management", "deletionPolicyAnnotation"],
        message:
          "deletionPolicyAnnotation is set, but there are no externalResources whose deletion it could change",
        hint: "The annotation chooses Delete or Retain for an object's external resources; drop the key, or declare the external resources.",
      });
  }

  const plan: ManagementPlan = { deletionPolicyAnnotation };
  const adoption = str(management.adoptionAnnotation);
  if (adoption !== undefined) {
    const at: Path = ["management", "adoptionAnnotation"];
    const abandon = `${group}/abandon-external-resources`;
    if (keyProblem(at, adoption, "adoptionAnnotation")) {
      // reported: SEM370
    } else if (adoption === deletionPolicyAnnotation || adoption === abandon) {
      problems.push({
        severity: "error",
        code: "SEM400",
        path: at,
        message: `adoptionAnnotation "${adoption}" is already the operator's ${adoption === abandon ? "abandon" : "deletion-policy"} annotation`,
        hint: `Choose another key, e.g. ${group}/adoption-policy.`,
      });
    } else plan.adoptionAnnotation = adoption;
    const keyed = objects(data.externalResources).some(([, r]) =>
      has(obj(r.identity), "naturalKey"),
    );
    if (!keyed)
      problems.push({
        severity: "warning",
        code: "WARN170",
        path: at,
        message:
          "adoptionAnnotation is set, but no externalResources entry has identity.naturalKey, so no object can find an existing resource to adopt",
        hint: "Adoption is for resources found by a natural key (identity.naturalKey); drop the key, or give the external resource one.",
      });
  }
  const adoptionValues = resolveAdoptionValues(management, plan.adoptionAnnotation, problems);
  if (adoptionValues !== undefined && plan.adoptionAnnotation !== undefined)
    plan.adoptionValues = adoptionValues;
  if (!has(management, "pause")) return { plan, problems };
  const pause = obj(management.pause);
  const annotation = str(pause.annotation);
  const label = str(pause.label);
  if ((annotation === undefined) === (label === undefined)) {
    problems.push({
      severity: "error",
      code: "SEM371",
      path: ["management", "pause"],
      message: `pause names ${annotation === undefined ? "neither an annotation nor a label" : "both an annotation and a label"}`,
      hint: "Give exactly one: annotation: example.com/paused (any user who may edit the object can set it) or label: example.com/paused (also selectable: kubectl get -l).",
    });
    return { plan, problems };
  }
  const on = annotation !== undefined ? "annotation" : "label";
  const key = (annotation ?? label)!;
  if (keyProblem(["management", "pause", on], key, `pause ${on}`)) return { plan, problems };
  const value = str(pause.value) ?? DEFAULT_PAUSE_VALUE;
  const valueErrors = value === "" ? ["it is empty"] : formatValidator("labelValue")(value);
  if (on === "label" ? valueErrors.length > 0 : value === "") {
    problems.push({
      severity: "error",
      code: "SEM372",
      path: ["management", "pause", "value"],
      message: `pause value ${JSON.stringify(value)} cannot mark a ${on}: ${valueErrors.join("; ")}`,
      hint: 'Use a short word such as "true" (the default).',
    });
    return { plan, problems };
  }
  // The operator's own annotations keep their meaning: one key cannot mean two things.
  const taken = [
    deletionPolicyAnnotation,
    `${group}/abandon-external-resources`,
    ...(plan.adoptionAnnotation !== undefined ? [plan.adoptionAnnotation] : []),
  ];
  if (on === "annotation" && taken.includes(key)) {
    const what =
      key === deletionPolicyAnnotation
        ? "deletion-policy"
        : key === plan.adoptionAnnotation
          ? "adoption"
          : "abandon";
    problems.push({
      severity: "error",
      code: "SEM373",
      path: ["management", "pause", on],
      message: `pause annotation "${key}" is already the operator's ${what} annotation`,
      hint: `Choose another key, e.g. ${group}/paused.`,
    });
    return { plan, problems };
  }
  plan.pause = { on, key, value };
  return { plan, problems };
}
