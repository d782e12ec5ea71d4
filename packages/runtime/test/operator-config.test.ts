import assert from "node:assert/strict";
import { test } from "node:test";
import {
  loadOperatorConfig,
  operatorSettings,
  type OperatorConfig,
} from "../src/operator-config.ts";

const DEFAULTS: OperatorConfig = {
  podNamespace: "shop-system",
  watchNamespaces: [],
  leaderElection: true,
  leaseName: "shop-leader",
  concurrency: 4,
  resyncPeriodMs: 600_000,
  backoffInitialMs: 1_000,
  backoffMaxMs: 300_000,
  deletionStuckAfterMs: 900_000,
  reconcileTimeoutMs: 60_000,
  healthPort: 8081,
  metricsPort: 8443,
  metricsCertDir: "",
  metricsServiceName: "shop-metrics",
  controllerName: "shop",
  leaseDurationSeconds: 15,
  renewDeadlineMs: 10_000,
  retryPeriodMs: 2_000,
  drainTimeoutMs: 20_000,
};

test("no variable set: the defaults, as a copy", () => {
  const config = loadOperatorConfig(DEFAULTS, "SHOP", {});
  assert.deepEqual(config, DEFAULTS);
  config.watchNamespaces.push("x");
  assert.deepEqual(DEFAULTS.watchNamespaces, []);
});

test("each kind of variable is read as its setting holds it", () => {
  const config = loadOperatorConfig(DEFAULTS, "SHOP", {
    POD_NAMESPACE: "ops",
    WATCH_NAMESPACES: " a, b ,,",
    LEADER_ELECT: "false",
    SHOP_CONCURRENCY: "8",
    METRICS_PORT: "0",
    METRICS_CERT_DIR: "/certs",
  });
  assert.equal(config.podNamespace, "ops");
  assert.deepEqual(config.watchNamespaces, ["a", "b"]);
  assert.equal(config.leaderElection, false);
  assert.equal(config.concurrency, 8);
  assert.equal(config.metricsPort, 0);
  assert.equal(config.metricsCertDir, "/certs");
  // An empty POD_NAMESPACE keeps the default; an empty WATCH_NAMESPACES watches all.
  const empty = loadOperatorConfig(DEFAULTS, "SHOP", { POD_NAMESPACE: "", WATCH_NAMESPACES: "" });
  assert.equal(empty.podNamespace, "shop-system");
  assert.deepEqual(empty.watchNamespaces, []);
});

test("a malformed value stops start-up with the variable's name", () => {
  const refused = (env: NodeJS.ProcessEnv, message: RegExp) =>
    assert.throws(() => loadOperatorConfig(DEFAULTS, "SHOP", env), message);
  refused({ SHOP_CONCURRENCY: "0" }, /SHOP_CONCURRENCY must be a positive integer, got "0"/);
  refused({ LEADER_ELECT: "yes" }, /LEADER_ELECT must be "true" or "false"/);
  refused({ METRICS_PORT: "70000" }, /METRICS_PORT must be a port number/);
  refused({ SHOP_BACKOFF_INITIAL_MS: "500000" }, /backoff initial .* exceeds backoff max/);
  refused({ SHOP_RETRY_PERIOD_MS: "20000" }, /leader election needs lease duration/);
});

test("the settings --help lists are exactly the variables read, with the defaults", () => {
  const read = new Set<string>();
  const recording = new Proxy(
    {},
    { get: (_t, key) => (typeof key === "string" && read.add(key), undefined) },
  );
  loadOperatorConfig(DEFAULTS, "SHOP", recording as NodeJS.ProcessEnv);
  const settings = operatorSettings(DEFAULTS, "SHOP");
  assert.deepEqual(settings.map((s) => s.variable).sort(), [...read].sort());
  assert.deepEqual(settings.find((s) => s.variable === "SHOP_CONCURRENCY")?.default, "4");
  assert.deepEqual(settings.find((s) => s.variable === "WATCH_NAMESPACES")?.default, "");
});
