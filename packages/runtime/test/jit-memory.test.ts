// limitJitMemory keeps Maglev and TurboFan from compiling a hot function (its native memory stays after a
// burst of work: src/jit-memory.ts) and leaves fetch and WebAssembly working. Each case runs in a
// Node process of its own, with V8's natives syntax to read a function's optimization status.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, it } from "node:test";

const MODULE = new URL("../src/jit-memory.ts", import.meta.url).href;
// V8's %GetOptimizationStatus bits for "compiled by Maglev" and "by TurboFan" (src/runtime/runtime.h).
const MAGLEVVED = 32;
const TURBOFANNED = 64;

function run(limit: boolean, body: string): any {
  const script = `
    (async () => {
      ${limit ? `(await import(${JSON.stringify(MODULE)})).limitJitMemory();` : ""}
      ${body}
    })().catch((err) => { console.log(JSON.stringify({ error: String(err), cause: String(err.cause) })); });
  `;
  const child = spawnSync(process.execPath, ["--allow-natives-syntax", "-e", script], {
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

// A function hot enough for TurboFan, called until V8 has had every chance to optimize it.
const HOT = `
  function add(a, b) { return a + b; }
  %PrepareFunctionForOptimization(add);
  let sum = 0;
  for (let i = 0; i < 2e6; i++) sum = add(sum, i) % 1e9;
  %OptimizeFunctionOnNextCall(add);
  add(1, 2);
  console.log(JSON.stringify({ status: %GetOptimizationStatus(add) }));
`;

describe("limitJitMemory", () => {
  it("TurboFan optimizes a hot function without it (the check can see TurboFan)", () => {
    const { status } = run(false, HOT);
    assert.equal(status & TURBOFANNED, TURBOFANNED, `status ${status}`);
  });

  it("keeps Maglev and TurboFan from optimizing a hot function", () => {
    const { status } = run(true, HOT);
    assert.equal(status & (MAGLEVVED | TURBOFANNED), 0, `status ${status}`);
  });

  it("leaves fetch and WebAssembly working", () => {
    const result = run(
      true,
      `
      const http = require("node:http");
      const server = http.createServer((req, res) => res.end("pong"));
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const answer = await (await fetch("http://127.0.0.1:" + server.address().port + "/")).text();
        // The smallest valid module: magic number and version.
        const wasm = await WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
        console.log(JSON.stringify({ answer, wasm: wasm.instance instanceof WebAssembly.Instance }));
      } finally {
        server.close();
      }
      `,
    );
    assert.deepEqual(result, { answer: "pong", wasm: true });
  });
});
