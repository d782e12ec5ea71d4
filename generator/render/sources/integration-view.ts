// What the generated envtest suites (test/integration/) check about one operator's access and
// spec: the calls it must be allowed and denied, and spec changes the real API server accepts.
//
// The access lists are written from what the generated runtime calls, not read back from the RBAC
// builder (manifests/rbac-rules.ts): a verb dropped or added there must fail these tests rather
// than move the expectation along with it.

import { childKinds, deletedKinds, prunedKinds } from "../../model/child-kinds.ts";
import type { ChildModel, FieldModel, OperatorModel, ReferenceModel } from "../../model/types.ts";
import { exampleValue } from "../manifests/example-values.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { keepsOrphanReport } from "../../model/orphan-report.ts";
import { referenceReach } from "../manifests/rbac-rules.ts";
import { changeableFields } from "./changeable-fields.ts";

/**
 * Where a check is made: a namespace the operator works in, its own namespace (the Lease), a
 * namespace it has no business in, or cluster-wide.
 */
export type AccessScope = "watched" | "operator" | "other" | "cluster";

export interface AccessCheck {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  /** One object by name, for a rule limited by resourceNames. */
  name?: string;
  scope: AccessScope;
  /** Why the operator needs it, or why it must not have it; printed when the check fails. */
  why: string;
}

/** Every call the generated runtime and reconciler make, as the API server authorizes it. */
export function mustAllow(model: OperatorModel): AccessCheck[] {
  const { group, plural } = model.api;
  const crScope: AccessScope = model.api.namespaced ? "watched" : "cluster";
  const cr = (verb: string, why: string, subresource?: string): AccessCheck => ({
    verb,
    group,
    resource: plural,
    ...(subresource ? { subresource } : {}),
    scope: crScope,
    why,
  });
  const checks: AccessCheck[] = [
    cr("get", "the reconciler re-reads the object at the start of every pass"),
    cr("list", "the informer lists before it watches"),
    cr("watch", "the informer watches for changes"),
    cr("patch", "finalizers are set with a merge patch carrying resourceVersion"),
    ...(model.api.statusSubresource
      ? [
          cr("get", "status is read through the status subresource", "status"),
          cr("update", "status is replaced through the status subresource", "status"),
          cr("patch", "status may be patched through the status subresource", "status"),
        ]
      : [
          cr(
            "patch",
            "without the status subresource, status is written with a patch of the object",
          ),
        ]),
  ];
  if (model.children.length > 0) {
    checks.push(
      cr("update", "blockOwnerDeletion on a child's ownerReference needs it", "finalizers"),
    );
  }
  for (const child of childKinds(model.children)) {
    for (const verb of ["get", "list", "watch", "create", "patch"]) {
      checks.push({
        verb,
        group: child.group,
        resource: child.plural,
        scope: childScope(child, model),
        why: `${child.kind} children are server-side applied (create on first apply) and observed`,
      });
    }
    if (deletedKinds(model.children, model.cascadeFinalizers !== undefined).includes(child))
      checks.push({
        verb: "delete",
        group: child.group,
        resource: child.plural,
        scope: childScope(child, model),
        why: prunedKinds(model.children).includes(child)
          ? `${child.kind} children are named from the spec or conditional: the ones it no longer asks for are pruned`
          : `${child.kind} children are deleted by the cascade an object asks for with its cascade finalizer`,
      });
  }
  for (const reference of model.references) {
    const ownCovered =
      reference.origin === "own" &&
      (referenceReach(reference) === "same" || model.rbac.clusterWide);
    if (ownCovered) continue;
    for (const verb of ["get", "list", "watch"]) {
      checks.push({
        verb,
        group: reference.group,
        resource: reference.plural,
        scope: referenceScope(reference, model),
        why: `spec.${reference.field.path} references a ${reference.kind}: its cache lists and watches it`,
      });
    }
  }
  for (const reference of model.labelReferences) {
    if (reference.origin === "own") continue;
    for (const verb of ["get", "list", "watch"])
      checks.push({
        verb,
        group: reference.group,
        resource: reference.plural,
        scope: "watched",
        why: `the label ${reference.label} names a ${reference.kind}: its cache lists and watches it`,
      });
  }
  const parameters = model.tenancy?.parameters;
  if (parameters)
    checks.push({
      verb: "get",
      group: parameters.group,
      resource: parameters.plural,
      scope: crScope,
      why: `the tenancy re-check reads the namespace's ${parameters.kind} by name`,
    });
  for (const verb of ["create", "patch"]) {
    checks.push({
      verb,
      group: "events.k8s.io",
      resource: "events",
      scope: crScope === "cluster" ? "operator" : "watched",
      why: "the operator records events",
    });
  }
  // The metrics server asks the API server who a scraper is and whether it may get /metrics.
  checks.push(
    {
      verb: "create",
      group: "authentication.k8s.io",
      resource: "tokenreviews",
      scope: "cluster",
      why: "the metrics server authenticates a scraper's bearer token with a TokenReview",
    },
    {
      verb: "create",
      group: "authorization.k8s.io",
      resource: "subjectaccessreviews",
      scope: "cluster",
      why: "the metrics server asks whether the scraper may get /metrics",
    },
  );
  if (model.operator.leaderElection) {
    for (const verb of ["get", "create", "update"]) {
      checks.push({
        verb,
        group: "coordination.k8s.io",
        resource: "leases",
        scope: "operator",
        why: "leader election reads, creates and renews its Lease",
      });
    }
  }
  if (model.conversion) checks.push(...conversionChecks(model));
  if (keepsOrphanReport(model)) {
    const report = `${model.name}-orphans`;
    for (const verb of ["get", "update"])
      checks.push({
        verb,
        group: "",
        resource: "configmaps",
        name: report,
        scope: "operator",
        why: "the finalizer records kept external resources in the orphan report; the sweep reads and prunes it",
      });
    checks.push({
      verb: "create",
      group: "",
      resource: "configmaps",
      scope: "operator",
      why: "the first kept resource creates the orphan report (create cannot be limited by name)",
    });
  }
  return checks;
}

