// The installer built from a project's config/ (the golden projects, real renderings): namespaces
// and CRDs first, then kustomize's order; the image on the manager container; byte-identical on
// re-run; opt-in components added; kustomize features it cannot apply refused by name.

import { loadAllYaml, type KubernetesObject } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { installerObjects, installerYaml } from "../src/deploy/installer.ts";
import { kustomizationObjects } from "../src/deploy/kustomization.ts";

const golden = (name: string) =>
  fileURLToPath(new URL(`../../../test/golden/${name}`, import.meta.url));
const IMAGE = "registry.example.com/db:1.0.0";

test("namespace first, then CRDs, then config/default's order; the image on the manager", () => {
  const objects = installerObjects({ projectRoot: golden("database"), image: IMAGE });
  const kinds = objects.map((o) => o.kind);
  assert.equal(kinds[0], "Namespace");
  assert.deepEqual(
    objects.filter((o) => o.kind === "CustomResourceDefinition").map((o) => o.metadata?.name),
    ["databases.db.example.com", "databaseallowances.db.example.com"],
  );
  assert.ok(kinds.lastIndexOf("CustomResourceDefinition") < kinds.indexOf("ClusterRole"));
  // rbac before manager before tenancy, as config/default lists them.
  assert.ok(kinds.indexOf("ServiceAccount") < kinds.indexOf("Deployment"));
  assert.ok(kinds.indexOf("Deployment") < kinds.indexOf("ValidatingAdmissionPolicy"));
  const deployment = objects.find((o) => o.kind === "Deployment") as KubernetesObject & {
    spec: { template: { spec: { containers: { name: string; image: string }[] } } };
  };
  assert.deepEqual(
    deployment.spec.template.spec.containers.map((c) => [c.name, c.image]),
    [["manager", IMAGE]],
  );
});

test("one YAML, byte-identical on re-run, that reads back as the same objects", () => {
  const build = () =>
    installerYaml(installerObjects({ projectRoot: golden("database"), image: IMAGE }), IMAGE);
  const yaml = build();
  assert.equal(build(), yaml);
  // Read back (client-node's typed models) and written again, nothing changes: no field is lost.
  const reread = loadAllYaml(yaml).filter((d): d is KubernetesObject => d !== null);
  assert.equal(installerYaml(reread, IMAGE), yaml);
  assert.match(yaml, /x-kubernetes-validations:/);
});

test("a conversion project's installer holds its webhook Service", () => {
  const objects = installerObjects({ projectRoot: golden("database-v1beta1"), image: IMAGE });
  assert.ok(objects.some((o) => o.kind === "Service" && /-webhook$/.test(o.metadata?.name ?? "")));
});

test("opt-in components come after config/default's objects", () => {
  const plain = installerObjects({ projectRoot: golden("database"), image: IMAGE });
  const withRule = installerObjects({
    projectRoot: golden("database"),
    image: IMAGE,
    components: ["prometheus"],
  });
  assert.equal(withRule.length, plain.length + 2);
  assert.deepEqual(
    withRule.slice(-2).map((o) => o.kind),
    ["PrometheusRule", "ServiceMonitor"],
  );
});

test("a kustomization feature the kit cannot apply is refused by name", () => {
  assert.throws(
    () =>
      installerObjects({
        projectRoot: golden("database"),
        image: IMAGE,
        components: ["tenancy-audit"],
      }),
    /config\/tenancy-audit\/kustomization.yaml uses patches, which the deploy kit does not apply .*kubectl kustomize/,
  );
});

test("sortOptions fifo (the listed order, the kit's own) is read; any other order is refused", () => {
  const samples = join(golden("database"), "config/samples");
  assert.deepEqual(
    kustomizationObjects(samples).map((o) => o.kind),
    ["DatabaseAllowance", "Database"],
  );
  const legacy = mkdtempSync(join(tmpdir(), "kustomization-legacy-"));
  try {
    writeFileSync(
      join(legacy, "kustomization.yaml"),
      "sortOptions:\n  order: legacy\nresources: []\n",
    );
    assert.throws(() => kustomizationObjects(legacy), /uses sortOptions, which the deploy kit/);
  } finally {
    rmSync(legacy, { recursive: true, force: true });
  }
});
