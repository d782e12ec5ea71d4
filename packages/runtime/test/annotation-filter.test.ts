// The streaming annotation filter against what it stands for: parse the whole body, then blank
// the values of the annotations not kept. Random bodies (escapes in keys and values, multi-byte
// characters, annotation-like maps elsewhere in the object that must stay) cut into random
// chunks, down to single bytes, so every state can straddle a chunk boundary.

import assert from "node:assert/strict";
import { test } from "node:test";
import { AnnotationFilter, LIST_ANNOTATIONS, WATCH_ANNOTATIONS } from "../src/annotation-filter.ts";

const KEPT = ["example.com/abandon", "example.com/deletion-policy"];

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ["x", "é", '"', "\\", "/", "\n", "{", "}", "[", "]", ",", ":", "漢", "\u0001", " "];

function text(next: () => number, max: number): string {
  let out = "";
  const length = Math.floor(next() * max);
  for (let i = 0; i < length; i++) out += PIECES[Math.floor(next() * PIECES.length)];
  return out;
}

function annotations(next: () => number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of KEPT) if (next() < 0.5) out[key] = text(next, 20);
  const others = Math.floor(next() * 4);
  for (let i = 0; i < others; i++)
    out[`tenant.example.com/${text(next, 6)}${i}`] = text(next, 3000);
  return out;
}

function item(next: () => number, i: number) {
  return {
    apiVersion: "example.com/v1",
    kind: "Thing",
    metadata: {
      name: `thing-${i}`,
      labels: { "example.com/abandon": text(next, 10) },
      ...(next() < 0.8 ? { annotations: annotations(next) } : {}),
    },
    spec: {
      template: { metadata: { annotations: annotations(next) } },
      list: [1, true, null, { annotations: { a: text(next, 10) } }, -2.5e3],
      note: text(next, 50),
    },
    status: { conditions: [{ type: "Ready", message: text(next, 30) }] },
  };
}

/** The reference: blank every annotation of `obj` that is not kept. */
function blanked<T extends { metadata: { annotations?: Record<string, string> } }>(obj: T): T {
  const copy = structuredClone(obj);
  const annotations = copy.metadata.annotations;
  if (annotations !== undefined)
    for (const key of Object.keys(annotations)) if (!KEPT.includes(key)) annotations[key] = "";
  return copy;
}

function filtered(body: Buffer, path: typeof LIST_ANNOTATIONS, next: () => number): Buffer {
  const filter = new AnnotationFilter(KEPT, path);
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length;) {
    const size = next() < 0.3 ? 1 : 1 + Math.floor(next() * 4096);
    filter.write(body.subarray(at, at + size));
    parts.push(filter.take());
    at += size;
  }
  return Buffer.concat(parts);
}

test("a LIST body: every annotation not kept is blanked, everything else is as parsed (200 random bodies)", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const items = Array.from({ length: Math.floor(next() * 6) }, (_, i) => item(next, i));
    const list = { kind: "ThingList", metadata: { resourceVersion: "7" }, items };
    const body = Buffer.from(JSON.stringify(list, null, next() < 0.5 ? 1 : undefined));
    const out = JSON.parse(filtered(body, LIST_ANNOTATIONS, next).toString("utf8"));
    assert.deepEqual(out, { ...list, items: items.map(blanked) }, `seed ${seed}`);
  }
});

test("a watch stream: one event a line, each object's annotations blanked (100 random streams)", () => {
  for (let seed = 1; seed <= 100; seed++) {
    const next = random(seed);
    const events = Array.from({ length: 1 + Math.floor(next() * 5) }, (_, i) => ({
      type: "MODIFIED",
      object: item(next, i),
    }));
    const body = Buffer.from(events.map((event) => JSON.stringify(event) + "\n").join(""));
    const lines = filtered(body, WATCH_ANNOTATIONS, next).toString("utf8").trim().split("\n");
    assert.deepEqual(
      lines.map((line) => JSON.parse(line)),
      events.map((event) => ({ ...event, object: blanked(event.object) })),
      `seed ${seed}`,
    );
  }
});

test("a 250 KiB annotation becomes two bytes; what is not JSON still fails to parse", () => {
  const big = { items: [{ metadata: { name: "a", annotations: { t: "x".repeat(250 * 1024) } } }] };
  const out = filtered(Buffer.from(JSON.stringify(big)), LIST_ANNOTATIONS, random(1));
  assert.equal(out.toString(), '{"items":[{"metadata":{"name":"a","annotations":{"t":""}}}]}');
  const broken = filtered(
    Buffer.from('{"items":[{"metadata":{"annotations":{"t":"x'),
    LIST_ANNOTATIONS,
    random(2),
  );
  assert.throws(() => JSON.parse(broken.toString("utf8")));
});