/** What a stolen operator token must not be able to do. */
export function mustDeny(model: OperatorModel): AccessCheck[] {
  const { group, plural } = model.api;
  const crScope: AccessScope = model.api.namespaced ? "watched" : "cluster";
  const checks: AccessCheck[] = [
    { verb: "create", group, resource: plural, scope: crScope, why: "users create objects" },
    { verb: "delete", group, resource: plural, scope: crScope, why: "users delete objects" },
    {
      verb: "deletecollection",
      group,
      resource: plural,
      scope: crScope,
      why: "users delete objects",
    },
    // With several versions the storage migration re-writes every object (an update of each).
    ...(model.conversion
      ? []
      : [
          {
            verb: "update",
            group,
            resource: plural,
            scope: crScope,
            why: "the spec is the user's: the operator patches finalizers only",
          },
        ]),
  ];
  // A child kind may also serve another role (a Lease child beside leader election's Lease):
  // what that role must be allowed is not denied here; its own deny checks stay.
  const allowed = new Set(mustAllow(model).map(checkKey));
  for (const child of childKinds(model.children)) {
    for (const verb of ["delete", "update"]) {
      const check: AccessCheck = {
        verb,
        group: child.group,
        resource: child.plural,
        scope: childScope(child, model),
        why: "children are applied and garbage-collected, never updated or deleted directly",
      };
      if (!allowed.has(checkKey(check))) checks.push(check);
    }
  }
  // A referenced object is only read: the operator must not be able to change or remove it, nor
  // (for a same-namespace reference of an operator limited to some namespaces) read it elsewhere.
  for (const reference of model.references) {
    if (reference.origin === "own") continue;
    for (const verb of ["create", "update", "patch", "delete"]) {
      checks.push({
        verb,
        group: reference.group,
        resource: reference.plural,
        scope: referenceScope(reference, model),
        why: `${reference.kind} is referenced, and references are read-only`,
      });
    }
    if (referenceReach(reference) === "same" && !model.rbac.clusterWide)
      checks.push({
        verb: "list",
        group: reference.group,
        resource: reference.plural,
        scope: "other",
        why: `a same-namespace reference to a ${reference.kind} reads only the watched namespaces`,
      });
  }
  // A label names an object in the labelled object's namespace, and that object is only read.
  for (const reference of model.labelReferences) {
    if (reference.origin === "own") continue;
    for (const verb of ["create", "update", "patch", "delete"])
      checks.push({
        verb,
        group: reference.group,
        resource: reference.plural,
        scope: "watched",
        why: `${reference.kind} is named by the label ${reference.label}, and references are read-only`,
      });
    if (!model.rbac.clusterWide)
      checks.push({
        verb: "list",
        group: reference.group,
        resource: reference.plural,
        scope: "other",
        why: `the label ${reference.label} names a ${reference.kind} in the same namespace: only the watched namespaces are read`,
      });
  }
  if (!model.children.some((c) => c.group === "" && c.plural === "secrets")) {
    checks.push({
      verb: "get",
      group: "",
      resource: "secrets",
      scope: "watched",
      why: "Secret is not a child kind: reading secrets would leak credentials",
    });
  }
  if (!model.rbac.clusterWide && model.api.namespaced) {
    checks.push({
      verb: "list",
      group,
      resource: plural,
      scope: "other",
      why: "only the listed watchNamespaces are the operator's",
    });
  }
  checks.push(
    { verb: "list", group: "", resource: "nodes", scope: "cluster", why: "nothing cluster-wide" },
    {
      verb: "delete",
      group: "",
      resource: "namespaces",
      scope: "cluster",
      why: "nothing cluster-wide",
    },
    {
      verb: "create",
      group: "rbac.authorization.k8s.io",
      resource: "clusterrolebindings",
      scope: "cluster",
      why: "binding roles would be privilege escalation",
    },
    {
      verb: "impersonate",
      group: "",
      resource: "users",
      scope: "cluster",
      why: "no impersonation",
    },
    leaseElsewhere(model),
    { verb: "*", group: "*", resource: "*", scope: "cluster", why: "no wildcard access" },
  );
  if (
    keepsOrphanReport(model) &&
    !model.children.some((c) => c.group === "" && c.plural === "configmaps")
  ) {
    // The orphan report's rule names one ConfigMap: any other, and list, watch and delete of
    // ConfigMaps, stay denied in the operator's namespace (and create everywhere else).
    const configMaps = (
      verb: string,
      scope: AccessScope,
      why: string,
      name?: string,
    ): AccessCheck => ({
      verb,
      group: "",
      resource: "configmaps",
      ...(name ? { name } : {}),
      scope,
      why,
    });
    checks.push(
      configMaps(
        "get",
        "operator",
        "only the orphan report is the operator's to read",
        "some-other-config",
      ),
      configMaps(
        "update",
        "operator",
        "only the orphan report is the operator's to change",
        "some-other-config",
      ),
      configMaps("list", "operator", "the orphan report is read by name, never listed"),
      configMaps(
        "delete",
        "operator",
        "the sweep prunes entries, never the report",
        `${model.name}-orphans`,
      ),
      configMaps("create", "other", "the orphan report lives in the operator's namespace only"),
    );
  }
  // What the spec asks the operator to do is not a stolen token's extra: a ClusterRoleBinding
  // child needs create on clusterrolebindings, a Namespace child watch on namespaces.
  return checks.filter((check) => !allowed.has(checkKey(check)));
}

