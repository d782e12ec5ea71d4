import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GeneratedFile } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { renderManifests } from "./index.ts";
import { documentsOf, EXAMPLES, exampleModel, fileAt, fixtureModel } from "./testing/fixtures.ts";

function rbacFiles(model: OperatorModel): GeneratedFile[] {
  return renderManifests(model).filter((f) => f.path.startsWith("config/rbac/"));
}

function rulesIn(file: GeneratedFile): any[] {
  return documentsOf(file).flatMap((doc) => doc.rules ?? []);
}

function verbsFor(rules: any[], group: string, resource: string): string[] | undefined {
  const matching = rules.filter(
    (r) => r.apiGroups.includes(group) && r.resources.includes(resource),
  );
  if (matching.length === 0) return undefined;
  return matching.flatMap((r) => r.verbs).sort();
}

const sorted = (verbs: string[]) => [...verbs].sort();

function checkNoWildcards(files: GeneratedFile[]) {
  for (const file of files) {
    assert.ok(!file.content.includes("*"), `${file.path} contains *`);
    for (const rule of rulesIn(file))
      for (const list of [
        rule.apiGroups ?? [],
        rule.resources ?? [],
        rule.verbs,
        rule.resourceNames ?? [],
        rule.nonResourceURLs ?? [],
      ])
        assert.ok(!list.includes("*"));
  }
}

function checkManagerRules(model: OperatorModel, rules: any[]) {
  const { group, plural } = model.api;
  assert.deepEqual(verbsFor(rules, group, plural), sorted(["get", "list", "watch", "patch"]));
  assert.deepEqual(verbsFor(rules, group, `${plural}/status`), sorted(["get", "update", "patch"]));
  assert.deepEqual(
    verbsFor(rules, group, `${plural}/finalizers`),
    model.children.length > 0 ? ["update"] : undefined,
  );
  // A cascade (management.cascadeFinalizers) deletes the children an object controls.
  const cascade = model.cascadeFinalizers !== undefined ? ["delete"] : [];
  for (const child of model.children)
    assert.deepEqual(
      verbsFor(rules, child.group, child.plural),
      sorted(["get", "list", "watch", "create", "patch", ...cascade]),
    );
  assert.deepEqual(verbsFor(rules, "events.k8s.io", "events"), ["create", "patch"]);
  assert.equal(verbsFor(rules, "", "events"), undefined, "events go through events.k8s.io only");
  for (const rule of rules) {
    assert.ok(
      !rule.verbs.includes("delete") ||
        cascade.length > 0 ||
        model.rbac.extraRules.some((r) => r.verbs.includes("delete")),
      "no delete unless asked for",
    );
  }
}

function checkUserRoles(model: OperatorModel, files: GeneratedFile[]) {
  const { group, plural, singular } = model.api;
  const expected = {
    admin: {
      aggregate: "admin",
      verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
    },
    editor: {
      aggregate: "edit",
      verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
    },
    viewer: { aggregate: "view", verbs: ["get", "list", "watch"] },
  };
  for (const [level, { aggregate, verbs }] of Object.entries(expected)) {
    const file = fileAt(files, `config/rbac/${singular}_${level}_role.yaml`);
    const [role] = documentsOf(file);
    assert.equal(role!.kind, "ClusterRole");
    assert.equal(role!.metadata.name, `${model.name}-${singular}-${level}-role`);
    assert.equal(
      role!.metadata.labels[`rbac.authorization.k8s.io/aggregate-to-${aggregate}`],
      "true",
    );
    const rules = rulesIn(file);
    assert.deepEqual(verbsFor(rules, group, plural), verbs);
    assert.deepEqual(
      verbsFor(rules, group, `${plural}/status`),
      ["get"],
      `${level} can never write status`,
    );
  }
}

function checkServiceAccount(model: OperatorModel, files: GeneratedFile[]) {
  const [sa] = documentsOf(fileAt(files, "config/rbac/service_account.yaml"));
  assert.deepEqual(sa!.metadata.name, `${model.name}-controller-manager`);
  assert.equal(sa!.metadata.namespace, model.namespace);
  assert.equal(sa!.automountServiceAccountToken, true);
}

