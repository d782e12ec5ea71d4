// How the reconciler's wrappers treat your code: a provider failure becomes a ProviderError with
// its cause, timed and counted per resource class (rate limits apart); a TerminalError and an
// abort pass through untouched; a hook failure becomes a HookError naming the hook; private
// fields keep working because methods run on the original object.

import assert from "node:assert/strict";
import { test } from "node:test";
import { HookError, ProviderError, TerminalError } from "../src/errors.ts";
import { OperatorMetrics } from "../src/metrics.ts";
import {
  hookCalls,
  isRateLimited,
  providerCalls,
  type ProviderCall,
} from "../src/provider-calls.ts";

class Cloud {
  #calls = 0;
  async ensure(id: string): Promise<string> {
    this.#calls++;
    if (id === "throttled") throw Object.assign(new Error("slow down"), { statusCode: 429 });
    if (id === "bad") throw new Error("boom");
    if (id === "terminal") throw new TerminalError("QuotaExceeded", "raise the quota");
    if (id === "abort") throw new DOMException("aborted", "AbortError");
    return `${id}:${this.#calls}`;
  }
}

test("provider calls: errors wrapped with their cause, outcomes reported per resource and operation", async () => {
  const seen: ProviderCall[] = [];
  const cloud = providerCalls("instance", new Cloud(), { observe: (call) => seen.push(call) });
  assert.equal(await cloud.ensure("a"), "a:1", "a private field still works");
  const failed = await cloud.ensure("bad").catch((err: unknown) => err);
  assert.ok(failed instanceof ProviderError);
  assert.equal(failed.message, "instance provider ensure failed: boom");
  assert.equal((failed.cause as Error).message, "boom");
  await assert.rejects(cloud.ensure("throttled"), ProviderError);
  await assert.rejects(cloud.ensure("terminal"), TerminalError);
  await assert.rejects(cloud.ensure("abort"), { name: "AbortError" });
  assert.deepEqual(
    seen.map((c) => [c.resource, c.operation, c.outcome]),
    [
      ["instance", "ensure", "success"],
      ["instance", "ensure", "error"],
      ["instance", "ensure", "rate_limited"],
      ["instance", "ensure", "error"],
      ["instance", "ensure", "error"],
    ],
  );
  assert.ok(seen.every((c) => c.seconds >= 0));
});

test("OperatorMetrics.providerCalls: duration, errors and rate limits by resource class", async () => {
  const metrics = new OperatorMetrics({ processMetrics: false });
  const cloud = providerCalls("instance", new Cloud(), metrics.providerCalls);
  await cloud.ensure("a");
  await cloud.ensure("bad").catch(() => {});
  await cloud.ensure("throttled").catch(() => {});
  const body = (await metrics.exposition()).body;
  const labels = '{resource="instance",operation="ensure"}';
  assert.match(body, new RegExp(`operator_provider_call_duration_seconds_count${labels} 3\\n`));
  assert.match(body, new RegExp(`operator_provider_call_errors_total${labels} 2\\n`));
  assert.match(body, new RegExp(`operator_provider_rate_limited_total${labels} 1\\n`));
});

test("a rate limit however the SDK says it: 429 in status/statusCode/code/$metadata, or a throttling name", () => {
  assert.ok(isRateLimited({ status: 429 }));
  assert.ok(isRateLimited({ $metadata: { httpStatusCode: 429 } }));
  assert.ok(isRateLimited({ name: "ThrottlingException" }));
  assert.ok(isRateLimited(new Error("wrapped", { cause: { code: "TooManyRequestsException" } })));
  assert.ok(!isRateLimited(new Error("boom")));
  assert.ok(!isRateLimited({ status: 500 }));
});

test("hook calls: a failure names the hook, sync or async; a TerminalError passes through", async () => {
  const hooks = hookCalls({
    resources: {
      instance: {
        validateDesired: (size: number) => {
          if (size > 10) throw new TerminalError("TooBig", "at most 10");
          if (size < 0) throw new RangeError("negative");
          return size;
        },
      },
    },
    status: { observe: async () => Promise.reject(new TypeError("undefined is not a function")) },
  });
  assert.equal(hooks.resources.instance.validateDesired(3), 3);
  assert.throws(() => hooks.resources.instance.validateDesired(11), TerminalError);
  assert.throws(
    () => hooks.resources.instance.validateDesired(-1),
    (err: unknown) =>
      err instanceof HookError &&
      err.message === "hook resources.instance.validateDesired failed: negative",
  );
  await assert.rejects(hooks.status.observe(), (err: unknown) => {
    assert.ok(err instanceof HookError);
    assert.equal(err.hook, "status.observe");
    assert.ok(err.cause instanceof TypeError);
    return true;
  });
});