/**
 * Leader election's Lease lives in the operator's namespace only. When Lease is also a child kind
 * of a cluster-wide operator, or a kind the spec references and the operator reads beyond its own
 * namespace, reading leases elsewhere is that kind's due, but renewing (update) one outside the
 * operator's namespace is still nobody's.
 */
function leaseElsewhere(model: OperatorModel): AccessCheck {
  const isLease = (k: { group: string; plural: string }): boolean =>
    k.group === "coordination.k8s.io" && k.plural === "leases";
  const leaseChild = model.children.some(isLease);
  const leaseReferenced = model.references.some(
    (r) => isLease(r) && (model.rbac.clusterWide || referenceReach(r) === "any"),
  );
  return (leaseChild && model.rbac.clusterWide) || leaseReferenced
    ? {
        verb: "update",
        group: "coordination.k8s.io",
        resource: "leases",
        scope: "other",
        why: "only leader election renews a Lease, and only in the operator's namespace",
      }
    : {
        verb: "get",
        group: "coordination.k8s.io",
        resource: "leases",
        scope: "other",
        why: "the Lease lives in the operator's own namespace only",
      };
}

function checkKey(c: AccessCheck): string {
  return `${c.verb} ${c.group} ${c.resource}/${c.subresource ?? ""} ${c.name ?? ""} ${c.scope}`;
}

