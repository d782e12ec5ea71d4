import assert from "node:assert/strict";
import { test } from "node:test";
import { metricsServiceName } from "./rbac-names.ts";
import type { OperatorModel } from "../../model/types.ts";

const named = (name: string) => ({ name }) as OperatorModel;

test("the metrics Service keeps kubebuilder's name while it fits a DNS label, and is shorter when not", () => {
  assert.equal(
    metricsServiceName(named("database-operator")),
    "database-operator-controller-manager-metrics-service",
  );
  // 66 characters in kubebuilder's form: the API server refused the Service.
  assert.equal(
    metricsServiceName(named("trigger-authentication-operator")),
    "trigger-authentication-operator-metrics",
  );
  for (const length of [20, 28, 29, 40, 55, 56, 62, 63]) {
    const name = metricsServiceName(named("a".repeat(length - 1) + "b"));
    assert.ok(name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name), name);
  }
});
