// The defaults of the CRD's status schema, as the runtime's withSchemaDefaults reads them: taken
// from the very schema the CRD carries (statusSchema), so an embedded Kubernetes type's own
// defaults count too. The reconciler applies them to the status it computes before comparing it
// with the stored one; without them a defaulted status field the controller leaves out would
// differ on every pass and be written on every pass.

import type { OperatorModel } from "../../model/types.ts";
import { statusSchema } from "../manifests/status-schema.ts";
import type { JSONSchemaProps } from "../manifests/schema-types.ts";
import { tsLiteral } from "./ts-types.ts";

/** The shape of the runtime's SchemaDefaults (the generator does not depend on the runtime). */
interface SchemaDefaults {
  default?: unknown;
  nullable?: boolean;
  properties?: Record<string, SchemaDefaults>;
  items?: SchemaDefaults;
  values?: SchemaDefaults;
}

export interface StatusDefaultsView {
  /** The status schema's defaults as a TypeScript literal, or "" when it has none. */
  statusDefaults: string;
}

export function statusDefaultsView(model: OperatorModel): StatusDefaultsView {
  const tree = defaultsOf(statusSchema(model));
  return { statusDefaults: tree ? tsLiteral(tree) : "" };
}

/** The branches of a schema that hold a default somewhere; undefined when none does. */
export function defaultsOf(schema: JSONSchemaProps): SchemaDefaults | undefined {
  const node: SchemaDefaults = {};
  if (schema.default !== undefined) {
    node.default = schema.default;
    if (schema.nullable) node.nullable = true;
  }
  const properties = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const inner = defaultsOf(property);
    return inner ? [[name, inner] as const] : [];
  });
  if (properties.length > 0) node.properties = Object.fromEntries(properties);
  const items = schema.items ? defaultsOf(schema.items) : undefined;
  if (items) node.items = items;
  const values = schema.additionalProperties ? defaultsOf(schema.additionalProperties) : undefined;
  if (values) node.values = values;
  return Object.keys(node).length > 0 ? node : undefined;
}
