// The pause mark: only its key with exactly its value pauses; an annotation mark is not a label.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isPaused, type PauseMark } from "../src/paused.ts";

const annotation: PauseMark = { on: "annotation", key: "crossplane.io/paused", value: "true" };
const label: PauseMark = { on: "label", key: "example.com/paused", value: "yes" };

test("the mark with its value pauses; another value, none, or the other place does not", () => {
  const meta = (annotations?: Record<string, string>, labels?: Record<string, string>) => ({
    metadata: { name: "a", ...(annotations ? { annotations } : {}), ...(labels ? { labels } : {}) },
  });
  assert.equal(isPaused(meta({ "crossplane.io/paused": "true" }), annotation), true);
  assert.equal(isPaused(meta({ "crossplane.io/paused": "false" }), annotation), false);
  assert.equal(isPaused(meta({ "crossplane.io/paused": "True" }), annotation), false);
  assert.equal(isPaused(meta(), annotation), false);
  assert.equal(isPaused(meta(undefined, { "crossplane.io/paused": "true" }), annotation), false);
  assert.equal(isPaused(meta(undefined, { "example.com/paused": "yes" }), label), true);
  assert.equal(isPaused(meta({ "example.com/paused": "yes" }), label), false);
});
