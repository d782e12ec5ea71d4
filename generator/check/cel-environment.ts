// One CEL environment per rule: `self` (and `oldSelf`) typed from the definition the rule sits on,
// every object in it declared as a type with exactly its fields, and the Kubernetes library.
// Each rule gets a clone of one library environment, so rules never share their types.

import { Environment } from "@marcbachmann/cel-js";
import type { DeclType } from "./cel-decl-type.ts";
import {
  celEquals,
  DURATION,
  registerKubernetesLibrary,
  TIMESTAMP,
} from "./cel-kubernetes-library.ts";

export interface RuleEnvironment {
  env: Environment;
  /** The class each object type's values are built with, by type name. */
  classes: Map<DeclType, new (props: Record<string, unknown>) => object>;
}

/** The library is registered once; each rule's environment is a clone that adds its own types. */
let base: Environment | undefined;

export function ruleEnvironment(self: DeclType): RuleEnvironment {
  return celEnvironment({ self, oldSelf: self });
}

/**
 * An environment with these variables, each typed from its DeclType (objects declared with exactly
 * their fields), and `extend` for what else the caller's context declares (admission policies'
 * authorizer). CRD rules get self and oldSelf; admission policies their own variables.
 */
export function celEnvironment(
  variables: Record<string, DeclType>,
  extend?: (env: Environment) => void,
): RuleEnvironment {
  if (!base) {
    base = new Environment({ enableOptionalTypes: true });
    registerKubernetesLibrary(base);
  }
  const env = base.clone();
  const classes = new Map<DeclType, new (props: Record<string, unknown>) => object>();
  const names = new Map<DeclType, string>();
  const typeName = (t: DeclType): string => {
    switch (t.kind) {
      case "list":
        return `list<${typeName(t.elem!)}>`;
      case "map":
        return `map<string, ${typeName(t.elem!)}>`;
      case "object":
        return declareObject(t);
      case "timestamp":
        return TIMESTAMP;
      case "duration":
        return DURATION;
      default:
        return t.kind;
    }
  };
  const declareObject = (t: DeclType): string => {
    const known = names.get(t);
    if (known) return known;
    const fields: Record<string, string> = {};
    for (const [celName, field] of t.fields ?? []) fields[celName] = typeName(field.type);
    const name = `object${names.size}`;
    // A class per type: values of nested objects must be instances of it to type at runtime.
    const ctor = class {
      constructor(props: Record<string, unknown>) {
        Object.assign(this, props);
      }
    };
    Object.defineProperty(ctor, "name", { value: name });
    env.registerType(name, { ctor, fields });
    env.registerOperator(`${name} == ${name}`, (a: unknown, b: unknown) => celEquals(a, b));
    names.set(t, name);
    classes.set(t, ctor);
    return name;
  };
  extend?.(env);
  for (const [name, type] of Object.entries(variables)) env.registerVariable(name, typeName(type));
  return { env, classes };
}
