import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fileHeader, Ownership } from "../../base/files.ts";
import { renderManifests } from "./index.ts";
import { documentsOf, EXAMPLES, exampleModel, fileAt, fixtureModel } from "./testing/fixtures.ts";

const EXPECTED_FILES = {
  database: [
    "config/crd/bases/db.example.com_databases.yaml",
    "config/crd/kustomization.yaml",
    "config/default/kustomization.yaml",
    "config/manager/kustomization.yaml",
    "config/manager/manager.yaml",
    "config/manager/metrics_service.yaml",
    "config/network-policy/allow-metrics-traffic.yaml",
    "config/network-policy/kustomization.yaml",
    "config/prometheus/kustomization.yaml",
    "config/prometheus/prometheus_rule.yaml",
    "config/prometheus/service_monitor.yaml",
    "config/rbac/database_admin_role.yaml",
    "config/rbac/database_editor_role.yaml",
    "config/rbac/database_viewer_role.yaml",
    "config/rbac/kustomization.yaml",
    "config/rbac/leader_election_role.yaml",
    "config/rbac/leader_election_role_binding.yaml",
    "config/rbac/metrics_auth_role.yaml",
    "config/rbac/metrics_auth_role_binding.yaml",
    "config/rbac/metrics_reader_role.yaml",
    // The orphan report's Role: the Database keeps UID-keyed resources with deletionPolicy Delete.
    "config/rbac/orphan_report_role.yaml",
    "config/rbac/orphan_report_role_binding.yaml",
    "config/rbac/role.yaml",
    "config/rbac/role_binding.yaml",
    "config/rbac/service_account.yaml",
    "config/samples/db.example.com_v1alpha1_database.yaml",
    "config/samples/db.example.com_v1alpha1_databaseallowance.yaml",
    "config/samples/kustomization.yaml",
    // tenancy: the admission policy, its binding, the parameters CRD and the `use` ClusterRole.
    "config/tenancy-audit/kustomization.yaml",
    "config/tenancy/admission_policy.yaml",
    "config/tenancy/admission_policy_binding.yaml",
    "config/tenancy/db.example.com_databaseallowances.yaml",
    "config/tenancy/kustomization.yaml",
    "config/tenancy/use_class_roles.yaml",
  ],
};

describe("renderManifests", () => {
  it("database: the expected file list, sorted", () => {
    assert.deepEqual(
      renderManifests(exampleModel("database")).map((f) => f.path),
      EXPECTED_FILES.database,
    );
  });

  for (const name of EXAMPLES) {
    it(`${name}: deterministic, headed by ownership, valid YAML, every namespaced object placed explicitly`, () => {
      const model = exampleModel(name);
      const first = renderManifests(model);
      assert.deepEqual(renderManifests(exampleModel(name)), first);
      for (const file of first) {
        assert.ok(file.path.startsWith("config/"));
        const ownership = file.path.startsWith("config/samples/")
          ? Ownership.ScaffoldOnce
          : Ownership.Generated;
        assert.equal(file.ownership, ownership, file.path);
        assert.ok(file.content.startsWith(fileHeader(ownership, "#")), file.path);
        for (const doc of documentsOf(file)) {
          if (["Deployment", "Service", "ServiceAccount", "Role", "RoleBinding"].includes(doc.kind))
            assert.ok(doc.metadata.namespace, `${file.path} ${doc.kind}`);
        }
      }
    });
  }

  it("kustomizations: default ties crd, rbac and manager together without a global namespace", () => {
    const files = renderManifests(fixtureModel());
    const [main] = documentsOf(fileAt(files, "config/default/kustomization.yaml"));
    assert.deepEqual(main, {
      apiVersion: "kustomize.config.k8s.io/v1beta1",
      kind: "Kustomization",
      resources: ["../crd", "../rbac", "../manager"],
    });
    assert.match(fileAt(files, "config/default/kustomization.yaml").content, /# .*namespace/);
    assert.deepEqual(documentsOf(fileAt(files, "config/crd/kustomization.yaml"))[0]!.resources, [
      "bases/widgets.example.com_widgets.yaml",
    ]);
    assert.deepEqual(
      documentsOf(fileAt(files, "config/manager/kustomization.yaml"))[0]!.resources,
      ["manager.yaml", "metrics_service.yaml"],
    );
  });

  it("strings YAML 1.1 would misread stay strings", () => {
    // The image always carries a tag now (operatorImage: "on" is written on:0.1.0), so a
    // namespace is the value left that a YAML 1.1 reader would turn into a boolean.
    const model = fixtureModel({ image: "on", namespace: "yes" });
    const content = fileAt(renderManifests(model), "config/manager/manager.yaml").content;
    assert.match(content, /image: on:0\.1\.0\n/);
    assert.match(content, /name: "yes"\n/);
    assert.match(content, /namespace: "yes"\n/);
  });
});
