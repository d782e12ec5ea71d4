// The custom resource's identity ends up in URLs, RBAC rules and the CRD's name; Kubernetes
// rejects the CRD at apply time if any of it is malformed, far from the line that caused it.

import {
  DNS_LABEL,
  isDnsSubdomain,
  PASCAL_CASE,
  RESOURCE_NAME,
  type CheckContext,
} from "./context.ts";
import { compareVersions, isKubernetesVersion } from "../base/version-priority.ts";
import { derivePlural, toPascal } from "./derive-names.ts";
import { isImageReference } from "./image-reference.ts";
import { obj, objects, str, strings } from "./raw-spec.ts";

/** The API server's limits on a CRD's names (apiextensions validation.go). */
export const MAX_KIND_LENGTH = 63 - "List".length;
export const MAX_CRD_NAME_LENGTH = 253;

/** apihelpers.IsProtectedCommunityGroup: groups the Kubernetes project owns. */
export function isProtectedGroup(group: string): boolean {
  return ["k8s.io", "kubernetes.io"].some(
    (owned) => group === owned || group.endsWith(`.${owned}`),
  );
}

export function checkIdentity({ data, report }: CheckContext): void {
  const api = obj(data.api);
  const kind = str(api.kind);
  if (kind && !PASCAL_CASE.test(kind)) {
    report.error(
      "SEM001",
      ["api", "kind"],
      `kind "${kind}" is not PascalCase`,
      `Write it as ${JSON.stringify(toPascal(kind) || "MyKind")}: a capital letter, then letters and digits.`,
    );
  }
  if (kind && kind.length > MAX_KIND_LENGTH) {
    report.error(
      "SEM141",
      ["api", "kind"],
      `kind "${kind}" is ${kind.length} characters; Kubernetes allows at most ${MAX_KIND_LENGTH}`,
      `The API server requires the list kind (${kind.slice(0, 8)}…List) to be a DNS label of at most 63 characters; choose a shorter noun.`,
    );
  }
  const group = str(api.group);
  const groupProblem = group === undefined ? undefined : apiGroupProblem(group);
  if (group && groupProblem) {
    report.error(
      "SEM002",
      ["api", "group"],
      `group "${group}" ${groupProblem.problem}`,
      groupProblem.hint ?? "Use a lower-case domain you own, e.g. db.example.com.",
    );
  } else if (group && isProtectedGroup(group)) {
    report.error(
      "SEM140",
      ["api", "group"],
      `group "${group}" is reserved for Kubernetes community APIs`,
      "The API server accepts CRDs in k8s.io, kubernetes.io and their subdomains only with an api-approved.kubernetes.io annotation linking the approved Kubernetes API review; use a domain you own, e.g. db.example.com.",
    );
  }
  const plural = str(api.plural) ?? (kind ? derivePlural(kind) : undefined);
  const groupValid = group !== undefined && isDnsSubdomain(group) && group.includes(".");
  if (groupValid && plural && `${plural}.${group}`.length > MAX_CRD_NAME_LENGTH) {
    const crdName = `${plural}.${group}`;
    report.error(
      "SEM142",
      ["api", "group"],
      `CRD name "${crdName}" is ${crdName.length} characters; Kubernetes allows at most ${MAX_CRD_NAME_LENGTH}`,
      "The CRD is named <plural>.<group>, a DNS subdomain; shorten the group or the plural.",
    );
  }
  const metadata = obj(data.metadata);
  for (const key of ["name", "namespace"] as const) {
    const value = str(metadata[key]);
    if (value && !(DNS_LABEL.test(value) && value.length <= 63)) {
      report.error(
        "SEM003",
        ["metadata", key],
        `metadata.${key} "${value}" is not a DNS-1123 label`,
        "Use lower-case letters, digits and '-', starting and ending with a letter or digit.",
      );
    }
  }
  const image = str(metadata.image);
  if (image !== undefined && !isImageReference(image)) {
    report.error(
      "SEM154",
      ["metadata", "image"],
      `image "${image}" is not a container image reference`,
      "Write [registry/]repository[:tag][@digest] with a lower-case repository, e.g. ghcr.io/example/shop-operator:0.1.0.",
    );
  }
  for (const key of ["plural", "singular"] as const) {
    const value = str(api[key]);
    if (value !== undefined) checkResourceName(report, ["api", key], key, value);
  }
  for (const list of ["shortNames", "categories"] as const) {
    for (const [i, value] of strings(api[list]))
      checkResourceName(
        report,
        ["api", list, i],
        list === "shortNames" ? "short name" : "category",
        value,
      );
  }
  checkVersions(data, report);
}

function checkResourceName(
  report: CheckContext["report"],
  path: (string | number)[],
  what: string,
  value: string,
): void {
  if (RESOURCE_NAME.test(value) && value.length <= 63) return;
  report.error(
    "SEM004",
    path,
    `${what} "${value}" is not a lower-case DNS label`,
    `Use lower-case letters, digits and '-', e.g. ${JSON.stringify(value.toLowerCase().replace(/[^a-z0-9-]/g, "") || "items")}.`,
  );
}

