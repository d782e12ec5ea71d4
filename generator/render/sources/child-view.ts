// The view of one child object the operator owns (Deployment, Service, ConfigMap, Secret or any
// other kind): its builder's names and the expressions that fill it from the spec. A spec field
// is used only when its name and type fit the role, so any spec yields a valid builder.

import type { ChildModel, FieldModel, OperatorModel } from "../../model/types.ts";
import { specAccessor } from "./ts-types.ts";

export interface ChildView {
  kind: string;
  apiVersion: string;
  fileName: string;
  module: string;
  builderFn: string;
  tsType: string;
  nameSuffix: string;
  component: string;
  namespaced: boolean;
  imageExpression: string;
  replicasExpression: string | null;
  portExpression: string | null;
  envExpression: string | null;
  podAnnotationsExpression: string | null;
  targetPortExpression: string;
  configEntries: Array<{ key: string; expression: string }>;
  secretEntries: Array<{ key: string; expression: string }>;
}

/** Child kinds with a template that fills in real content; others get a valid placeholder. */
const TYPED_CHILDREN: Record<string, string> = {
  "apps/v1:Deployment": "V1Deployment",
  "v1:Service": "V1Service",
  "v1:ConfigMap": "V1ConfigMap",
  "v1:Secret": "V1Secret",
};

export function childView(
  child: ChildModel,
  model: OperatorModel,
  specOptional: boolean,
): ChildView {
  const spec = model.spec.fields;
  /** Reads top-level spec field `name` if it exists with an accepted type; `fallback` covers absence. */
  const read = (
    name: string,
    accept: (f: FieldModel) => boolean,
    fallback?: string,
  ): string | null => {
    const field = spec.find((f) => f.name === name && accept(f));
    if (!field) return null;
    const accessor = specAccessor(field.path, spec, "obj.spec", specOptional);
    return accessor.optional && fallback !== undefined
      ? `${accessor.expression} ?? ${fallback}`
      : accessor.expression;
  };
  const integer = (f: FieldModel): boolean => f.type === "integer";
  const image = read("image", (f) => f.type === "string", '""');
  const port = read("port", integer) ?? read("containerPort", integer);
  const servicePort = read(
    "servicePort",
    (f) => ["int-or-string", "integer", "string"].includes(f.type),
    '"http"',
  );
  const env = read(
    "env",
    (f) =>
      f.type === "array" &&
      f.items?.type === "object" &&
      f.items.fields.some((i) => i.name === "name" && i.required),
    "[]",
  );
  const tsType = TYPED_CHILDREN[`${child.apiVersion}:${child.kind}`] ?? "KubernetesObject";
  const suffix: Record<string, string> = {
    Deployment: "",
    StatefulSet: "",
    Service: "",
    ConfigMap: "-config",
    Secret: "-connection",
  };
  return {
    kind: child.kind,
    apiVersion: child.apiVersion,
    fileName: child.fileName,
    module: `children/${child.fileName}.ts`,
    builderFn: `desired${child.kind}`,
    tsType,
    nameSuffix: suffix[child.kind] ?? `-${child.fileName}`,
    component: model.names.kindFile,
    namespaced: child.scope === "Namespaced",
    imageExpression: image ?? '"registry.example.com/app:latest"',
    replicasExpression: read("replicas", integer),
    portExpression: port,
    envExpression: env,
    podAnnotationsExpression: read("podAnnotations", (f) => f.type === "map"),
    targetPortExpression: servicePort ?? '"http"',
    configEntries: spec
      .filter((f) => f.type === "free-form" || (f.type === "map" && /config/i.test(f.name)))
      .map((f) => ({
        key: `${f.name}.json`,
        expression: `JSON.stringify(${specAccessor(f.path, spec, "obj.spec", specOptional).expression} ?? {})`,
      })),
    secretEntries: model.status.fields
      .filter((f) => f.type === "string")
      .map((f) => ({ key: f.name, expression: `obj.status?.${f.name} ?? ""` })),
  };
}
