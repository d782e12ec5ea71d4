// The CEL environment of a ValidatingAdmissionPolicy's expressions (k8s.io/apiserver
// pkg/admission/plugin/policy/validating, Kubernetes 1.36): object and oldObject typed from the
// CRD's schema, params from the parameters kind's, request and namespaceObject as the server
// declares them (open objects here, dyn), and the authorizer library. So a tenancy rule that names
// a field the kind does not have, or calls what the server lacks, is refused at generation time.

import type { Environment } from "@marcbachmann/cel-js";
import type { DeclType } from "./cel-decl-type.ts";
import { celEnvironment, type RuleEnvironment } from "./cel-environment.ts";

const DYN: DeclType = { kind: "dyn", maxElements: 0, minSerializedSize: 1 };

/** The admission variables the operator cannot know when it re-checks a rule (docs/tenancy.md). */
export const ADMISSION_ONLY_VARIABLES = ["request", "authorizer", "namespaceObject"] as const;

/** The policy's `object`: apiVersion, kind, metadata and status open; spec typed. */
export function admissionObjectType(spec: DeclType): DeclType {
  spec = withReservedWordsUnescaped(spec);
  const fields = new Map([
    ["apiVersion", { name: "apiVersion", type: stringType(), required: false }],
    ["kind", { name: "kind", type: stringType(), required: false }],
    ["metadata", { name: "metadata", type: DYN, required: false }],
    ["spec", { name: "spec", type: spec, required: false }],
    ["status", { name: "status", type: DYN, required: false }],
  ]);
  return { kind: "object", fields, maxElements: 0, minSerializedSize: 2 };
}

/**
 * @param params the parameters object's type, or undefined when the spec declares none (then
 *   `params` is not declared, as the server does without a paramKind).
 */
export function admissionEnvironment(
  object: DeclType,
  declaredParams: DeclType | undefined,
): RuleEnvironment {
  const params = declaredParams && withReservedWordsUnescaped(declaredParams);
  const types = celEnvironment(
    {
      object,
      oldObject: object,
      request: DYN,
      namespaceObject: DYN,
      ...(params ? { params } : {}),
    },
    registerAuthorizer,
  );
  // oldObject is null on CREATE, params when a namespace has none and the binding allows that.
  for (const type of params ? [object, params] : [object]) {
    const name = types.classes.get(type)!.name;
    types.env.registerOperator(`${name} == null`, (a: unknown) => a === null);
  }
  return types;
}

/**
 * A policy reads objects as the API server decoded them, maps by property name: a property named
 * like a CEL reserved word is read as written (`object.spec.credentials.namespace`), not escaped as
 * a CRD's own rules must (`self.__namespace__`). The generated tenancy suite proves it on
 * kube-apiserver 1.36 (its reference rules read `.namespace`). So the escaped names get theirs back.
 */
function withReservedWordsUnescaped(type: DeclType): DeclType {
  const out: DeclType = { ...type };
  if (type.elem) out.elem = withReservedWordsUnescaped(type.elem);
  if (type.fields)
    out.fields = new Map(
      [...type.fields].map(([celName, field]) => [
        /^__[a-z]+__$/.test(celName) && celName === `__${field.name}__` ? field.name : celName,
        { ...field, type: withReservedWordsUnescaped(field.type) },
      ]),
    );
  return out;
}

class Authorizer {}
class GroupCheck {}
class ResourceCheck {}
class PathCheck {}
class Decision {}

/**
 * The authorizer library (k8s.io/apiserver pkg/cel/library/authz.go): declared for the type
 * checker only. Its answers exist on the API server alone, so evaluating it here is an error.
 */
function registerAuthorizer(env: Environment): void {
  const notHere = () => {
    throw new Error("the authorizer is answered by the API server only");
  };
  const fn = (signature: string) => env.registerFunction(signature, notHere);
  env.registerType("kubernetes.authorization.Authorizer", { ctor: Authorizer, fields: {} });
  env.registerType("kubernetes.authorization.GroupCheck", { ctor: GroupCheck, fields: {} });
  env.registerType("kubernetes.authorization.ResourceCheck", { ctor: ResourceCheck, fields: {} });
  env.registerType("kubernetes.authorization.PathCheck", { ctor: PathCheck, fields: {} });
  env.registerType("kubernetes.authorization.Decision", { ctor: Decision, fields: {} });
  const A = "kubernetes.authorization.Authorizer";
  const G = "kubernetes.authorization.GroupCheck";
  const R = "kubernetes.authorization.ResourceCheck";
  const P = "kubernetes.authorization.PathCheck";
  const D = "kubernetes.authorization.Decision";
  fn(`${A}.group(string): ${G}`);
  fn(`${A}.path(string): ${P}`);
  fn(`${A}.serviceAccount(string, string): ${A}`);
  fn(`${G}.resource(string): ${R}`);
  fn(`${R}.subresource(string): ${R}`);
  fn(`${R}.namespace(string): ${R}`);
  fn(`${R}.name(string): ${R}`);
  fn(`${R}.check(string): ${D}`);
  fn(`${P}.check(string): ${D}`);
  fn(`${D}.allowed(): bool`);
  fn(`${D}.reason(): string`);
  fn(`${D}.errored(): bool`);
  fn(`${D}.error(): string`);
  env.registerVariable("authorizer", A);
}

function stringType(): DeclType {
  return { kind: "string", maxElements: 253 * 4, minSerializedSize: 2 };
}
