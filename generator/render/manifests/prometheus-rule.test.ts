// The example PrometheusRule (config/prometheus) is a valid PrometheusRule whose expressions
// name only metrics, and labels, that the runtime really registers: both lists are read from
// OperatorMetrics' registry, never written down here, so renaming a metric in the runtime
// breaks this test instead of silently breaking an alert.

import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "yaml";
import { OperatorMetrics } from "../../../packages/runtime/src/metrics.ts";
import { renderManifests } from "./index.ts";
import { alertRules, PROMETHEUS_RULE_PATH } from "./prometheus-rule.ts";
import { documentsOf, EXAMPLES, exampleModel } from "./testing/fixtures.ts";

/** Every series name the runtime can expose, with the label names each may carry. */
function registeredSeries(): Map<string, Set<string>> {
  const metrics = new OperatorMetrics({ processMetrics: false });
  const series = new Map<string, Set<string>>();
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const { name, labelNames, type } = metric as unknown as {
      name: string;
      labelNames: string[];
      type: string;
    };
    const suffixes = type === "histogram" ? ["_bucket", "_count", "_sum"] : [""];
    for (const suffix of suffixes) series.set(name + suffix, new Set(labelNames));
  }
  return series;
}

/**
 * The selectors of an expression, `name{label="...",...}`: the rules write every metric with a
 * selector (at least the controller or resource), and no bare metric name may hide elsewhere.
 */
function selectors(expr: string): Array<{ metric: string; labels: string[] }> {
  const found = [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)].map((m) => ({
    metric: m[1]!,
    labels: [...m[2]!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!=|!~|=)/g)].map((l) => l[1]!),
  }));
  const rest = expr.replace(/[a-zA-Z_:][a-zA-Z0-9_:]*\{[^}]*\}/g, "");
  assert.doesNotMatch(rest, /\b(operator|controller_runtime|workqueue|rest_client)_\w+/, expr);
  return found;
}

test("every alert names metrics and labels the runtime registers", () => {
  const series = registeredSeries();
  for (const example of EXAMPLES) {
    const rules = alertRules(exampleModel(example));
    for (const rule of rules) {
      const used = selectors(rule.expr);
      assert.ok(used.length > 0, `${rule.alert}: no metric found in ${rule.expr}`);
      for (const { metric, labels } of used) {
        const known = series.get(metric);
        assert.ok(known !== undefined, `${example} ${rule.alert}: ${metric} is not registered`);
        for (const label of labels)
          assert.ok(known.has(label), `${example} ${rule.alert}: ${metric} has no label ${label}`);
      }
      // `by (...)` groups only by labels the selected metrics carry.
      for (const group of rule.expr.matchAll(/by\s*\(([^)]*)\)/g))
        for (const label of group[1]!.split(",").map((l) => l.trim()))
          assert.ok(
            used.every(({ metric }) => series.get(metric)!.has(label)),
            `${rule.alert}: by (${label})`,
          );
    }
  }
});

test("the brief's alerts are there: stuck deletion, stale generation, error rate, leaked orphans", () => {
  const names = (example: (typeof EXAMPLES)[number]) =>
    alertRules(exampleModel(example)).map((rule) => rule.alert);
  assert.deepEqual(names("database"), [
    "DatabaseDeletionStuck",
    "DatabaseStaleGeneration",
    "DatabaseReconcileErrorRate",
    "DatabaseStatusUpdatesRefused",
    "DatabaseOrphanedExternalResources",
  ]);
  // No external resources: nothing to leak, no orphan alert.
  assert.ok(!names("web-app").some((name) => name.endsWith("OrphanedExternalResources")));
  const orphans = alertRules(exampleModel("database")).at(-1)!;
  assert.match(orphans.expr, /operator_orphaned_external_resources_total\{resource=~"instance"\}/);
});

test("a PrometheusRule in a kustomize Component that config/default does not include", () => {
  const files = renderManifests(exampleModel("database"));
  const rule = files.find((f) => f.path === PROMETHEUS_RULE_PATH);
  assert.ok(rule !== undefined);
  const [document] = documentsOf(rule);
  assert.equal(document!.apiVersion, "monitoring.coreos.com/v1");
  assert.equal(document!.kind, "PrometheusRule");
  assert.equal(document!.metadata.namespace, exampleModel("database").namespace);
  for (const group of document!.spec.groups)
    for (const r of group.rules) {
      assert.match(r.alert, /^[A-Z][A-Za-z]+$/);
      assert.match(r.for, /^\d+[smh]$/);
      assert.ok(["warning", "critical"].includes(r.labels.severity));
      assert.ok(r.annotations.summary && r.annotations.description && r.annotations.runbook);
    }
  const component = parse(
    files.find((f) => f.path === "config/prometheus/kustomization.yaml")!.content,
  );
  assert.equal(component.kind, "Component");
  assert.deepEqual(component.resources, ["prometheus_rule.yaml", "service_monitor.yaml"]);
  const defaults = parse(
    files.find((f) => f.path === "config/default/kustomization.yaml")!.content,
  );
  assert.equal(defaults.components, undefined, "not applied by default: the CRD may be absent");
  assert.ok(!defaults.resources.includes("../prometheus"));
});
