// How big the CRD is once serialized, and which fields make it so. The API server stores a CRD
// as one etcd value, and etcd refuses a request over --max-request-bytes (1.5 MiB by default):
// a spec that embeds a few large Kubernetes types (core/v1.PodTemplateSpec is ~300 KB of schema
// each, repeated for every served version) renders a CRD no cluster accepts. The generator says
// so, naming the fields to cut, instead of the cluster at install time.

import type { OperatorModel } from "../../model/types.ts";
import { buildCrd } from "./crd.ts";

/** etcd's default --max-request-bytes: the largest value the API server can store. */
export const ETCD_REQUEST_LIMIT = 1.5 * 1024 * 1024;
/** Past this share of the limit a spec gets a warning: one more embedded type may not fit. */
export const CRD_SIZE_WARNING_SHARE = 0.75;

export interface CrdContributor {
  section: "spec" | "status";
  name: string;
  /** Bytes of its schema summed over every version of the CRD. */
  bytes: number;
}

export interface CrdSize {
  bytes: number;
  /** Top-level fields, largest first. */
  contributors: CrdContributor[];
}

export function measureCrd(model: OperatorModel): CrdSize {
  const crd = buildCrd(model);
  const sizes = new Map<string, CrdContributor>();
  for (const version of crd.spec.versions as { schema?: { openAPIV3Schema?: Schema } }[]) {
    const root = version.schema?.openAPIV3Schema?.properties ?? {};
    for (const section of ["spec", "status"] as const)
      for (const [name, schema] of Object.entries(root[section]?.properties ?? {})) {
        const key = `${section}.${name}`;
        const entry = sizes.get(key) ?? { section, name, bytes: 0 };
        entry.bytes += Buffer.byteLength(JSON.stringify(schema));
        sizes.set(key, entry);
      }
  }
  return {
    bytes: Buffer.byteLength(JSON.stringify(crd)),
    contributors: [...sizes.values()].sort((a, b) => b.bytes - a.bytes),
  };
}

interface Schema {
  properties?: Record<string, Schema>;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} KB`;
}
