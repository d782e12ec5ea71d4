// A platform team's fleet for the tests: the spec of each operator, and each operator's own code
// as its team would write it after `new` (each fills its scaffolded status hook differently and
// adds a unit test of it). The fleet tests roll a preset change out with `generate` and require
// both files to come through byte for byte, and both tests to pass.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** An operator.yaml for the fleet: one integer field, two phases, Ready. */
export const fleetSpec = (name: string, kind: string) => `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: ${name}
  description: Runs ${kind} resources for ACME.
api:
  group: ${kind.toLowerCase()}.acme.com
  kind: ${kind}
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      description: How big.
      minimum: 1
      maximum: 10
      default: 3
status:
  phases:
    - name: Pending
      initial: true
      next: [Ready]
    - name: Ready
      next: [Pending]
  conditions:
    - type: Ready
`;

export interface UserCode {
  /** The scaffold-once hook file the team edited (project-relative). */
  hook: string;
  /** The team's own unit test of it (project-relative). */
  test: string;
  /** Names of the tests in that file, to find in the suite's output. */
  testNames: string[];
}

interface Variant extends UserCode {
  /** [what the scaffold says, what the team writes instead] */
  edits: [string, string][];
  testSource: string;
}

const VARIANTS: Record<string, Variant> = {
  // The shop team: a shop under maintenance is not ready, whatever else is.
  "shop-operator": {
    hook: "src/hooks/shop-status.ts",
    test: "test/shop-maintenance.test.ts",
    testNames: ["a shop under maintenance is not ready; an open one is"],
    edits: [
      // Read now, so named without the scaffold's leading _ (which tells the linter it is unused).
      ["observe(_observation: ShopObservation)", "observe(observation: ShopObservation)"],
      [
        "      parts: [],",
        `      parts:
        observation.obj.metadata.annotations?.["shop.acme.com/maintenance"] === "true"
          ? [
              {
                ready: false,
                waiting: false,
                reason: "Maintenance",
                message: "the shop is closed for maintenance",
              },
            ]
          : [],`,
      ],
    ],
    testSource: `import assert from "node:assert/strict";
import { test } from "node:test";
import type { Shop } from "../src/api/v1/shop-types.ts";
import { shopStatusHooks } from "../src/hooks/shop-status.ts";

const shop = (annotations: Record<string, string>): Shop => ({
  apiVersion: "shop.acme.com/v1",
  kind: "Shop",
  metadata: { name: "corner", namespace: "team-a", annotations },
  spec: { size: 3 },
});

test("a shop under maintenance is not ready; an open one is", async () => {
  const closed = await shopStatusHooks.observe({
    obj: shop({ "shop.acme.com/maintenance": "true" }),
    generation: 1,
    children: [],
  });
  assert.deepEqual(
    closed.parts.map((p) => [p.ready, p.reason]),
    [[false, "Maintenance"]],
  );
  const open = await shopStatusHooks.observe({ obj: shop({}), generation: 1, children: [] });
  assert.deepEqual(open.parts, []);
});
`,
  },
  // The cart team: fewer than two carts is Degraded (the house-style condition of the preset).
  "cart-operator": {
    hook: "src/hooks/cart-status.ts",
    test: "test/cart-degraded.test.ts",
    testNames: ["one cart is Degraded; two are not"],
    edits: [
      ["observe(_observation: CartObservation)", "observe(observation: CartObservation)"],
      [
        "      conditions: {},",
        `      conditions: {
        Degraded:
          (observation.obj.spec?.size ?? 3) < 2
            ? { status: "True", reason: "TooSmall", message: "one cart cannot take the load" }
            : { status: "False", reason: "Sized", message: "enough carts" },
      },`,
      ],
    ],
    testSource: `import assert from "node:assert/strict";
import { test } from "node:test";
import type { Cart } from "../src/api/v1/cart-types.ts";
import { cartStatusHooks } from "../src/hooks/cart-status.ts";

const cart = (size: number): Cart => ({
  apiVersion: "cart.acme.com/v1",
  kind: "Cart",
  metadata: { name: "trolley", namespace: "team-a" },
  spec: { size },
});

test("one cart is Degraded; two are not", async () => {
  const one = await cartStatusHooks.observe({ obj: cart(1), generation: 1, children: [] });
  assert.equal(one.conditions?.Degraded?.status, "True");
  assert.equal(one.conditions?.Degraded?.reason, "TooSmall");
  const two = await cartStatusHooks.observe({ obj: cart(2), generation: 1, children: [] });
  assert.equal(two.conditions?.Degraded?.status, "False");
  assert.deepEqual(two.parts, []);
});
`,
  },
};

/** Writes the team's code into a project made with `new`; returns what was written. */
export function addUserCode(dir: string, name: "shop-operator" | "cart-operator"): UserCode {
  const variant = VARIANTS[name]!;
  const hookPath = join(dir, variant.hook);
  let source = readFileSync(hookPath, "utf8");
  for (const [scaffold, mine] of variant.edits) {
    assert.ok(source.includes(scaffold), `${variant.hook} has ${scaffold}`);
    source = source.replace(scaffold, mine);
  }
  writeFileSync(hookPath, source);
  writeFileSync(join(dir, variant.test), variant.testSource);
  return { hook: variant.hook, test: variant.test, testNames: variant.testNames };
}

/**
 * The platform team's change to a copy of the sample preset: a label, a higher CPU limit, a lint
 * step in CI, a new license header, and version 1.1.0.
 */
export function changePreset(presetDir: string): void {
  const edit = (path: string, from: string, to: string) => {
    const file = join(presetDir, path);
    const text = readFileSync(file, "utf8");
    assert.ok(text.includes(from), `${path} has ${from}`);
    writeFileSync(file, text.replace(from, to));
  };
  edit(
    "preset.yaml",
    "      acme.com/owner: platform-team\n",
    "      acme.com/owner: platform-team\n      acme.com/tier: gold\n",
  );
  edit("preset.yaml", "cpu: 250m", "cpu: 300m");
  edit(
    "files/ci.yaml",
    "      - run: npm test\n",
    "      - run: npm test\n      - run: npm run lint --if-present\n",
  );
  edit("files/license-header.txt", "Copyright ACME", "Copyright 2026 ACME");
  edit("package.json", '"version": "1.0.0"', '"version": "1.1.0"');
}
