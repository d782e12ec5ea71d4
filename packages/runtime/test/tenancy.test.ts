// The operator's re-check of the tenancy rules: pure logic over in-memory objects (the generated
// suites prove the same rules against the real API server's policy).

import assert from "node:assert/strict";
import { test } from "node:test";
import { tenancyGate, type TenancyParameters } from "../src/tenancy.ts";

const SIZE_RULE = {
  expression: "object.spec.size in params.spec.allowedSizes",
  messageExpression:
    "'size ' + object.spec.size + ' is not allowed; allowed here: ' + params.spec.allowedSizes.join(', ')",
};

function database(size: string, namespace = "team-a") {
  return {
    apiVersion: "db.example.com/v1alpha1",
    kind: "Database",
    metadata: { name: "db", namespace },
    spec: { size, storageGB: 20 },
  };
}

function parameters(
  byNamespace: Record<string, unknown>,
  missing: "Deny" | "Allow" = "Deny",
): TenancyParameters & { reads: string[] } {
  const reads: string[] = [];
  return {
    kind: "DatabaseAllowance",
    name: "tenancy",
    missing,
    reads,
    reader: {
      get: async (key) => {
        reads.push(`${key.namespace}/${key.name}`);
        return byNamespace[key.namespace!];
      },
    },
  };
}

test("an object within its namespace's parameters is permitted; one outside is refused with the messageExpression", async () => {
  const p = parameters({ "team-a": { spec: { allowedSizes: ["small", "medium"] } } });
  const gate = tenancyGate([SIZE_RULE], p);
  assert.deepEqual(await gate.verdict(database("medium")), { permitted: true });
  assert.deepEqual(await gate.verdict(database("large")), {
    permitted: false,
    message: "size large is not allowed; allowed here: small, medium",
  });
  assert.deepEqual(p.reads, ["team-a/tenancy", "team-a/tenancy"]);
});

test("each namespace is judged by its own parameters", async () => {
  const gate = tenancyGate(
    [SIZE_RULE],
    parameters({
      "team-a": { spec: { allowedSizes: ["small"] } },
      "team-b": { spec: { allowedSizes: ["small", "large"] } },
    }),
  );
  assert.equal((await gate.verdict(database("large", "team-a"))).permitted, false);
  assert.equal((await gate.verdict(database("large", "team-b"))).permitted, true);
});

test("no parameters object: refused under Deny, judged with params null under Allow", async () => {
  const denied = await tenancyGate([SIZE_RULE], parameters({})).verdict(database("small"));
  assert.deepEqual(denied, {
    permitted: false,
    message:
      "namespace team-a has no DatabaseAllowance named tenancy: a cluster admin sets what this namespace may ask for there",
  });
  const nullSafe = { expression: "params == null || object.spec.size in params.spec.allowedSizes" };
  const allowed = await tenancyGate([nullSafe], parameters({}, "Allow")).verdict(database("large"));
  assert.deepEqual(allowed, { permitted: true });
});

test("integers compare as CEL ints; a static message, then the expression, when no messageExpression applies", async () => {
  const gate = tenancyGate([
    { expression: "object.spec.storageGB <= 10", message: "at most 10 GiB here" },
  ]);
  assert.deepEqual(await gate.verdict(database("small")), {
    permitted: false,
    message: "at most 10 GiB here",
  });
  const bare = tenancyGate([{ expression: "object.spec.storageGB <= 10" }]);
  assert.deepEqual(await bare.verdict(database("small")), {
    permitted: false,
    message: "failed expression: object.spec.storageGB <= 10",
  });
});

test("a rule that cannot be evaluated refuses (as failurePolicy: Fail does), naming the rule", async () => {
  const gate = tenancyGate([{ expression: "object.spec.missing == 'x'", message: "never shown" }]);
  const verdict = await gate.verdict(database("small"));
  assert.equal(verdict.permitted, false);
  assert.match(
    (verdict as { message: string }).message,
    /object\.spec\.missing == 'x' could not be evaluated/,
  );
});

test("judged as a CREATE: oldObject is null", async () => {
  const gate = tenancyGate([{ expression: "oldObject == null", message: "not a create" }]);
  assert.deepEqual(await gate.verdict(database("small")), { permitted: true });
});