function checkLeaderElection(model: OperatorModel, files: GeneratedFile[]) {
  const present = files.some((f) => f.path === "config/rbac/leader_election_role.yaml");
  assert.equal(present, model.operator.leaderElection);
  assert.equal(
    files.some((f) => f.path === "config/rbac/leader_election_role_binding.yaml"),
    model.operator.leaderElection,
  );
  if (!present) return;
  const [role] = documentsOf(fileAt(files, "config/rbac/leader_election_role.yaml"));
  assert.equal(role!.kind, "Role");
  assert.equal(role!.metadata.namespace, model.namespace);
  assert.deepEqual(verbsFor(role!.rules, "coordination.k8s.io", "leases"), [
    "create",
    "get",
    "update",
  ]);
  assert.deepEqual(verbsFor(role!.rules, "events.k8s.io", "events"), ["create", "patch"]);
  const [binding] = documentsOf(fileAt(files, "config/rbac/leader_election_role_binding.yaml"));
  assert.deepEqual(binding!.roleRef, {
    apiGroup: "rbac.authorization.k8s.io",
    kind: "Role",
    name: `${model.name}-leader-election-role`,
  });
  assert.deepEqual(binding!.subjects, [
    {
      kind: "ServiceAccount",
      name: `${model.name}-controller-manager`,
      namespace: model.namespace,
    },
  ]);
}

/** kubebuilder's secure metrics: the manager may review tokens and access; readers get /metrics. */
function checkMetricsRbac(model: OperatorModel, files: GeneratedFile[]) {
  const [auth] = documentsOf(fileAt(files, "config/rbac/metrics_auth_role.yaml"));
  assert.equal(auth!.kind, "ClusterRole");
  assert.deepEqual(auth!.rules, [
    { apiGroups: ["authentication.k8s.io"], resources: ["tokenreviews"], verbs: ["create"] },
    { apiGroups: ["authorization.k8s.io"], resources: ["subjectaccessreviews"], verbs: ["create"] },
  ]);
  const [binding] = documentsOf(fileAt(files, "config/rbac/metrics_auth_role_binding.yaml"));
  assert.equal(binding!.kind, "ClusterRoleBinding");
  assert.deepEqual(binding!.roleRef, {
    apiGroup: "rbac.authorization.k8s.io",
    kind: "ClusterRole",
    name: auth!.metadata.name,
  });
  assert.deepEqual(binding!.subjects, [
    {
      kind: "ServiceAccount",
      name: `${model.name}-controller-manager`,
      namespace: model.namespace,
    },
  ]);
  const [reader] = documentsOf(fileAt(files, "config/rbac/metrics_reader_role.yaml"));
  assert.equal(reader!.kind, "ClusterRole");
  assert.equal(reader!.metadata.name, `${model.name}-metrics-reader`);
  assert.deepEqual(reader!.rules, [{ nonResourceURLs: ["/metrics"], verbs: ["get"] }]);
}

function checkKustomization(files: GeneratedFile[]) {
  const [kustomization] = documentsOf(fileAt(files, "config/rbac/kustomization.yaml"));
  const listed = files
    .filter((f) => f.path !== "config/rbac/kustomization.yaml")
    .map((f) => f.path.slice("config/rbac/".length));
  assert.deepEqual([...kustomization!.resources].sort(), listed.sort());
}

describe("RBAC from the examples (cluster-wide)", () => {
  for (const name of EXAMPLES) {
    it(`${name}: exact verbs, no wildcards, ClusterRole bound to the service account`, () => {
      const model = exampleModel(name);
      const files = rbacFiles(model);
      checkNoWildcards(files);
      const [role, ...moreRoles] = documentsOf(fileAt(files, "config/rbac/role.yaml"));
      assert.equal(moreRoles.length, 0);
      assert.equal(role!.kind, "ClusterRole");
      assert.equal(role!.metadata.name, `${model.name}-manager-role`);
      checkManagerRules(model, role!.rules);
      const [binding] = documentsOf(fileAt(files, "config/rbac/role_binding.yaml"));
      assert.equal(binding!.kind, "ClusterRoleBinding");
      assert.deepEqual(binding!.roleRef, {
        apiGroup: "rbac.authorization.k8s.io",
        kind: "ClusterRole",
        name: `${model.name}-manager-role`,
      });
      assert.deepEqual(binding!.subjects, [
        {
          kind: "ServiceAccount",
          name: `${model.name}-controller-manager`,
          namespace: model.namespace,
        },
      ]);
      checkServiceAccount(model, files);
      checkUserRoles(model, files);
      checkLeaderElection(model, files);
      checkMetricsRbac(model, files);
      checkKustomization(files);
    });
  }

  it("web-app: children grouped by API group", () => {
    const rules = rulesIn(fileAt(rbacFiles(exampleModel("web-app")), "config/rbac/role.yaml"));
    assert.deepEqual(
      rules.filter((r) => r.resources.includes("deployments")),
      [
        {
          apiGroups: ["apps"],
          resources: ["deployments"],
          verbs: ["get", "list", "watch", "create", "patch"],
        },
        // web-app offers cascade finalizers: a cascade deletes its Deployment.
        { apiGroups: ["apps"], resources: ["deployments"], verbs: ["delete"] },
      ],
    );
    assert.deepEqual(
      rules.filter((r) => r.apiGroups.includes("")).map((r) => r.resources),
      [
        ["configmaps", "services"],
        ["configmaps", "services"],
      ],
    );
  });

  it("dns-zone: no children, so no finalizers rule", () => {
    const rules = rulesIn(fileAt(rbacFiles(exampleModel("dns-zone")), "config/rbac/role.yaml"));
    assert.ok(!rules.some((r) => r.resources.includes("dnszones/finalizers")));
  });
});

