// Heap held by the informer cache per 1,000 cached objects: client-node's makeInformer (the runtime
// before issue 10) against the runtime's own Informer (managedFields and last-applied dropped).
// Not part of any suite: copy it into a generated project's test/ folder and run, from the project,
//   KUBEBUILDER_ASSETS=... node --expose-gc --test --test-global-setup=test/global-setup.ts \
//     --test-isolation=none test/measure-informer-memory.ts
// N (default 1000) objects of the project's kind are created by an administrator, then each cache
// lists them in turn; the number is the heap after a full GC with the cache live, minus the heap
// after a full GC once it is stopped and released (so garbage made while listing cancels out).

import { test } from "node:test";
import { CustomObjectsApi, makeInformer } from "@kubernetes/client-node";
import { Informer, silentLogger } from "@create-operator/runtime";
import { sharedControlPlane } from "@create-operator/envtest";
import { FIXTURE } from "./support/fixture.ts";
import {
  API_GROUP,
  API_GROUP_VERSION,
  API_VERSION,
  KIND,
  NAMESPACED,
  PLURAL,
} from "./support/kind.ts";

const N = Number(process.env.N ?? 1000);
const cp = await sharedControlPlane();
const gc = (globalThis as { gc?: () => void }).gc!;

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

test(`informer heap per ${N} cached objects`, async () => {
  const namespace = NAMESPACED ? await cp.createNamespace("memory") : undefined;
  const api = cp.admin.makeApiClient(CustomObjectsApi);
  const body = (i: number) => ({
    apiVersion: API_GROUP_VERSION,
    kind: KIND,
    metadata: { name: `memory-${i}`, ...(namespace ? { namespace } : {}) },
    spec: FIXTURE.sampleSpec,
  });
  for (let i = 0; i < N; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, N - i) }, (_, j) =>
        namespace
          ? api.createNamespacedCustomObject({
              group: API_GROUP,
              version: API_VERSION,
              plural: PLURAL,
              namespace,
              body: body(i + j),
            })
          : api.createClusterCustomObject({
              group: API_GROUP,
              version: API_VERSION,
              plural: PLURAL,
              body: body(i + j),
            }),
      ),
    );
  }
  const path = `/apis/${API_GROUP}/${API_VERSION}/${PLURAL}`;
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  const results: Record<string, string> = {};
  for (const which of [
    "client-node makeInformer",
    "runtime Informer",
    "client-node makeInformer",
    "runtime Informer",
  ]) {
    let held: undefined | { size: () => number; json: () => number; stop: () => Promise<void> };
    if (which.startsWith("client-node")) {
      const informer = makeInformer<never>(
        cp.admin,
        path,
        () =>
          api.listClusterCustomObject({
            group: API_GROUP,
            version: API_VERSION,
            plural: PLURAL,
          }) as never,
      );
      await informer.start();
      held = {
        size: () => informer.list().length,
        json: () => JSON.stringify(informer.list()).length,
        stop: () => informer.stop(),
      };
    } else {
      const informer = new Informer({ kubeConfig: cp.admin, path, logger: silentLogger });
      informer.start();
      await informer.whenSynced();
      held = {
        size: () => informer.size,
        json: () => JSON.stringify([...informer.list()]).length,
        stop: () => informer.stop(),
      };
    }
    const during = await heapAfterGc();
    if (held === undefined) throw new Error("unreachable");
    const size = held.size();
    const json = held.json();
    await held.stop();
    held = undefined;
    // Released and collected: what the live cache held is the difference.
    const after = await heapAfterGc();
    const before = after;
    results[which] =
      `${mib(during - before)} MiB for ${size} objects (${mib(((during - before) / size) * 1000)} MiB per 1,000); cached JSON ${mib((json / size) * 1000)} MiB per 1,000`;
    console.log(which, results[which]);
  }
});
