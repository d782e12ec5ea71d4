// The operator's own check of the tenant boundary (defence in depth): the rules of the generated
// ValidatingAdmissionPolicy that read only `object`, `oldObject` and `params`, evaluated here with
// the same CEL text, so an object the policy would refuse is refused again when the policy was
// removed, not yet installed, or switched to audit. The reconciler then reports Ready=False with
// reason NotPermitted and creates nothing.
//
// What the operator cannot re-check is left out by the generator, never approximated: who sent the
// request (request.userInfo), what that user is authorized to do (authorizer: the `use` checks),
// and the Namespace object (not granted to the operator). Only the API server knows the requester
// at admission; the object carries no trustworthy record of it (managedFields' manager is a
// client-chosen string, not an identity), so a SubjectAccessReview on the operator's side would
// ask about the wrong user.
//
// Evaluated as on a CREATE (oldObject null): a rule the stored object no longer satisfies, after a
// namespace's parameters were tightened, stops the operator from acting on that object until it
// complies, instead of letting the tightening apply only to objects written later.

import type { Environment } from "@marcbachmann/cel-js";
import type { KubernetesObject } from "@kubernetes/client-node";
import { errorMessage } from "./errors.ts";
import { compileTenancyExpression, tenancyEnvironment } from "./tenancy-cel-library.ts";
import type { CallOptions, ObjectKey } from "./resource-client.ts";

export interface TenancyRule {
  /** The policy validation's expression, as in config/tenancy/admission_policy.yaml. */
  expression: string;
  message?: string;
  messageExpression?: string;
}

export interface TenancyParameters {
  kind: string;
  /** The one object each namespace holds (the binding's paramRef.name). */
  name: string;
  /** The binding's parameterNotFoundAction. */
  missing: "Deny" | "Allow";
  /** Reads it; undefined when the namespace has none (runOperator: from a watched cache). */
  reader: { get(key: ObjectKey, options?: CallOptions): Promise<unknown> };
}

export type TenancyVerdict = { permitted: true } | { permitted: false; message: string };

export interface TenancyGate {
  verdict(obj: KubernetesObject, options?: CallOptions): Promise<TenancyVerdict>;
}

const VARIABLES = ["object", "oldObject", "params"] as const;

/**
 * A gate over `rules`; with `parameters`, each object is judged with its own namespace's
 * parameters object as `parameters.reader` has it now (runOperator reads it from a watched cache,
 * and a change requeues the namespace's objects: tenancy-parameters.ts).
 */
export function tenancyGate(
  rules: readonly TenancyRule[],
  parameters?: TenancyParameters,
): TenancyGate {
  // The Kubernetes functions the policy may call (quantity(), url(), the lists extension...).
  const env = tenancyEnvironment();
  for (const name of VARIABLES) env.registerVariable(name, "dyn");
  return {
    async verdict(obj, options = {}) {
      let params: unknown = null;
      if (parameters) {
        const namespace = obj.metadata?.namespace;
        const found = await parameters.reader.get({ name: parameters.name, namespace }, options);
        if (found === undefined && parameters.missing === "Deny")
          return {
            permitted: false,
            message: `namespace ${namespace} has no ${parameters.kind} named ${parameters.name}: a cluster admin sets what this namespace may ask for there`,
          };
        params = found ?? null;
      }
      const context = { object: toCel(obj), oldObject: null, params: toCel(params) };
      for (const rule of rules) {
        const refusal = judge(env, rule, context);
        if (refusal !== undefined) return { permitted: false, message: refusal };
      }
      return { permitted: true };
    },
  };
}

const compiledRules = new WeakMap<Environment, Map<string, (context: object) => unknown>>();

/** A rule's expression parsed once per environment (compileTenancyExpression). */
function compiled(env: Environment, expression: string): (context: object) => unknown {
  let byText = compiledRules.get(env);
  if (byText === undefined) compiledRules.set(env, (byText = new Map()));
  let evaluate = byText.get(expression);
  if (evaluate === undefined) {
    evaluate = compileTenancyExpression(env, expression) as (context: object) => unknown;
    byText.set(expression, evaluate);
  }
  return evaluate;
}

/** The refusal message, or undefined when the rule holds. An error refuses (failurePolicy: Fail). */
function judge(
  env: Environment,
  rule: TenancyRule,
  context: Record<string, unknown>,
): string | undefined {
  let result: unknown;
  try {
    result = compiled(env, rule.expression)(context);
  } catch (err) {
    return `the tenancy rule ${rule.expression} could not be evaluated: ${errorMessage(err, false)}`;
  }
  if (result === true) return undefined;
  if (rule.messageExpression !== undefined) {
    try {
      const message: unknown = compiled(env, rule.messageExpression)(context);
      if (typeof message === "string" && message.trim() !== "") return message;
    } catch {
      // As the API server does: a failing messageExpression falls back to the static message.
    }
  }
  return rule.message ?? `failed expression: ${rule.expression}`;
}

/** JSON as CEL sees it from an API server: integral numbers are CEL ints. */
function toCel(value: unknown): unknown {
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toCel(v)]));
  return value;
}
