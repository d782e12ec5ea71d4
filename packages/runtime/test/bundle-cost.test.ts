// A generated operator ships as one esbuild bundle (its package.json's build), so every API client
// class the runtime touches is code every operator loads and keeps resident. client-node's typed
// group clients are the expensive ones: CoreV1Api alone carries every core kind's request code and
// model, about 3 MB of bundle and 15-30 MiB of RSS (bench:operator), for a ConfigMap or a Secret
// the generic KubernetesObjectApi reads and writes just as well. This bundles the runtime's whole
// public API, as an operator that used every export would, and holds it to the clients it needs.

import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { build } from "esbuild";

const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The typed clients the runtime may use: each is small (one API group of few kinds). */
const ALLOWED_GROUP_CLIENTS = [
  "AuthenticationV1Api",
  "AuthorizationV1Api",
  "CoordinationV1Api",
  "CustomObjectsApi",
  "EventsV1Api",
];

test("the runtime's bundle holds no typed API client beyond the small ones it needs", async () => {
  const result = await build({
    stdin: { contents: `export * from "./src/index.ts";`, resolveDir: PACKAGE_ROOT },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node24",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  const clients = [...new Set(code.match(/\bvar Observable(\w+Api)\b/g) ?? [])]
    .map((declaration) => declaration.replace(/^var Observable/, ""))
    .sort();
  assert.deepEqual(
    clients.filter((client) => !ALLOWED_GROUP_CLIENTS.includes(client)),
    [],
    "use KubernetesObjectApi (kube-resource-client.ts's SignalObjectApi) for these kinds",
  );
  const clientNodeBytes = Object.entries(result.metafile.outputs)
    .flatMap(([, output]) => Object.entries(output.inputs))
    .filter(([path]) => path.includes("@kubernetes/client-node"))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  // 1.5 MB before CoreV1Api came in (issue 24's orphan report), 4.4 MB with it.
  assert.ok(clientNodeBytes < 2_000_000, `client-node in the bundle: ${clientNodeBytes} bytes`);
});
