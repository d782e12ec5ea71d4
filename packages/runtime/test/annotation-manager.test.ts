import assert from "node:assert/strict";
import { test } from "node:test";
import { annotationManager } from "../src/annotation-manager.ts";

const annotation = "example.com/abandon";
const owning = (manager: string, time: string, key = annotation) => ({
  manager,
  operation: "Update",
  // Raw JSON carries a string (the runtime's reads do); client-node's type says Date.
  time: new Date(time),
  fieldsV1: { "f:metadata": { "f:annotations": { [`f:${key}`]: {} } } },
});

test("the manager that owns the annotation, the most recent one when several do", () => {
  const obj = {
    metadata: {
      managedFields: [
        owning("kubectl-annotate", "2026-12-04T10:00:00Z"),
        owning("other", "2026-12-04T09:00:00Z", "example.com/unrelated"),
        { manager: "database-operator", operation: "Update", fieldsV1: { "f:status": {} } },
        owning("oncall-alice", "2026-12-04T11:00:00Z"),
      ],
    },
  };
  assert.equal(annotationManager(obj, annotation), "oncall-alice");
});

test("undefined when managedFields are absent (a cached copy) or do not name the annotation", () => {
  assert.equal(annotationManager({ metadata: {} }, annotation), undefined);
  const other = { metadata: { managedFields: [owning("x", "2026-12-04T10:00:00Z", "a/b")] } };
  assert.equal(annotationManager(other, annotation), undefined);
});
