// What every semantic check receives: the data, where to report, and the field definitions
// walked once up front.

import type { ChildCrdFiles } from "../parse/child-crds.ts";
import type { FieldVisit } from "./field-walk.ts";
import type { RawObject } from "./raw-spec.ts";
import type { Reporter } from "./report.ts";

export interface CheckContext {
  data: RawObject;
  report: Reporter;
  specFields: readonly FieldVisit[];
  statusFields: readonly FieldVisit[];
  /** The files children's `crd:` entries name, read beside the spec; absent: none were read. */
  childCrds?: ChildCrdFiles;
}

export type Check = (ctx: CheckContext) => void;

export const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
export const CAMEL_CASE = /^[a-z][A-Za-z0-9]*$/;
/**
 * A field name as real APIs have them: camelCase, snake_case (pg_hba) or with dashes
 * (max-connections). The structural schema accepts any key, and CEL reads a dotted one escaped
 * (a__dot__b), but dots are left out: the API server reads the scale subresource's paths and
 * selectableFields as dotted paths (refusing bracket notation there), so no such path can reach a
 * dotted property, and operator.yaml names fields by dotted paths as well. Real APIs keep dotted
 * keys in maps (CloudNativePG's parameters, labels), which type: map declares.
 */
export const FIELD_NAME = /^_*[A-Za-z][A-Za-z0-9_-]*$/;
/** metav1.Condition's type: an optional DNS subdomain prefix, then a name of letters, digits, `-`, `_`, `.`. */
export const CONDITION_TYPE =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
export const MAX_CONDITION_TYPE_LENGTH = 316;
/** The longest phase text a declared phase may be, and what an open phase field accepts. */
export const MAX_PHASE_LENGTH = 128;
/** RFC 1123 label: what Kubernetes requires of names that become path segments or DNS names. */
export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Resource names (plural, singular, short names) must also start with a letter. */
export const RESOURCE_NAME = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** Kubernetes' IsDNS1123Label: namespaces, and most object names that end up in DNS. */
export function isDnsLabel(text: string): boolean {
  return text.length <= 63 && DNS_LABEL.test(text);
}

/** Kubernetes' IsDNS1035Label: resource names (plural, singular, short names, categories), versions. */
export function isDns1035Label(text: string): boolean {
  return text.length <= 63 && RESOURCE_NAME.test(text);
}

export function isDnsSubdomain(text: string): boolean {
  return (
    text.length <= 253 &&
    text.split(".").every((label) => label.length <= 63 && DNS_LABEL.test(label))
  );
}
