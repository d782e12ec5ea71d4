import assert from "node:assert/strict";
import { test } from "node:test";
import { buildModel } from "./build-model.ts";

function spec(children: Array<{ apiVersion: string; kind: string }>, scope = "Cluster") {
  return {
    apiVersion: "create-operator.dev/v1alpha1",
    kind: "OperatorSpec",
    metadata: { name: "shop-operator" },
    api: { group: "shop.example.com", kind: "Shop", scope, versions: [{ name: "v1" }] },
    spec: { fields: {} },
    children,
  };
}

const rbac = "rbac.authorization.k8s.io/v1";
const kinds = (data: unknown) => buildModel(data, "").children.map((c) => c.kind);

// The API server refuses a binding whose role does not exist yet (its escalation check reads the
// role: 404), so the reconciler, which applies children in model order, must meet the role first.
test("children are applied roles before the bindings that grant them, otherwise in spec order", () => {
  assert.deepEqual(
    kinds(
      spec([
        { apiVersion: "v1", kind: "PersistentVolume" },
        { apiVersion: rbac, kind: "ClusterRoleBinding" },
        { apiVersion: rbac, kind: "ClusterRole" },
      ]),
    ),
    ["PersistentVolume", "ClusterRole", "ClusterRoleBinding"],
  );
  assert.deepEqual(
    kinds(
      spec(
        [
          { apiVersion: "networking.k8s.io/v1", kind: "NetworkPolicy" },
          { apiVersion: rbac, kind: "RoleBinding" },
          { apiVersion: "v1", kind: "ConfigMap" },
          { apiVersion: rbac, kind: "Role" },
        ],
        "Namespaced",
      ),
    ),
    ["NetworkPolicy", "ConfigMap", "Role", "RoleBinding"],
  );
  assert.deepEqual(
    kinds(
      spec([
        { apiVersion: rbac, kind: "ClusterRole" },
        { apiVersion: rbac, kind: "ClusterRoleBinding" },
        { apiVersion: "v1", kind: "Namespace" },
      ]),
    ),
    ["ClusterRole", "ClusterRoleBinding", "Namespace"],
  );
});
