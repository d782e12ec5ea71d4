// management.adoptionValues: the values of the adoption annotation and what each does, for a
// spec whose upstream spells them its own way (ACK's services.k8s.aws/adoption-policy: adopt,
// which only imports, and adopt-or-create). The JSON schema holds each behaviour to Adopt,
// AdoptOnly or Refuse; this reports what it cannot see (SEM450, WARN195). Part of
// resolveManagement, the one reading of management.

import { has, obj } from "./raw-spec.ts";
import { type Path, type PlanProblem } from "./report.ts";

export type AdoptionBehaviour = "Adopt" | "AdoptOnly" | "Refuse";

const BEHAVIOURS: readonly string[] = ["Adopt", "AdoptOnly", "Refuse"];

/** The mapped values, or undefined when the spec maps none (the runtime's Adopt and Refuse). */
export function resolveAdoptionValues(
  management: Record<string, unknown>,
  annotation: string | undefined,
  problems: PlanProblem[],
): Record<string, AdoptionBehaviour> | undefined {
  if (!has(management, "adoptionValues")) return undefined;
  const at: Path = ["management", "adoptionValues"];
  // Entries the schema refused are left out here: the schema error names them.
  const values = Object.fromEntries(
    Object.entries(obj(management.adoptionValues)).filter(
      (entry): entry is [string, AdoptionBehaviour] =>
        entry[0] !== "" && typeof entry[1] === "string" && BEHAVIOURS.includes(entry[1]),
    ),
  );
  if (typeof management.adoptionAnnotation !== "string") {
    problems.push({
      severity: "error",
      code: "SEM450",
      path: at,
      message: "adoptionValues maps values of an annotation, but there is no adoptionAnnotation",
      hint: "Name the annotation the values belong to, e.g. adoptionAnnotation: services.k8s.aws/adoption-policy.",
    });
    return undefined;
  }
  if (Object.keys(values).length === 0) return undefined;
  if (!Object.values(values).some((b) => b !== "Refuse"))
    problems.push({
      severity: "warning",
      code: "WARN195",
      path: at,
      message: `no value of ${annotation ?? "the adoption annotation"} adopts: every one is Refuse, so the annotation can only refuse`,
      hint: "Map a value to Adopt (take an existing resource, create a missing one) or AdoptOnly (take an existing one, never create), or drop adoptionValues.",
    });
  return values;
}
