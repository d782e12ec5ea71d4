// `npm run installer` on the real API server: the one YAML it writes (dist/install.yaml) applies
// server-side, and every object in it is created, with the image IMG names, and with it the opt-in
// NetworkPolicies (config/network-policy). The Deployment is
// created and never rolls out: envtest runs no scheduler and no kubelet, so its pods never start
// (`npm run test:cluster` checks the rollout on a real cluster). deploy, undeploy and uninstall
// are the same calls with the current kubeconfig; the deploy kit's own tests run them end to end.
//
// Two kinds go through a server-side dry run only, which the API server validates in full but
// does not store: the CRDs, which the run installed at its start and the conversion suite points
// at its own webhook (applying them would take that back), and admission policy bindings, which
// judge every object of the run, not just this file's.

import { KubernetesObjectApi, loadAllYaml, type KubernetesObject } from "@kubernetes/client-node";
import { PROJECT_ROOT, sharedControlPlane } from "@create-operator/envtest";
import {
  applyServerSide,
  FIELD_MANAGER,
  installerObjects,
  installerYaml,
} from "@create-operator/runtime/deploy";
import assert from "node:assert/strict";
import { test } from "node:test";

const IMG = "registry.example.com/team/operator:test";
const RUN_WIDE = new Set(["CustomResourceDefinition", "ValidatingAdmissionPolicyBinding"]);

const plane = await sharedControlPlane();

test("the installer applies server-side and every object in it is created", async () => {
  const installer = installerObjects({
    projectRoot: PROJECT_ROOT,
    image: IMG,
    components: ["network-policy"],
  });
  const yaml = installerYaml(installer, IMG);
  const objects = loadAllYaml(yaml).filter((doc): doc is KubernetesObject => doc !== null);
  assert.equal(objects[0]?.kind, "Namespace", "the operator's namespace comes first");
  assert.ok(objects.some((o) => o.kind === "NetworkPolicy"));

  await applyServerSide(
    plane.admin,
    objects.filter((o) => RUN_WIDE.has(o.kind ?? "")),
    {
      dryRun: true,
    },
  );
  const created = objects.filter((o) => !RUN_WIDE.has(o.kind ?? ""));
  await applyServerSide(plane.admin, created);

  const api = KubernetesObjectApi.makeApiClient(plane.admin);
  for (const object of created) {
    const live = await api.read(object as KubernetesObject & { metadata: { name: string } });
    assert.ok(
      live.metadata?.managedFields?.some((field) => field.manager === FIELD_MANAGER),
      `${object.kind} ${object.metadata?.name} is applied by ${FIELD_MANAGER}`,
    );
    if (live.kind === "Deployment") {
      const { containers } = (
        live as { spec: { template: { spec: { containers: { image: string }[] } } } }
      ).spec.template.spec;
      assert.deepEqual(
        containers.map((c) => c.image),
        [IMG],
      );
    }
  }
});
