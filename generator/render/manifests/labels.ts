// The `app.kubernetes.io/*` labels of every object under config/, in one place so the CRD, RBAC
// and manager agree, and so the Deployment's selector is derived from the same source.

import type { OperatorModel } from "../../model/types.ts";

export type Component =
  "crd" | "rbac" | "manager" | "metrics" | "sample" | "tenancy" | "certificate";

export const COMPONENT_LABEL = "app.kubernetes.io/component";
export const NAME_LABEL = "app.kubernetes.io/name";

/** model.labels plus the component, keys sorted so output never depends on insertion order. */
export function labelsFor(model: OperatorModel, component: Component): Record<string, string> {
  return sortKeys({ ...model.labels, [COMPONENT_LABEL]: component });
}

/**
 * The manager's pod selector: only the two labels that identify it. A Deployment's selector is
 * immutable, so it must not include labels that could change between generator versions.
 */
export function managerSelector(model: OperatorModel): Record<string, string> {
  return { [NAME_LABEL]: model.name, [COMPONENT_LABEL]: "manager" };
}

export function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
