import assert from "node:assert/strict";
import { test } from "node:test";
import {
  keptOrphanKey,
  OrphanReportFullError,
  parseEntries,
  withEntries,
  withoutKeys,
  type KeptOrphan,
} from "../src/orphan-report.ts";

const entry = (uid: string): KeptOrphan => ({
  resource: "instance",
  providerId: `id-${uid}`,
  owner: { apiVersion: "db.example.com/v1", kind: "Database", namespace: "a", name: "n", uid },
  reason: "Abandoned",
  requestedBy: "alice",
  at: "2026-12-05T00:00:00.000Z",
});

test("one data key per resource and owner; a repeat replaces its entry", () => {
  const once = withEntries({}, [entry("u1")], "r");
  const twice = withEntries(once, [entry("u1"), entry("u2")], "r");
  assert.deepEqual(Object.keys(twice).sort(), ["instance.u1", "instance.u2"]);
  assert.match(keptOrphanKey("instance", "0f3c-9a"), /^[-._a-zA-Z0-9]+$/);
  assert.deepEqual(parseEntries(twice), [entry("u1"), entry("u2")]);
  assert.deepEqual(Object.keys(withoutKeys(twice, ["instance.u1"])), ["instance.u2"]);
});

test("refuses an entry past the size limit, leaving the data as it was", () => {
  const full = withEntries({}, [entry("u1")], "r", 400);
  assert.throws(() => withEntries(full, [entry("u2")], "r", 400), OrphanReportFullError);
  assert.deepEqual(Object.keys(full), ["instance.u1"]);
});

test("skips values that are not entries (a hand edit) instead of failing the sweep", () => {
  assert.deepEqual(
    parseEntries({ note: "kept by hand", bad: "{}", ok: JSON.stringify(entry("u")) }),
    [entry("u")],
  );
});
