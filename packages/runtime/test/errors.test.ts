// How errors read in logs and in status: a client-node ApiException (whose message is a
// multi-line dump of the body and every response header) becomes one line with the HTTP code,
// the Status reason and message and the object; causes are kept; the Ready reason of a failed
// pass is derived from the error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiException } from "@kubernetes/client-node";
import { DeadlineExceededError } from "../src/abort.ts";
import {
  ConflictError,
  describeApiError,
  errorMessage,
  ProviderError,
  TerminalError,
} from "../src/errors.ts";
import { failureMessage, failureReason } from "../src/failure-status.ts";
import { createLogger } from "../src/logger.ts";

/** The shape client-node 2.x throws for a status its OpenAPI does not declare: the raw body text. */
function apiException(code: number, status: object, headers: Record<string, string> = {}) {
  return new ApiException<string>(code, "Unknown API Status Code!", JSON.stringify(status), {
    "audit-id": "0b4f9b7e-1111-2222-3333-444455556666",
    "cache-control": "no-cache, private",
    "content-type": "application/json",
    ...headers,
  });
}

const notFound = apiException(404, {
  kind: "Status",
  apiVersion: "v1",
  status: "Failure",
  message: 'databases.example.com "orders" not found',
  reason: "NotFound",
  details: { name: "orders", group: "example.com", kind: "databases" },
  code: 404,
});

const invalid = apiException(422, {
  kind: "Status",
  apiVersion: "v1",
  status: "Failure",
  message: 'Database.example.com "orders" is invalid: spec.size: Unsupported value: "huge"',
  reason: "Invalid",
  details: {
    name: "orders",
    group: "example.com",
    kind: "Database",
    causes: [{ reason: "FieldValueNotSupported", field: "spec.size" }],
  },
  code: 422,
});

test("an ApiException reads as one line: code, reason, message, object; no headers", () => {
  assert.match(notFound.message, /\n/, "client-node's own message is the multi-line dump");
  const line = errorMessage(notFound);
  assert.equal(
    line,
    'HTTP 404 NotFound: databases.example.com "orders" not found (databases example.com/orders)',
  );
  assert.doesNotMatch(line, /\n|audit-id|Unknown API Status Code|Headers/);
  assert.deepEqual(describeApiError(invalid), {
    code: 422,
    reason: "Invalid",
    message: 'Database.example.com "orders" is invalid: spec.size: Unsupported value: "huge"',
    object: "Database example.com/orders",
  });
});

test("a body client-node already parsed, or no body at all, still reads as one line", () => {
  const parsed = new ApiException<object>(
    403,
    "Forbidden",
    { kind: "Status", reason: "Forbidden", message: "cannot update resource", code: 403 },
    {},
  );
  assert.equal(errorMessage(parsed), "HTTP 403 Forbidden: cannot update resource");
  const empty = new ApiException<string>(503, "Unknown API Status Code!", "", { a: "b" });
  assert.equal(errorMessage(empty), "HTTP 503 ServiceUnavailable");
});

test("causes are kept, one line: message; cause: message", () => {
  const conflict = new ConflictError("the object changed since it was read", {
    cause: apiException(409, {
      kind: "Status",
      reason: "Conflict",
      message: "the object has been modified",
      details: { name: "orders", kind: "databases" },
      code: 409,
    }),
  });
  assert.equal(
    errorMessage(conflict),
    "the object changed since it was read; cause: HTTP 409 Conflict: the object has been modified (databases orders)",
  );
  const nested = new Error("outer", { cause: new Error("middle", { cause: "inner text" }) });
  assert.equal(errorMessage(nested), "outer; cause: middle; cause: inner text");
});

test("the logger writes an API error as one line with its fields and its cause, never the dump", () => {
  const lines: string[] = [];
  const logger = createLogger({ level: "debug", write: (line) => lines.push(line) });
  logger.warn("reconcile failed", {
    err: new ProviderError("instance", "ensure", new Error("fetch failed", { cause: notFound })),
  });
  logger.error("status write refused", { err: invalid });
  assert.equal(lines.length, 2);
  for (const line of lines) {
    assert.doesNotMatch(line, /audit-id|Unknown API Status Code|Headers/, line);
  }
  assert.doesNotMatch(lines[1]!, /\\n/, "an API error carries no stack: its stack is the dump");
  const first = JSON.parse(lines[0]!) as { err: Record<string, unknown> };
  assert.equal(first.err["name"], "ProviderError");
  assert.match(String(first.err["stack"]), /^ProviderError: instance provider ensure failed/);
  assert.equal(
    first.err["message"],
    'instance provider ensure failed: fetch failed; cause: HTTP 404 NotFound: databases.example.com "orders" not found (databases example.com/orders)',
  );
  const second = JSON.parse(lines[1]!) as { err: Record<string, unknown> };
  assert.deepEqual(second.err, {
    name: "ApiException",
    code: 422,
    reason: "Invalid",
    message: 'Database.example.com "orders" is invalid: spec.size: Unsupported value: "huge"',
    object: "Database example.com/orders",
  });
});

test("the Ready reason of a failed pass comes from the error, short and CamelCase", () => {
  assert.equal(
    failureReason(new ProviderError("instance", "ensure", new Error("boom"))),
    "ProviderError",
  );
  assert.equal(failureReason(invalid), "Invalid");
  assert.equal(failureReason(notFound), "NotFound");
  assert.equal(
    failureReason(new ApiException<string>(403, "Unknown API Status Code!", "", {})),
    "Forbidden",
  );
  assert.equal(failureReason(new ConflictError("changed")), "Conflict");
  assert.equal(
    failureReason(new TerminalError("QuotaExceeded", "raise the quota")),
    "QuotaExceeded",
  );
  assert.equal(failureReason(new DeadlineExceededError("reconciling x", 1000)), "DeadlineExceeded");
  assert.equal(failureReason(new TypeError("x is undefined")), "ReconcileError");
  // A Status reason that is not CamelCase (another server's) is not copied into a condition.
  const odd = apiException(500, { kind: "Status", reason: "etcd: leader changed", code: 500 });
  assert.equal(failureReason(odd), "InternalError");
});

test("the Ready message of a failed pass is one short line", () => {
  const long = new Error(`first line\nsecond line ${"x".repeat(2_000)}`);
  const message = failureMessage(long);
  assert.doesNotMatch(message, /\n/);
  assert.ok(message.length <= 300, `${message.length} characters`);
  assert.ok(message.startsWith("first line second line"), message);
  assert.ok(message.endsWith("..."));
});
