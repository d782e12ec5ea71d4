import assert from "node:assert/strict";
import { test } from "node:test";
import { nextSteps } from "./next-steps.ts";

test("next steps start with cd into the project, as typed, and install before testing", () => {
  const steps = nextSteps({
    directory: "db-operator",
    cwd: "/home/u",
    vendored: true,
    hasUserCode: true,
  });
  assert.equal(steps[0], "cd db-operator");
  const index = (prefix: string) => steps.findIndex((s) => s.startsWith(prefix));
  assert.ok(index("npm install") < index("export KUBEBUILDER_ASSETS"));
  assert.ok(index("export KUBEBUILDER_ASSETS") < index("npm test"));
  assert.match(steps[index("npm install")]!, /vendor\//);
  assert.ok(index("npm run typecheck") > 0);
});

test("an absolute directory is shown relative to where new ran; a path with spaces is quoted", () => {
  assert.equal(
    nextSteps({
      directory: "/home/u/my op",
      cwd: "/home/u",
      vendored: false,
      hasUserCode: false,
    })[0],
    "cd 'my op'",
  );
  const here = nextSteps({
    directory: "/home/u",
    cwd: "/home/u",
    vendored: false,
    hasUserCode: false,
  });
  assert.ok(here[0]!.startsWith("npm install"), "no cd into the directory we are in");
  assert.ok(
    !here.some((s) => s.includes("vendor/")),
    "nothing about vendor/ when nothing is vendored",
  );
  assert.ok(!here.some((s) => s.startsWith("npm run typecheck")));
});
