import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "yaml";
import { BUILTIN_KINDS } from "../../check/builtin-kinds.ts";
import { buildModel } from "../../model/build-model.ts";
import type { OperatorModel, PolicyRule } from "../../model/types.ts";
import { fieldViolations } from "../manifests/field-violations.ts";
import { metricsAuthRules } from "../manifests/metrics.ts";
import {
  crossNamespaceReferenceRules,
  leaderElectionRules,
  managerRules,
  orphanReportRules,
} from "../manifests/rbac-rules.ts";
import { keepsOrphanReport } from "../../model/orphan-report.ts";
import { mustAllow, mustDeny, specChanges, type AccessCheck } from "./integration-view.ts";
import { testFixture } from "./test-fixture.ts";

const EXAMPLES = ["backup-storage-location", "database", "dns-zone", "web-app"] as const;

function modelOf(example: string): OperatorModel {
  const source = readFileSync(
    new URL(`../../../examples/${example}.yaml`, import.meta.url),
    "utf8",
  );
  return buildModel(parse(source), source);
}

/** Whether the generated rules grant `check`, evaluated the way RBAC would. */
function granted(model: OperatorModel, check: AccessCheck): boolean {
  const matches = (rule: PolicyRule) => {
    const resource = check.subresource ? `${check.resource}/${check.subresource}` : check.resource;
    const any = (values: string[], value: string) => values.includes(value) || values.includes("*");
    return (
      any(rule.apiGroups, check.group) &&
      any(rule.resources, resource) &&
      any(rule.verbs, check.verb) &&
      // resourceNames limits a rule to those objects; a check without a name asks for any.
      (rule.resourceNames === undefined ||
        (check.name !== undefined && rule.resourceNames.includes(check.name)))
    );
  };
  // Manager rules: a ClusterRole bound cluster-wide, or Roles in the watched namespaces.
  const managerApplies = model.rbac.clusterWide || check.scope === "watched";
  const leaderApplies = model.operator.leaderElection && check.scope === "operator";
  const reportApplies = keepsOrphanReport(model) && check.scope === "operator";
  // The metrics-auth ClusterRole is bound cluster-wide whatever the operator watches, and so is
  // the reference ClusterRole of an operator limited to some namespaces.
  return (
    (managerApplies && managerRules(model).some(matches)) ||
    (leaderApplies && leaderElectionRules().some(matches)) ||
    (reportApplies && orphanReportRules(`${model.name}-orphans`).some(matches)) ||
    metricsAuthRules().some(matches) ||
    crossNamespaceReferenceRules(model).some(matches)
  );
}

/** The generated rules grant every needed call, nothing on the deny list, and no check is on both. */
function assertRulesMatchChecks(model: OperatorModel): void {
  const allow = mustAllow(model);
  const deny = mustDeny(model);
  assert.deepEqual(
    allow.filter((check) => !granted(model, check)),
    [],
  );
  assert.deepEqual(
    deny.filter((check) => granted(model, check)),
    [],
  );
  const key = (c: AccessCheck) =>
    `${c.verb} ${c.group} ${c.resource}/${c.subresource} ${c.name} ${c.scope}`;
  const allowed = new Set(allow.map(key));
  assert.deepEqual(
    deny.filter((check) => allowed.has(key(check))),
    [],
    "no check is on both lists",
  );
}

const LEASE_CHILD = {
  apiVersion: "coordination.k8s.io/v1",
  group: "coordination.k8s.io",
  version: "v1",
  kind: "Lease",
  plural: "leases",
  scope: "Namespaced" as const,
  varName: "lease",
  fileName: "lease",
};

test("every built-in child kind, under an owner of its scope: rules and checks agree", () => {
  for (const scope of ["Namespaced", "Cluster"] as const) {
    const model = modelOf(scope === "Cluster" ? "dns-zone" : "web-app");
    model.children = BUILTIN_KINDS.filter((b) => b.scope === scope).map((b) => ({
      apiVersion: b.apiVersion,
      group: b.group,
      version: b.version,
      kind: b.kind,
      plural: b.plural,
      scope: b.scope,
      varName: b.kind.toLowerCase(),
      fileName: b.kind.toLowerCase(),
    }));
    model.operator.leaderElection = true;
    assertRulesMatchChecks(model);
  }
});