describe("RBAC for watched namespaces", () => {
  const model = fixtureModel();
  const files = rbacFiles(model);

  it("a Role and RoleBinding in each watched namespace, nothing cluster-wide for the manager", () => {
    checkNoWildcards(files);
    const roles = documentsOf(fileAt(files, "config/rbac/role.yaml"));
    assert.deepEqual(
      roles.map((r) => [r.kind, r.metadata.namespace, r.metadata.name]),
      [
        ["Role", "team-a", "widget-operator-manager-role"],
        ["Role", "team-b", "widget-operator-manager-role"],
      ],
    );
    for (const role of roles) checkManagerRules(model, role.rules);
    const bindings = documentsOf(fileAt(files, "config/rbac/role_binding.yaml"));
    assert.deepEqual(
      bindings.map((b) => [b.kind, b.metadata.namespace, b.roleRef.kind]),
      [
        ["RoleBinding", "team-a", "Role"],
        ["RoleBinding", "team-b", "Role"],
      ],
    );
    for (const binding of bindings)
      assert.deepEqual(binding.subjects, [
        {
          kind: "ServiceAccount",
          name: "widget-operator-controller-manager",
          namespace: "widget-system",
        },
      ]);
  });

  it("extra rules are passed through as given, resourceNames included", () => {
    const [role] = documentsOf(fileAt(files, "config/rbac/role.yaml"));
    assert.deepEqual(role!.rules.at(-1), {
      apiGroups: [""],
      resources: ["configmaps"],
      resourceNames: ["widget-config"],
      verbs: ["get"],
    });
  });

  it("no leader election files when leader election is off", () => {
    checkLeaderElection(model, files);
    // The review APIs are cluster-scoped: the one ClusterRole a namespaced operator needs.
    checkMetricsRbac(model, files);
    checkKustomization(files);
    checkUserRoles(model, files);
    checkServiceAccount(model, files);
  });
});

