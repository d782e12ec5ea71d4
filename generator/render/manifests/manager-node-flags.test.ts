// The Deployment's NODE_OPTIONS must leave Node.js whole for the code users put in their providers:
// undici's fetch (and every SDK built on it) parses HTTP in WebAssembly, which --jitless removes,
// leaving every call failing with only "fetch failed". Proven here with a real Node process under
// exactly the flags the rendered Deployment sets: a fetch to a local server, and a WebAssembly
// module instantiated.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";
import { renderManager } from "./manager.ts";
import { documentsOf, exampleModel } from "./testing/fixtures.ts";

function shippedNodeOptions(): string {
  const [, deployment] = documentsOf(renderManager(exampleModel("database")));
  const container = deployment!.spec.template.spec.containers[0];
  return container.env.find((e: { name: string }) => e.name === "NODE_OPTIONS").value;
}

/** runOperator's first step, which sets more V8 flags at run time (Maglev and TurboFan off). */
const JIT_MEMORY = new URL("../../../packages/runtime/src/jit-memory.ts", import.meta.url).href;

const probe = (limitJit: boolean) => `
const http = require("node:http");
const server = http.createServer((req, res) => res.end("pong"));
server.listen(0, "127.0.0.1", async () => {
  try {
    ${limitJit ? `(await import(${JSON.stringify(JIT_MEMORY)})).limitJitMemory();` : ""}
    const { port } = server.address();
    const answer = await (await fetch("http://127.0.0.1:" + port + "/")).text();
    // The smallest valid module: magic number and version.
    const wasm = await WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
    console.log(JSON.stringify({ answer, wasm: wasm.instance instanceof WebAssembly.Instance }));
  } catch (err) {
    console.log(JSON.stringify({ error: String(err), cause: String(err.cause) }));
  } finally {
    server.close();
  }
});
`;

describe("manager Deployment NODE_OPTIONS", () => {
  for (const limitJit of [false, true])
    it(`fetch and WebAssembly work under the shipped flags${limitJit ? ", after runOperator's limitJitMemory" : ""}`, () => {
      const options = shippedNodeOptions();
      const run = spawnSync(process.execPath, ["-e", probe(limitJit)], {
        env: { ...process.env, NODE_OPTIONS: options },
        encoding: "utf8",
        timeout: 20_000,
      });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), { answer: "pong", wasm: true }, `under ${options}`);
    });
});
