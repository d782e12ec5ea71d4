import assert from "node:assert/strict";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { withReconcileContext } from "../src/log-context.ts";
import { createLogger } from "../src/logger.ts";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: "debug", write: (l) => lines.push(JSON.parse(l)) });
  return { logger, lines };
}

test("every line logged inside a reconcile carries its key and reconcileID, through awaits and child loggers", async () => {
  const { logger, lines } = capture();
  const child = logger.child({ component: "provider" });
  await withReconcileContext("ns/a", async () => {
    logger.info("first");
    await sleep(1);
    child.warn("after an await", { key: "shadowed?" });
  });
  logger.info("outside");
  assert.equal(lines.length, 3);
  const [first, second, outside] = lines;
  assert.equal(first!.key, "ns/a");
  assert.match(String(first!.reconcileID), /^[0-9a-f-]{36}$/);
  assert.equal(second!.reconcileID, first!.reconcileID);
  assert.equal(second!.key, "ns/a", "the reconcile's key is never shadowed by a field");
  assert.equal(second!.component, "provider");
  assert.equal(outside!.key, undefined);
  assert.equal(outside!.reconcileID, undefined);
});

test("concurrent reconciles keep their own ids", async () => {
  const { logger, lines } = capture();
  const pass = (key: string, delay: number) =>
    withReconcileContext(key, async () => {
      logger.info("start");
      await sleep(delay);
      logger.info("end");
    });
  await Promise.all([pass("a", 10), pass("b", 1), pass("a", 5)]);
  const byId = new Map<unknown, Array<Record<string, unknown>>>();
  for (const line of lines)
    byId.set(line.reconcileID, [...(byId.get(line.reconcileID) ?? []), line]);
  assert.equal(byId.size, 3, "three passes, three ids");
  for (const group of byId.values()) {
    assert.deepEqual(
      group.map((l) => l.msg),
      ["start", "end"],
    );
    assert.equal(new Set(group.map((l) => l.key)).size, 1);
  }
});
