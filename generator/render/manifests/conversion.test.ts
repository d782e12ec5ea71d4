// The manifests an operator with several API versions gets beyond one with a single version, and
// their RBAC, least privilege: what the migrator and the webhook's certificates need, no more.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderConversionRbac } from "./conversion.ts";
import { renderManifests } from "./index.ts";
import { documentsOf } from "./testing/fixtures.ts";

function modelOf(example: string, edit: (data: any) => void = () => {}) {
  const source = readFileSync(join(import.meta.dirname, "../../../examples", example), "utf8");
  const data = parse(source);
  edit(data);
  return buildModel(data, source);
}

function filesOf(example: string, edit?: (data: any) => void) {
  return new Map<string, Record<string, any>[]>(
    renderConversionRbac(modelOf(example, edit)).map((file) => [file.path, documentsOf(file)]),
  );
}

test("the migrator may create and patch Events in default, and nowhere else", () => {
  const files = filesOf("database-v1beta1.yaml");
  const [role] = files.get("config/rbac/migration_events_role.yaml") ?? [];
  assert.ok(role, "no migration events Role");
  assert.equal(role.kind, "Role");
  // The API server takes Events about a cluster-scoped object (the CRD) only in default.
  assert.equal(role.metadata.namespace, "default");
  assert.deepEqual(role.rules, [
    { apiGroups: ["events.k8s.io"], resources: ["events"], verbs: ["create", "patch"] },
  ]);
  const [binding] = files.get("config/rbac/migration_events_role_binding.yaml") ?? [];
  assert.ok(binding);
  assert.equal(binding.metadata.namespace, "default");
  assert.equal(binding.roleRef.name, role.metadata.name);
  assert.equal(binding.subjects[0].namespace, "database-v1beta1-operator-system");
});

const certManager = (data: any) => {
  data.api.conversion = { certificates: "cert-manager" };
};

test("cert-manager: a CA chain of Issuers and Certificates, and the CRD asks cainjector for the CA", () => {
  const model = modelOf("database-v1beta1.yaml", certManager);
  const files = new Map(renderManifests(model).map((file) => [file.path, documentsOf(file)]));
  const ns = "database-v1beta1-operator-system";
  const [selfSigned, caIssuer] = files.get("config/certmanager/issuer.yaml")!;
  assert.deepEqual(selfSigned!.spec, { selfSigned: {} });
  const [ca, serving] = files.get("config/certmanager/certificate.yaml")!;
  assert.equal(ca!.spec.isCA, true);
  assert.equal(ca!.spec.issuerRef.name, selfSigned!.metadata.name);
  assert.deepEqual(caIssuer!.spec, { ca: { secretName: ca!.spec.secretName } });
  assert.equal(serving!.kind, "Certificate");
  assert.equal(serving!.metadata.namespace, ns);
  assert.equal(serving!.spec.issuerRef.name, caIssuer!.metadata.name);
  assert.equal(serving!.spec.secretName, "database-v1beta1-operator-webhook-server-cert");
  assert.deepEqual(serving!.spec.dnsNames, [
    `database-v1beta1-operator-webhook.${ns}.svc`,
    `database-v1beta1-operator-webhook.${ns}.svc.cluster.local`,
  ]);
  assert.deepEqual(files.get("config/certmanager/kustomization.yaml")![0]!.resources, [
    "certificate.yaml",
    "issuer.yaml",
  ]);
  assert.ok(
    files.get("config/default/kustomization.yaml")![0]!.resources.includes("../certmanager"),
  );
  const [crd] = files.get("config/crd/bases/db.example.com_databases.yaml")!;
  assert.equal(
    crd!.metadata.annotations["cert-manager.io/inject-ca-from"],
    `${ns}/${serving!.metadata.name}`,
  );
});

test("cert-manager: the operator may read its serving Secret and the CRD, and write neither", () => {
  const files = filesOf("database-v1beta1.yaml", certManager);
  assert.equal(files.has("config/rbac/webhook_ca_role.yaml"), false, "no CA Secret to keep");
  const [role] = files.get("config/rbac/webhook_certificate_role.yaml") ?? [];
  assert.ok(role, "no Role for the serving Secret");
  assert.deepEqual(role.rules, [
    {
      apiGroups: [""],
      resources: ["secrets"],
      resourceNames: ["database-v1beta1-operator-webhook-server-cert"],
      verbs: ["get"],
    },
  ]);
  const [clusterRole] = files.get("config/rbac/conversion_role.yaml") ?? [];
  const crdRule = clusterRole!.rules.find((rule: any) =>
    rule.resources.includes("customresourcedefinitions"),
  );
  assert.deepEqual(crdRule.verbs, ["get"], "no patch: cainjector writes the caBundle");
  // Self-managed keeps what it needs to create its CA and inject it.
  const own = filesOf("database-v1beta1.yaml");
  assert.ok(own.has("config/rbac/webhook_ca_role.yaml"));
  assert.equal(own.has("config/certmanager/issuer.yaml"), false);
});

test("self-managed (the default): no cert-manager objects and no annotation", () => {
  const model = modelOf("database-v1beta1.yaml");
  const paths = renderManifests(model).map((file) => file.path);
  assert.equal(paths.filter((path) => path.startsWith("config/certmanager/")).length, 0);
  const crd = renderManifests(model).find((file) => file.path.startsWith("config/crd/bases/"))!;
  assert.doesNotMatch(crd.content, /inject-ca-from/);
});