for (const example of EXAMPLES) {
  test(`${example}: the generated rules grant every needed call and nothing on the deny list`, () => {
    assertRulesMatchChecks(modelOf(example));
  });

  test(`${example} with a Lease child: child and leader-election rules stay apart and least-privilege`, () => {
    for (const watchNamespaces of [[], ["team-a"]]) {
      const model = modelOf(example);
      model.children.push(structuredClone(LEASE_CHILD));
      model.operator.leaderElection = true;
      if (model.api.namespaced) {
        model.rbac.watchNamespaces = watchNamespaces;
        model.rbac.clusterWide = watchNamespaces.length === 0;
      }
      assertRulesMatchChecks(model);
      const elsewhere = mustDeny(model).filter(
        (c) => c.resource === "leases" && c.scope === "other",
      );
      // Cluster-wide, the child reads leases everywhere; renewing one elsewhere is still denied.
      assert.deepEqual(
        elsewhere.map((c) => c.verb),
        [model.rbac.clusterWide ? "update" : "get"],
      );
    }
  });

  test(`${example} referencing a Lease: reading leases elsewhere is the reference's due, renewing is nobody's`, () => {
    for (const [watchNamespaces, namespaces] of [
      [[], "same"],
      [["team-a"], "same"],
      [["team-a"], "any"],
    ] as const) {
      const model = modelOf(example);
      model.operator.leaderElection = true;
      model.references.push({
        field: model.spec.fields[0]!,
        form: "name",
        apiVersion: "coordination.k8s.io/v1",
        group: "coordination.k8s.io",
        version: "v1",
        kind: "Lease",
        plural: "leases",
        origin: "builtin",
        namespaces,
        scope: "Namespaced",
        key: false,
        varName: "lease",
        notFoundReason: "LeaseNotFound",
        keyNotFoundReason: "LeaseKeyNotFound",
      });
      if (model.api.namespaced) {
        model.rbac.watchNamespaces = [...watchNamespaces];
        model.rbac.clusterWide = watchNamespaces.length === 0;
      }
      assertRulesMatchChecks(model);
      const readElsewhere = model.rbac.clusterWide || namespaces === "any";
      const denied = mustDeny(model)
        .filter((c) => c.resource === "leases" && c.scope === "other")
        .map((c) => c.verb)
        .sort();
      // Where the reference reaches, reading is its due and renewing still denied; elsewhere,
      // reading is denied too.
      assert.ok(denied.includes(readElsewhere ? "update" : "get"), denied.join());
      assert.equal(denied.includes("get"), !readElsewhere, denied.join());
    }
  });

  test(`${example}: sample spec and spec changes are values the schema accepts`, () => {
    const model = modelOf(example);
    const fixture = testFixture(model);
    const sample = fixture.sampleSpec;
    for (const field of model.spec.fields) {
      if (field.name in sample)
        assert.deepEqual(fieldViolations(field, sample[field.name]), [], field.name);
      else assert.ok(!field.required, `required field ${field.name} is in the sample`);
    }
    assert.ok(fixture.specChange);
    const field = model.spec.fields.find((f) => f.name === fixture.specChange!.field)!;
    assert.ok(!field.immutable);
    const [first, second] = fixture.specChange.values;
    const start = field.name in sample ? sample[field.name] : field.default;
    assert.notDeepEqual(first, start, "the first change changes the spec");
    assert.notDeepEqual(second, first, "so does the second");
    assert.deepEqual(fieldViolations(field, first), []);
    assert.deepEqual(fieldViolations(field, second), []);
  });
}

test("lists follow the model: children, scope, leader election", () => {
  const database = mustAllow(modelOf("database"));
  assert.ok(database.some((c) => c.resource === "databases" && c.subresource === "finalizers"));
  assert.ok(database.some((c) => c.resource === "secrets" && c.verb === "create"));
  assert.ok(database.some((c) => c.resource === "leases" && c.scope === "operator"));
  assert.ok(
    !mustDeny(modelOf("database")).some((c) => c.resource === "secrets" && c.verb === "get"),
  );

  const dns = modelOf("dns-zone");
  assert.ok(!mustAllow(dns).some((c) => c.subresource === "finalizers"), "no children");
  assert.ok(
    mustAllow(dns)
      .filter((c) => c.resource === "dnszones")
      .every((c) => c.scope === "cluster"),
  );
  assert.ok(mustDeny(dns).some((c) => c.resource === "secrets" && c.verb === "get"));

  const quiet = modelOf("web-app");
  quiet.operator = { ...quiet.operator, leaderElection: false };
  assert.ok(!mustAllow(quiet).some((c) => c.resource === "leases"));
});

test("an operator bound to listed namespaces must not reach others", () => {
  const model = modelOf("web-app");
  model.rbac = { ...model.rbac, watchNamespaces: ["team-a"], clusterWide: false };
  assert.ok(mustDeny(model).some((c) => c.resource === "webapps" && c.scope === "other"));
  assert.deepEqual(testFixture(model).watchNamespaces, ["team-a"]);
});

test("spec changes avoid fields whose CEL rules compare with the old value", () => {
  const model = modelOf("database");
  assert.equal(
    specChanges(model.spec.fields, {})?.field,
    "version",
    "not storageGB (self >= oldSelf)",
  );
  const onlyImmutable = model.spec.fields.map((f) => ({ ...f, immutable: true }));
  assert.equal(specChanges(onlyImmutable, {}), undefined);
});

test("the operator's identity is its ServiceAccount's", () => {
  const { identity } = testFixture(modelOf("database"));
  assert.equal(
    identity.user,
    "system:serviceaccount:database-operator-system:database-operator-controller-manager",
  );
  assert.deepEqual(identity.groups, [
    "system:serviceaccounts",
    "system:serviceaccounts:database-operator-system",
    "system:authenticated",
  ]);
});
