// External sources (externalResources[].access: read) render as read-only: a provider interface
// with find() and nothing else, no finalizer or orphan sweep for them, and their own suite. The
// behaviour itself is proven by that generated suite on a real API server.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadSpec } from "../pipeline.ts";
import { renderProject } from "./render-project.ts";

const SOURCE = `
  - name: network
    description: The shared network, owned by another team.
    access: read
    outputs: [networkCidr]
    identity: { naturalKey: network }`;

const MANAGED = `
  - name: instance
    description: A cloud instance.
    inputs: [size]`;

function spec(bindings: string): string {
  return `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata: { name: subnet-operator }
api: { group: net.example.com, kind: Subnet, versions: [{ name: v1 }] }
spec:
  fields:
    network: { type: string, required: true, maxLength: 63 }
    size: { type: integer, minimum: 1, maximum: 8, default: 2 }
status: { fields: { networkCidr: { type: string } } }
externalResources:${bindings}
`;
}

async function render(bindings: string) {
  const files = await renderProject(loadSpec(spec(bindings), "operator.yaml").model);
  return (path: string) => files.get(path)?.content;
}

test("a read-only source's provider interface has find() only", async () => {
  const file = await render(SOURCE);
  const provider = file("src/providers/network-provider.ts")!;
  const contract = provider.slice(provider.indexOf("export interface NetworkProvider"));
  assert.match(contract, /find\(key: string, signal\?: AbortSignal\)/);
  assert.doesNotMatch(contract, /ensure|delete|adopt|listByOwnerTag/);
  assert.doesNotMatch(file("src/providers/network-memory.ts")!, /async (ensure|delete|adopt)\(/);
  assert.equal(file("src/hooks/network.ts"), undefined, "nothing to validate: nothing is written");
  assert.ok(file("test/integration/external-sources.test.ts"), "its real-server suite");
});

test("a spec whose only external binding is a source adds no finalizer", async () => {
  const file = await render(SOURCE);
  const reconciler = file("src/reconciler/subnet-reconciler.ts")!;
  assert.match(
    reconciler,
    /reconcileNetwork\(\s*obj,\s*generation,\s*this\.#deps\.networkProvider,\s*signal,?\s*\)/,
  );
  assert.doesNotMatch(reconciler, /withFinalizer|sweptResources/);
  assert.doesNotMatch(file("src/reconciler/finalize.ts")!, /network/i);
});

test("beside a managed resource, the source is neither cleaned up nor swept", async () => {
  const file = await render(`${SOURCE}${MANAGED}`);
  const reconciler = file("src/reconciler/subnet-reconciler.ts")!;
  assert.match(reconciler, /withFinalizer/, "the managed instance still needs the finalizer");
  assert.match(reconciler, /reconcileNetwork\(/);
  const finalize = file("src/reconciler/finalize.ts")!;
  assert.match(finalize, /instanceProvider/);
  assert.doesNotMatch(finalize, /networkProvider|cleanUpNetwork/);
  assert.match(
    file("src/main.ts")!,
    /const sources = \{\s+networkProvider: new CloudNetworkProvider\(\),\s+\};/,
  );
});

test("a spec without sources renders no source suite", async () => {
  const file = await render(MANAGED);
  assert.equal(file("test/integration/external-sources.test.ts"), undefined);
});

test("a source's outputs and condition are the generated part's, not the user's status hooks'", async () => {
  const file = await render(SOURCE);
  const reconciler = file("src/reconciler/subnet-reconciler.ts")!;
  // The status hook's answer would overwrite what the source reported.
  assert.doesNotMatch(reconciler, /status\.networkCidr = report\.fields/);
  assert.doesNotMatch(reconciler, /applyVerdict\(status\.conditions, "NetworkReady"/);
  assert.doesNotMatch(file("src/hooks/types.ts")!, /networkCidr|NetworkReady/);
});
