import assert from "node:assert/strict";
import { test } from "node:test";
import { idempotencyToken } from "../src/idempotency-token.ts";

const uid = "6f1c2a34-9d1b-4c3e-8f00-123456789abc";

test("the token is stable for one owner generation and differs across generations and owners", () => {
  assert.equal(idempotencyToken(uid, 3), idempotencyToken(uid, 3));
  assert.notEqual(idempotencyToken(uid, 3), idempotencyToken(uid, 4));
  assert.notEqual(idempotencyToken(uid, 3), idempotencyToken(uid.replace("6f", "7f"), 3));
});

test("the token is a version-8 UUID (Google Cloud's requestId format, within EC2's 64 characters)", () => {
  const token = idempotencyToken(uid, 1);
  assert.match(token, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(token.length, 36);
});
