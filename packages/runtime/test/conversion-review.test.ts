// The ConversionReview logic without a server: pure, so in memory. The API server's side of the
// same contract is tested on the real kube-apiserver in conversion-webhook.test.ts.

import assert from "node:assert/strict";
import { test } from "node:test";
import { answerReview } from "../src/conversion/conversion-review.ts";
import { ConversionRegistry, type JsonObject } from "../src/conversion/converters.ts";
import { noopConversionMetrics } from "../src/metrics.ts";

const spec = (object: JsonObject) => object.spec as JsonObject;
// v1 says `size`, the hub v2 says `replicas`.
const registry = (
  overrides: Partial<Record<"toHub" | "fromHub", (o: JsonObject) => unknown>> = {},
) =>
  new ConversionRegistry([
    {
      group: "example.com",
      kind: "Widget",
      hub: "v2",
      spokes: {
        v1: {
          toHub: (o) =>
            (overrides.toHub?.(o) as JsonObject) ?? {
              ...o,
              spec: { replicas: spec(o).size },
            },
          fromHub: (o) =>
            (overrides.fromHub?.(o) as JsonObject) ?? { ...o, spec: { size: spec(o).replicas } },
        },
      },
    },
  ]);

const widget = (version: string, body: JsonObject): JsonObject => ({
  apiVersion: `example.com/${version}`,
  kind: "Widget",
  metadata: { name: "w", namespace: "ns", uid: "u-1" },
  spec: body,
});

const review = (desired: string, ...objects: unknown[]) => ({
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "ConversionReview",
  request: { uid: "r-1", desiredAPIVersion: desired, objects },
});

test("converts each object through the hub and sets the desired apiVersion", async () => {
  const answer = await answerReview(
    review("example.com/v1", widget("v2", { replicas: 3 }), widget("v1", { size: 4 })),
    registry(),
    noopConversionMetrics,
  );
  assert.equal(answer.response.uid, "r-1");
  assert.deepEqual(answer.response.result, { status: "Success" });
  assert.deepEqual(answer.response.convertedObjects, [
    widget("v1", { size: 3 }),
    widget("v1", { size: 4 }),
  ]);
  const up = await answerReview(
    review("example.com/v2", widget("v1", { size: 5 })),
    registry(),
    noopConversionMetrics,
  );
  assert.deepEqual(up.response.convertedObjects, [widget("v2", { replicas: 5 })]);
});

test("a converter that throws or returns an invalid object fails the review with a clear message", async () => {
  const cases: Array<[string, (o: JsonObject) => unknown, RegExp]> = [
    [
      "throws",
      () => {
        throw new Error("size must be a number");
      },
      /Widget ns\/w \(example.com\/v2\): converting v2 to v1 failed: size must be a number/,
    ],
    ["not an object", () => [1], /returned no object/],
    [
      "renamed",
      (o) => ({ ...o, metadata: { ...(o.metadata as JsonObject), name: "x" } }),
      /changed metadata.name from w to x/,
    ],
    [
      "other uid",
      (o) => ({ ...o, metadata: { ...(o.metadata as JsonObject), uid: "u-2" } }),
      /changed metadata.uid/,
    ],
    ["other kind", (o) => ({ ...o, kind: "Gadget" }), /returned kind Gadget, not Widget/],
    [
      "other version",
      (o) => ({ ...o, apiVersion: "example.com/v3" }),
      /returned apiVersion example.com\/v3, not example.com\/v1/,
    ],
  ];
  for (const [label, fromHub, message] of cases) {
    const answer = await answerReview(
      review("example.com/v1", widget("v2", { replicas: 1 })),
      registry({ fromHub }),
      noopConversionMetrics,
    );
    assert.equal(answer.response.result.status, "Failure", label);
    assert.match((answer.response.result as { message: string }).message, message, label);
    assert.deepEqual(answer.response.convertedObjects, [], label);
  }
});

test("unknown kinds and versions fail the review; a converter never sees the caller's object", async () => {
  const unknownVersion = await answerReview(
    review("example.com/v9", widget("v2", {})),
    registry(),
    noopConversionMetrics,
  );
  assert.match(JSON.stringify(unknownVersion.response.result), /version v9 is not known/);
  const unknownKind = await answerReview(
    review("example.com/v1", { ...widget("v2", {}), kind: "Gadget" }),
    registry(),
    noopConversionMetrics,
  );
  assert.match(JSON.stringify(unknownKind.response.result), /no conversion registered/);
  const original = widget("v2", { replicas: 2 });
  await answerReview(
    review("example.com/v1", original),
    registry({ fromHub: (o) => ((spec(o).replicas = 99), undefined) }),
    noopConversionMetrics,
  );
  assert.deepEqual(original, widget("v2", { replicas: 2 }));
});

test("a request that is no ConversionReview is refused, not answered", async () => {
  await assert.rejects(
    answerReview({ kind: "AdmissionReview" }, registry(), noopConversionMetrics),
  );
  await assert.rejects(
    answerReview({ ...review("example.com/v1"), request: {} }, registry(), noopConversionMetrics),
  );
});
