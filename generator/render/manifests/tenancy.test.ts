import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { renderManifests } from "./index.ts";
import { documentsOf, exampleModel, fileAt, fixtureModel } from "./testing/fixtures.ts";

describe("tenancy manifests (the Database example)", () => {
  const files = renderManifests(exampleModel("database"));
  const doc = (path: string) => documentsOf(fileAt(files, path))[0]!;
  const nth = (path: string, i: number) => documentsOf(fileAt(files, path))[i]!;

  it("the policy fails closed, matches only the kind's creates and spec changes, reads the parameters kind", () => {
    const policy = doc("config/tenancy/admission_policy.yaml");
    assert.equal(policy.apiVersion, "admissionregistration.k8s.io/v1");
    assert.equal(policy.spec.failurePolicy, "Fail");
    assert.deepEqual(policy.spec.paramKind, {
      apiVersion: "db.example.com/v1alpha1",
      kind: "DatabaseAllowance",
    });
    assert.deepEqual(policy.spec.matchConstraints.resourceRules, [
      {
        apiGroups: ["db.example.com"],
        apiVersions: ["*"],
        operations: ["CREATE", "UPDATE"],
        resources: ["databases"],
      },
    ]);
    assert.match(policy.spec.matchConditions[0].expression, /object\.spec != oldObject\.spec/);
    assert.ok(policy.spec.validations.every((v: { reason: string }) => v.reason === "Forbidden"));
    assert.match(policy.spec.validations[1].expression, /check\('use'\)\.allowed\(\)/);
  });

  it("the binding denies and reads each namespace's own parameters; only creates are refused where there are none", () => {
    const binding = nth("config/tenancy/admission_policy_binding.yaml", 0);
    const onboarded = nth("config/tenancy/admission_policy_binding.yaml", 1);
    // Allow: a binding that denies without parameters does so before matchConditions, and would
    // refuse the operator's finalizer removal in a namespace whose parameters were deleted.
    assert.deepEqual(binding.spec, {
      policyName: "database-operator-database-tenancy",
      validationActions: ["Deny"],
      paramRef: { name: "tenancy", parameterNotFoundAction: "Allow" },
    });
    assert.deepEqual(onboarded.spec, {
      policyName: "database-operator-database-tenancy-onboarded",
      validationActions: ["Deny"],
      paramRef: { name: "tenancy", parameterNotFoundAction: "Deny" },
    });
    const onboarding = nth("config/tenancy/admission_policy.yaml", 1);
    assert.equal(onboarding.metadata.name, "database-operator-database-tenancy-onboarded");
    assert.deepEqual(onboarding.spec.matchConstraints.resourceRules[0].operations, ["CREATE"]);
    assert.equal(onboarding.spec.paramKind.kind, "DatabaseAllowance");
  });

  it("the audit component turns the binding to warnings and audit annotations", () => {
    const component = doc("config/tenancy-audit/kustomization.yaml");
    assert.equal(component.kind, "Component");
    for (const patch of component.patches)
      assert.deepEqual(JSON.parse(patch.patch), [
        { op: "replace", path: "/spec/validationActions", value: ["Warn", "Audit"] },
      ]);
    assert.deepEqual(
      component.patches.map((p: { target: { name: string } }) => p.target.name),
      ["database-operator-database-tenancy", "database-operator-database-tenancy-onboarded"],
    );
  });

  it("use is granted on exactly one named class, and the operator may only read and watch the parameters", () => {
    const role = doc("config/tenancy/use_class_roles.yaml");
    assert.deepEqual(role.rules, [
      {
        apiGroups: ["db.example.com"],
        resources: ["instanceclasses"],
        resourceNames: ["large"],
        verbs: ["use"],
      },
    ]);
    const manager = doc("config/rbac/role.yaml");
    const parameterRules = manager.rules.filter((r: { resources: string[] }) =>
      r.resources.includes("databaseallowances"),
    );
    assert.deepEqual(parameterRules, [
      {
        apiGroups: ["db.example.com"],
        resources: ["databaseallowances"],
        verbs: ["get", "list", "watch"],
      },
    ]);
  });

  it("config/default installs config/tenancy; a spec without tenancy renders none of it", () => {
    assert.ok(doc("config/default/kustomization.yaml").resources.includes("../tenancy"));
    const plain = renderManifests(fixtureModel());
    assert.equal(plain.filter((f) => f.path.includes("tenancy")).length, 0);
  });
});