describe("references", () => {
  const reference = (
    kind: string,
    apiVersion: string,
    plural: string,
    group: string,
    namespaces: "same" | "any",
    origin: "builtin" | "own" | "custom" = "builtin",
    scope: "Namespaced" | "Cluster" = "Namespaced",
  ) => ({
    field: fixtureModel().spec.fields[0]!,
    form: "object" as const,
    apiVersion,
    group,
    version: "v1",
    kind,
    plural,
    origin,
    namespaces,
    scope,
    key: false,
    varName: kind.toLowerCase(),
    notFoundReason: `${kind}NotFound`,
    keyNotFoundReason: `${kind}KeyNotFound`,
  });

  it("a same-namespace reference is read (get, list, watch) in each watched namespace, nothing more", () => {
    const model = fixtureModel({
      references: [reference("Secret", "v1", "secrets", "", "same")],
    });
    const files = rbacFiles(model);
    const roles = documentsOf(fileAt(files, "config/rbac/role.yaml"));
    assert.deepEqual(
      roles.map((r) => r.kind),
      model.rbac.watchNamespaces.map(() => "Role"),
    );
    for (const role of roles) {
      assert.deepEqual(verbsFor(role.rules, "", "secrets"), ["get", "list", "watch"]);
      assert.equal(verbsFor(role.rules, "", "services"), undefined);
    }
    checkNoWildcards(files);
  });

  it("a reference to any namespace gets its own ClusterRole when the operator watches listed namespaces", () => {
    const model = fixtureModel({
      references: [reference("ConfigMap", "v1", "configmaps", "", "any")],
    });
    const files = rbacFiles(model);
    const roles = documentsOf(fileAt(files, "config/rbac/role.yaml"));
    const cluster = roles.filter((r) => r.kind === "ClusterRole");
    assert.equal(cluster.length, 1);
    assert.deepEqual(cluster[0]!.rules, [
      { apiGroups: [""], resources: ["configmaps"], verbs: ["get", "list", "watch"] },
    ]);
    // The Roles keep only the extra rule the fixture asks for (one named ConfigMap), no list.
    for (const role of roles.filter((r) => r.kind === "Role"))
      assert.ok(!verbsFor(role.rules, "", "configmaps")!.includes("list"));
    const bindings = documentsOf(fileAt(files, "config/rbac/role_binding.yaml"));
    const clusterBinding = bindings.find((b) => b.kind === "ClusterRoleBinding");
    assert.equal(clusterBinding?.roleRef.name, cluster[0]!.metadata.name);
  });

  it("a cluster-scoped kind is read through the reference ClusterRole by an operator limited to some namespaces", () => {
    const model = fixtureModel({
      references: [
        reference(
          "IngressClass",
          "networking.k8s.io/v1",
          "ingressclasses",
          "networking.k8s.io",
          "same",
          "builtin",
          "Cluster",
        ),
      ],
    });
    const files = rbacFiles(model);
    const roles = documentsOf(fileAt(files, "config/rbac/role.yaml"));
    const cluster = roles.filter((r) => r.kind === "ClusterRole");
    assert.equal(cluster.length, 1);
    assert.deepEqual(cluster[0]!.rules, [
      {
        apiGroups: ["networking.k8s.io"],
        resources: ["ingressclasses"],
        verbs: ["get", "list", "watch"],
      },
    ]);
    // Nothing about it in the namespaced Roles: a Role cannot grant a cluster-scoped kind.
    for (const role of roles.filter((r) => r.kind === "Role"))
      assert.equal(verbsFor(role.rules, "networking.k8s.io", "ingressclasses"), undefined);
    checkNoWildcards(files);
  });

  it("its own kind referenced from any namespace is read cluster-wide by an operator limited to some", () => {
    const model = fixtureModel({
      references: [
        reference(
          "Widget",
          "widgets.example.com/v1alpha1",
          "widgets",
          "widgets.example.com",
          "any",
          "own",
        ),
      ],
    });
    const roles = documentsOf(fileAt(rbacFiles(model), "config/rbac/role.yaml"));
    const cluster = roles.find((r) => r.kind === "ClusterRole")!;
    assert.deepEqual(verbsFor(cluster.rules, "widgets.example.com", "widgets"), [
      "get",
      "list",
      "watch",
    ]);
  });

  it("a cluster-wide operator reads any-namespace references in its ClusterRole; its own kind adds no rule", () => {
    const model = fixtureModel({
      rbac: { watchNamespaces: [], clusterWide: true, extraRules: [] },
      references: [
        reference("ConfigMap", "v1", "configmaps", "", "any"),
        reference(
          "Widget",
          "widgets.example.com/v1alpha1",
          "widgets",
          "widgets.example.com",
          "any",
          "own",
        ),
      ],
    });
    const roles = documentsOf(fileAt(rbacFiles(model), "config/rbac/role.yaml"));
    assert.deepEqual(
      roles.map((r) => r.kind),
      ["ClusterRole"],
    );
    assert.deepEqual(verbsFor(roles[0]!.rules, "", "configmaps"), ["get", "list", "watch"]);
    assert.deepEqual(
      verbsFor(roles[0]!.rules, "widgets.example.com", "widgets"),
      sorted(["get", "list", "watch", "patch"]),
    );
  });
});

describe("the orphan report's Role", () => {
  it("database: get and update on its one ConfigMap by name, create on configmaps, in the operator's namespace only", () => {
    const model = exampleModel("database");
    const files = rbacFiles(model);
    const [role] = documentsOf(fileAt(files, "config/rbac/orphan_report_role.yaml"));
    assert.equal(role!.kind, "Role");
    assert.equal(role!.metadata.namespace, model.namespace);
    assert.deepEqual(role!.rules, [
      {
        apiGroups: [""],
        resources: ["configmaps"],
        resourceNames: [`${model.name}-orphans`],
        verbs: ["get", "update"],
      },
      { apiGroups: [""], resources: ["configmaps"], verbs: ["create"] },
    ]);
    const [binding] = documentsOf(fileAt(files, "config/rbac/orphan_report_role_binding.yaml"));
    assert.equal(binding!.roleRef.name, `${model.name}-orphan-report-role`);
    assert.equal(binding!.metadata.namespace, model.namespace);
    const kustomization = documentsOf(fileAt(files, "config/rbac/kustomization.yaml"))[0];
    assert.ok(kustomization!.resources.includes("orphan_report_role_binding.yaml"));
  });

  it("web-app and dns-zone (nothing the sweep deletes): no orphan report Role", () => {
    for (const name of ["web-app", "dns-zone"] as const) {
      const files = rbacFiles(exampleModel(name));
      assert.ok(!files.some((f) => f.path.includes("orphan_report")), name);
      assert.ok(!files.some((f) => f.content.includes("-orphans")), name);
    }
  });
});