function referenceScope(reference: ReferenceModel, model: OperatorModel): AccessScope {
  if (reference.scope === "Cluster") return "cluster";
  // A reference that may name any namespace is read everywhere; "other" proves it.
  if (reference.namespaces === "any") return model.rbac.clusterWide ? "watched" : "other";
  return model.api.namespaced ? "watched" : "cluster";
}

/**
 * The reference the generated suites drive end to end: a top-level field whose object they can
 * create (a Secret, a ConfigMap, or one of the operator's own objects); undefined when none is.
 */
export function testedReference(model: OperatorModel): ReferenceModel | undefined {
  return model.references.find(
    (r) =>
      /^[^.[{]+$/.test(r.field.path) &&
      r.choice === undefined &&
      (r.origin === "own" ||
        (r.origin === "builtin" &&
          ["v1/Secret", "v1/ConfigMap", "networking.k8s.io/v1/IngressClass"].includes(
            `${r.apiVersion}/${r.kind}`,
          ))),
  );
}

function childScope(child: ChildModel, model: OperatorModel): AccessScope {
  if (child.scope === "Cluster") return "cluster";
  return model.api.namespaced ? "watched" : "operator";
}

/**
 * Two successive valid values of one mutable top-level scalar field, each different from the
 * value the object starts with. Fields without CEL rules are preferred: a rule like
 * `self >= oldSelf` could reject an arbitrary new value. `admits` judges the whole spec.
 */
export function specChanges(
  fields: readonly FieldModel[],
  sample: Record<string, unknown>,
  admits: (spec: Record<string, unknown>) => boolean = () => true,
): { field: string; values: [unknown, unknown] } | undefined {
  for (const field of changeableFields(fields)) {
    const start = Object.hasOwn(sample, field.name) ? sample[field.name] : field.default;
    // Each value the whole spec admits: a spec-level rule may refuse a field's valid example.
    const valid = [1, 2, 3, 4, 5, 6]
      .map((index) => exampleValue(field, index))
      .filter((value) => fieldViolations(field, value).length === 0)
      .filter((value) => admits({ ...sample, [field.name]: value }));
    const first = valid.find((value) => value !== start);
    // The second change may go back to the start value: it still changes the spec.
    const second = [...valid, start].find((value) => value !== first && value !== undefined);
    if (first !== undefined && second !== undefined)
      return { field: field.name, values: [first, second] };
  }
  return undefined;
}

/** Several API versions: the webhook's CA and injection, and the storage migration. */
function conversionChecks(model: OperatorModel): AccessCheck[] {
  const { group, plural, crdName } = model.api;
  const crds = { group: "apiextensions.k8s.io", name: crdName, scope: "cluster" as const };
  const webhook = model.conversion!.strategy === "Webhook";
  const checks: AccessCheck[] = [
    {
      ...crds,
      verb: "get",
      resource: "customresourcedefinitions",
      why: "the migrator reads its CRD's storedVersions",
    },
    {
      ...crds,
      verb: "patch",
      resource: "customresourcedefinitions/status",
      why: "the migrator prunes storedVersions",
    },
    {
      verb: "list",
      group,
      resource: plural,
      scope: "cluster",
      why: "the migrator lists every object",
    },
    {
      verb: "update",
      group,
      resource: plural,
      scope: "cluster",
      why: "the migrator re-writes every object in the storage version",
    },
  ];
  if (!webhook) return checks;
  const secret = model.conversion!.webhook.caSecret;
  return [
    ...checks,
    {
      ...crds,
      verb: "patch",
      resource: "customresourcedefinitions",
      why: "the webhook's CA bundle is injected into its CRD",
    },
    {
      verb: "get",
      group: "",
      resource: "secrets",
      name: secret,
      scope: "operator",
      why: "every replica reads the webhook CA",
    },
    {
      verb: "update",
      group: "",
      resource: "secrets",
      name: secret,
      scope: "operator",
      why: "the webhook CA is rotated",
    },
    {
      verb: "create",
      group: "",
      resource: "secrets",
      scope: "operator",
      why: "the first replica creates the webhook CA (create cannot be limited by name)",
    },
  ];
}
