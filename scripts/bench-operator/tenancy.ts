// The Database example has a tenant boundary (operator.yaml's tenancy): its operator refuses
// (Ready=False, NotPermitted) an object in a namespace without its parameters object. The bench
// gives its namespace the parameters the generated tests use as the example (every size
// allowed), after installing the parameters CRD, so both operators converge the same objects.
// The admission policy itself is not installed: the peer has none, and the bench measures
// reconciling, not admission.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ControlPlane } from "../../packages/envtest/src/control-plane.ts";

interface TenancyFixture {
  files: string[];
  parameters: {
    group: string;
    version: string;
    plural: string;
    kind: string;
    name: string;
    example: Record<string, unknown>;
  } | null;
}

export async function grantBenchNamespace(
  plane: ControlPlane,
  project: string,
  namespace: string,
  directory: string,
): Promise<void> {
  const fixturePath = join(project, "test/support/tenancy.json");
  if (!existsSync(fixturePath)) return;
  const fixture = JSON.parse(readFileSync(fixturePath, "utf8")) as TenancyFixture;
  const parameters = fixture.parameters;
  if (parameters === null) return;
  const crd = fixture.files.find((file) => file.endsWith(`_${parameters.plural}.yaml`));
  if (crd === undefined) throw new Error(`no parameters CRD among ${fixture.files.join(", ")}`);
  await plane.applyManifests([join(project, crd)]);
  // JSON is YAML: the object as a manifest file, applied like the CRD.
  const manifest = join(directory, "tenancy-parameters.yaml");
  writeFileSync(
    manifest,
    JSON.stringify({
      apiVersion: `${parameters.group}/${parameters.version}`,
      kind: parameters.kind,
      metadata: { name: parameters.name, namespace },
      spec: parameters.example,
    }),
  );
  await plane.applyManifests([manifest]);
}