function checkVersions(data: CheckContext["data"], report: CheckContext["report"]): void {
  const versions = objects(obj(data.api).versions);
  const seen = new Set<string>();
  let previous: string | undefined;
  for (const [i, version] of versions) {
    const name = str(version.name);
    if (name === undefined) continue;
    if (!isKubernetesVersion(name)) {
      report.error(
        "SEM005",
        ["api", "versions", i, "name"],
        `version "${name}" is not a Kubernetes version name`,
        "Use v1, v1beta1, v2alpha3 and the like (a DNS label of at most 63 characters).",
      );
      continue;
    }
    if (seen.has(name)) {
      report.error(
        "SEM006",
        ["api", "versions", i, "name"],
        `version "${name}" is listed twice`,
        "Remove the duplicate.",
      );
      continue;
    }
    seen.add(name);
    // Field evolution (added, removed, renamed) reads "older" from this order, so it must be the
    // order Kubernetes itself ranks versions in, or `added: v1beta1` would mean something else.
    if (previous !== undefined && compareVersions(previous, name) > 0) {
      report.error(
        "SEM247",
        ["api", "versions", i, "name"],
        `version "${name}" is listed after "${previous}", which Kubernetes ranks above it`,
        "List versions oldest first, in Kubernetes version priority: v1alpha1, v1alpha2, v1beta1, v1, v2alpha1, v2.",
      );
    }
    previous = name;
    if (version.deprecationWarning !== undefined && version.deprecated !== true) {
      report.error(
        "SEM248",
        ["api", "versions", i, "deprecationWarning"],
        `version "${name}" has a deprecationWarning but is not deprecated`,
        "Add deprecated: true (the API server accepts a warning only on a deprecated version), or remove the warning.",
      );
    }
  }
  checkStorageVersion(versions, report);
}

/** Exactly one storage version, and it is served: the API server refuses anything else. */
function checkStorageVersion(
  versions: Array<[number, Record<string, unknown>]>,
  report: CheckContext["report"],
): void {
  const storage = versions.filter(([, version]) => version.storage === true);
  if (storage.length === 0 && versions.length > 1) {
    report.error(
      "SEM007",
      ["api", "versions"],
      `${versions.length} versions are listed and none is the storage version`,
      "Mark the version objects are stored in, and the reconciler works on, with storage: true (usually the newest one clients can rely on).",
    );
  }
  if (storage.length === 0 && versions.length === 1 && versions[0]![1].storage === false) {
    report.error(
      "SEM007",
      ["api", "versions", versions[0]![0], "storage"],
      "the only version is not the storage version",
      "Remove storage: false; the only version is where objects are stored.",
    );
  }
  for (const [i] of storage.slice(1)) {
    report.error(
      "SEM007",
      ["api", "versions", i, "storage"],
      `${storage.length} versions are marked storage: true; exactly one may be`,
      `Keep storage: true on one version (${storage.map(([, v]) => String(v.name)).join(" or ")}).`,
    );
  }
  for (const [i, version] of storage) {
    if (version.served !== false) continue;
    report.error(
      "SEM249",
      ["api", "versions", i, "served"],
      `the storage version "${String(version.name)}" is not served`,
      "Serve the storage version (the operator reads and writes it); stop serving an old version only after the storage moved to a newer one.",
    );
  }
}

/**
 * What is wrong with an API group, in the words that point at the fix: a group is a DNS subdomain
 * (lower-case labels of letters, digits and hyphens, joined by dots) with at least one dot.
 */
function apiGroupProblem(group: string): { problem: string; hint?: string } | undefined {
  if (isDnsSubdomain(group) && group.includes(".")) return undefined;
  if (group.toLowerCase() !== group && isDnsSubdomain(group.toLowerCase()))
    return {
      problem: "has upper-case letters; an API group is a lower-case DNS subdomain",
      hint: `Write it as ${JSON.stringify(group.toLowerCase())}${group.includes(".") ? "" : " with a dot, e.g. under a domain you own"}.`,
    };
  if (group.length > 253)
    return { problem: `is ${group.length} characters; at most 253 are allowed` };
  const labels = group.split(".");
  if (labels.some((label) => label === ""))
    return { problem: "has an empty label (two dots together, or a dot at an end)" };
  const bad = labels.find((label) => !DNS_LABEL.test(label.toLowerCase()) || label.length > 63);
  if (bad !== undefined)
    return {
      problem: `is not a DNS subdomain: "${bad}" is not a DNS label (lower-case letters, digits and "-", at most 63, starting and ending with a letter or digit)`,
    };
  return { problem: "has no dot; an API group is a DNS subdomain with at least one dot" };
}
