// The subset of apiextensions.k8s.io/v1 JSONSchemaProps the generator writes, typed so a
// misspelled keyword is a compile error instead of a silently pruned schema.

import type { CelRule, FieldConstraints } from "../../model/types.ts";

export interface JSONSchemaProps extends FieldConstraints {
  description?: string;
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, JSONSchemaProps>;
  required?: string[];
  additionalProperties?: JSONSchemaProps;
  items?: JSONSchemaProps;
  /** Only as controller-gen writes int-or-string types: [{type: integer}, {type: string}]. */
  anyOf?: JSONSchemaProps[];
  "x-kubernetes-int-or-string"?: true;
  "x-kubernetes-preserve-unknown-fields"?: true;
  "x-kubernetes-list-type"?: "atomic" | "set" | "map";
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: "atomic" | "granular";
  "x-kubernetes-validations"?: CelRule[];
}
