// metav1.Condition semantics, so kubectl, `kubectl wait --for=condition=Ready` and other tools read
// our status the way they read built-in objects.

export type ConditionStatus = "True" | "False" | "Unknown";

export interface Condition {
  type: string;
  status: ConditionStatus;
  /** CamelCase machine-readable cause, e.g. Reconciling, Deleting, Drifted. */
  reason: string;
  message: string;
  /** Changes only when `status` changes, so clients can tell how long a state has lasted. */
  lastTransitionTime: string;
  /** The metadata.generation this condition was computed from. */
  observedGeneration?: number;
}

/**
 * A condition as other controllers may write it when operator.yaml declares
 * `conditionShape: relaxed`: only type and status are required. This operator always writes
 * every field (a Condition is an ObservedCondition).
 */
export type ObservedCondition = Pick<Condition, "type" | "status"> &
  Partial<Omit<Condition, "type" | "status">>;

/**
 * A condition under `conditionShape: open` (Strimzi, Argo CD): no member is required, so another
 * writer's entry may lack even type or status. Every function here takes this widest form; an
 * entry without a type is never found, one without a status is not True.
 */
export type OpenCondition = Partial<Condition>;

export type ConditionUpdate = Omit<Condition, "lastTransitionTime">;

export function findCondition<C extends OpenCondition>(
  conditions: readonly C[] | undefined,
  type: string,
): C | undefined {
  return conditions?.find((c) => c.type === type);
}

export function isConditionTrue(
  conditions: readonly OpenCondition[] | undefined,
  type: string,
): boolean {
  return findCondition(conditions, type)?.status === "True";
}

/**
 * Returns a new list with `update` applied. lastTransitionTime is kept when the status did not
 * change (a new reason or message is not a transition); existing conditions keep their position so
 * that an unchanged status compares equal and is not written again.
 */
export function setCondition<C extends OpenCondition>(
  conditions: readonly C[] | undefined,
  update: ConditionUpdate,
  now: Date,
): Array<C | Condition> {
  const list: Array<C | Condition> = [...(conditions ?? [])];
  const index = list.findIndex((c) => c.type === update.type);
  const existing = index >= 0 ? list[index] : undefined;
  // A relaxed condition another writer left without a time gets one now.
  const lastTransitionTime =
    existing !== undefined && existing.status === update.status
      ? (existing.lastTransitionTime ?? now.toISOString())
      : now.toISOString();
  const next: Condition = { ...update, lastTransitionTime };
  if (index >= 0) list[index] = next;
  else list.push(next);
  return list;
}
