// The operator's side of `npm run bench:conversion`, in a process of its own so its RSS is the
// operator's alone: the generated project's own src/conversion.ts (the webhook every replica
// serves, its CA in a Secret, the bundle injected into the CRD), pointed at 127.0.0.1 as the
// project's test support does. Modes:
//   serve <project> <kubeconfig> <port>    serve until stdin closes
//   migrate <project> <kubeconfig> <port> <writesPerSecond>
//                                          serve, run the storage migration once, print its result
// Prints one JSON line per event on stdout: {ready}, then {migrated, ms, peakRssMiB} for migrate.

import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { peakRssMiB } from "../bench-operator/sampler.ts";

const [mode, project, kubeconfigPath, portText, wpsText] = process.argv.slice(2);
if (!project || !kubeconfigPath || !portText || (mode !== "serve" && mode !== "migrate"))
  throw new Error("usage: operator-child.ts serve|migrate <project> <kubeconfig> <port> [wps]");

// The project's own dependencies (its node_modules links to this repository's packages).
const load = (path: string) => import(pathToFileURL(join(project, path)).href);
const client = (await load(
  "node_modules/@kubernetes/client-node/dist/index.js",
)) as typeof import("@kubernetes/client-node");
const runtime = (await load(
  "node_modules/@create-operator/runtime/dist/index.js",
)) as typeof import("@create-operator/runtime");
const { startConversion, CRD_NAME } = (await load("src/conversion.ts")) as {
  startConversion: (options: object) => Promise<{ port: number; stop(): Promise<void> }>;
  CRD_NAME: string;
};

// What runOperator does first in a deployed operator (V8's optimizing compilers off).
runtime.limitJitMemory();
const kubeConfig = new client.KubeConfig();
kubeConfig.loadFromFile(kubeconfigPath);
const conversion = await startConversion({
  kubeConfig,
  namespace: "default",
  logger: runtime.silentLogger,
  metrics: new runtime.OperatorMetrics({ processMetrics: false }),
  port: Number(portText),
  host: "127.0.0.1",
  dnsNames: ["localhost"],
  ipAddresses: ["127.0.0.1"],
});
const say = (event: object) => process.stdout.write(JSON.stringify(event) + "\n");
say({ ready: true, port: conversion.port });

if (mode === "migrate") {
  const started = performance.now();
  const result = await runtime.migrateStorage({
    kubeConfig,
    crdName: CRD_NAME,
    logger: runtime.silentLogger,
    writesPerSecond: Number(wpsText ?? 20),
  });
  say({
    migrated: result.migrated,
    storedVersions: result.storedVersions,
    ms: Math.round(performance.now() - started),
    peakRssMiB: peakRssMiB("self"),
  });
  await conversion.stop();
  process.exit(0);
}
process.stdin.resume();
process.stdin.on("end", () => void conversion.stop().then(() => process.exit(0)));
