import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { fileHeader, Ownership } from "../../base/files.ts";
import { buildModel } from "../../model/build-model.ts";
import { PROJECT_TEMPLATES_DIR, renderSources } from "./index.ts";
import { phaseRoles } from "../../check/phase-roles.ts";

const EXAMPLES = ["backup-storage-location", "database", "dns-zone", "web-app"] as const;

function modelOf(example: string) {
  const source = readFileSync(
    new URL(`../../../examples/${example}.yaml`, import.meta.url),
    "utf8",
  );
  return buildModel(parse(source), source);
}

for (const example of EXAMPLES) {
  test(`${example}: renders deterministically, with unique paths and ownership headers`, () => {
    const model = modelOf(example);
    const first = renderSources(model);
    const second = renderSources(model);
    assert.deepEqual(first, second);
    const all = [...first.rendered, ...first.verbatim];
    assert.equal(new Set(all.map((f) => f.path)).size, all.length);
    for (const file of first.rendered) {
      if (file.path.endsWith(".ts"))
        assert.ok(file.content.startsWith(fileHeader(file.ownership, "//")), file.path);
      // `{{` left by a template is a bug; `${{ ... }}` is a GitHub Actions expression (ci.yaml).
      assert.doesNotMatch(file.content, /\[object Object\]|(?<!\$){{/, file.path);
    }
    JSON.parse(all.find((f) => f.path === "package.json")!.content);
  });
}

test("ownership classes follow the table", () => {
  const files = new Map(
    [
      ...renderSources(modelOf("database")).rendered,
      ...renderSources(modelOf("database")).verbatim,
    ].map((f) => [f.path, f.ownership]),
  );
  assert.equal(files.get("src/api/v1alpha1/database-types.ts"), Ownership.Generated);
  assert.equal(files.get("src/api/v1alpha1/phases.ts"), Ownership.Generated);
  // The flow is derived from the spec and regenerated; the user's decisions sit behind hooks.
  assert.equal(files.get("src/reconciler/database-reconciler.ts"), Ownership.Generated);
  assert.equal(files.get("src/reconciler/instance-part.ts"), Ownership.Generated);
  assert.equal(files.get("src/hooks/types.ts"), Ownership.Generated);
  assert.equal(files.get("src/hooks/index.ts"), Ownership.Generated);
  assert.equal(files.get("src/hooks/instance.ts"), Ownership.ScaffoldOnce);
  assert.equal(files.get("src/hooks/database-status.ts"), Ownership.ScaffoldOnce);
  assert.equal(files.get("tsconfig.json"), Ownership.Generated);
  assert.equal(files.get("src/providers/instance-cloud.ts"), Ownership.ScaffoldOnce);
  assert.equal(files.get("src/providers/instance-memory.ts"), Ownership.Generated);
  assert.equal(files.get("src/children/secret.ts"), Ownership.ScaffoldOnce);
  assert.equal(files.get("package.json"), Ownership.Merged);
  assert.equal(files.get("README.md"), Ownership.Merged);
  assert.equal(files.get("test/faults/shutdown.test.ts"), Ownership.Generated);
  assert.equal(
    files.get(".gitignore"),
    Ownership.Generated,
    "stored as templates/project/gitignore",
  );
});

test("optional parts are left out: no phases file without phases, no providers without bindings", () => {
  const dns = renderSources(modelOf("dns-zone")).rendered.map((f) => f.path);
  assert.ok(!dns.some((p) => p.endsWith("/phases.ts")));
  const web = renderSources(modelOf("web-app")).rendered.map((f) => f.path);
  assert.ok(!web.some((p) => p.startsWith("src/providers/")));
  assert.deepEqual(web.filter((p) => p.startsWith("src/children/")).sort(), [
    "src/children/config-map.ts",
    "src/children/deployment.ts",
    "src/children/index.ts",
    "src/children/service.ts",
  ]);
});

test("verbatim files are copied byte for byte", () => {
  const { verbatim } = renderSources(modelOf("web-app"));
  const shutdown = verbatim.find((f) => f.path === "test/faults/shutdown.test.ts")!;
  assert.equal(
    shutdown.content,
    readFileSync(join(PROJECT_TEMPLATES_DIR, "test/faults/shutdown.test.ts"), "utf8"),
  );
  assert.ok(!verbatim.some((f) => f.path.endsWith(".hbs")));
});

test("binding inputs become a flat Desired type with defaults applied", () => {
  const provider = renderSources(modelOf("database")).rendered.find(
    (f) => f.path === "src/providers/instance-provider.ts",
  )!;
  assert.match(
    provider.content,
    /backupRetentionDays: obj\.spec\?\.backup\?\.retentionDays \?\? 7,/,
  );
  assert.match(provider.content, /engine: obj\.spec\?\.engine \?\? "postgres",/);
  assert.match(provider.content, /allowedCIDRs\?: string\[\];/);
});

test("phase roles come from names and the transition table", () => {
  assert.deepEqual(phaseRoles(modelOf("database").status.phases), {
    progressing: "Provisioning",
    ready: "Available",
    failed: "Failed",
  });
  assert.deepEqual(phaseRoles(modelOf("web-app").status.phases), {
    progressing: "Progressing",
    ready: "Available",
    failed: "Degraded",
  });
  assert.deepEqual(phaseRoles([]), { progressing: "", ready: "", failed: undefined });
});
