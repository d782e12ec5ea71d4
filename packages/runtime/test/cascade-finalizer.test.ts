// Which cascade an object asks for through the finalizers a user put on it (pure metadata logic;
// the cascade itself runs against a real API server in e2e/cascade-finalizer.test.ts).

import assert from "node:assert/strict";
import { test } from "node:test";
import { finalizersAfterCascade, requestedCascade } from "../src/cascade-finalizer.ts";

const FINALIZERS = {
  foreground: "resources-finalizer.argocd.argoproj.io",
  background: "resources-finalizer.argocd.argoproj.io/background",
};
const withFinalizers = (...finalizers: string[]) => ({ metadata: { name: "a", finalizers } });

test("no cascade finalizer, no cascade: the object's children are the garbage collector's", () => {
  assert.equal(requestedCascade(withFinalizers("example.com/finalizer"), FINALIZERS), undefined);
  assert.equal(requestedCascade({ metadata: {} }, FINALIZERS), undefined);
  assert.equal(requestedCascade(withFinalizers(FINALIZERS.foreground), {}), undefined);
});

test("each finalizer asks for its mode; with both, foreground (the stricter) wins and both go at the end", () => {
  assert.deepEqual(requestedCascade(withFinalizers(FINALIZERS.background), FINALIZERS), {
    mode: "background",
    finalizers: [FINALIZERS.background],
  });
  const both = withFinalizers(
    FINALIZERS.background,
    "example.com/finalizer",
    FINALIZERS.foreground,
  );
  const request = requestedCascade(both, FINALIZERS);
  assert.deepEqual(request, {
    mode: "foreground",
    finalizers: [FINALIZERS.foreground, FINALIZERS.background],
  });
  // Only the cascade finalizers are removed; the operator's own and foreign ones stay, in order.
  assert.deepEqual(finalizersAfterCascade(both, request!), ["example.com/finalizer"]);
});
