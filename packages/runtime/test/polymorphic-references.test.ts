// A polymorphic reference: the kind field beside name chooses which kind is read (a namespaced
// SecretStore or a cluster-scoped ClusterSecretStore), the default kind when it is left out.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { PartResult } from "../src/parts.ts";
import {
  chosenKind,
  ReferenceIndex,
  referencedKinds,
  referenceTarget,
  resolveReference,
  type ReferenceField,
  type ReferencedKind,
} from "../src/references.ts";

const STORE: ReferencedKind = {
  apiVersion: "external-secrets.io/v1",
  kind: "SecretStore",
  plural: "secretstores",
  anyNamespace: false,
};
const CLUSTER_STORE: ReferencedKind = {
  apiVersion: "external-secrets.io/v1",
  kind: "ClusterSecretStore",
  plural: "clustersecretstores",
  anyNamespace: true,
  clusterScoped: true,
};

const storeRef: ReferenceField = {
  kind: STORE,
  chosenBy: { field: "kind", kinds: [STORE, CLUSTER_STORE], default: "SecretStore" },
  form: "object",
  key: false,
  path: "spec.secretStoreRef",
  notFoundReason: "SecretStoreRefNotFound",
  keyNotFoundReason: "SecretStoreRefKeyNotFound",
};

const owner: KubernetesObject = {
  apiVersion: "external-secrets.io/v1",
  kind: "ExternalSecret",
  metadata: { name: "db", namespace: "team" },
};

test("the kind field chooses the kind; left out, the default kind", () => {
  assert.deepEqual(referencedKinds(storeRef), [STORE, CLUSTER_STORE]);
  assert.equal(chosenKind(storeRef, { name: "s" }), STORE);
  assert.equal(chosenKind(storeRef, { name: "s", kind: "ClusterSecretStore" }), CLUSTER_STORE);
  assert.equal(chosenKind(storeRef, { name: "s", kind: "Vault" }), undefined);
  assert.deepEqual(referenceTarget(storeRef, { name: "s" }, "team"), {
    kind: STORE,
    key: { namespace: "team", name: "s" },
  });
  // The cluster-scoped kind is named without a namespace.
  assert.deepEqual(referenceTarget(storeRef, { name: "s", kind: "ClusterSecretStore" }, "team"), {
    kind: CLUSTER_STORE,
    key: { namespace: undefined, name: "s" },
  });
  // An optional name left out names nothing; without a default, neither does a missing kind.
  assert.equal(referenceTarget(storeRef, { kind: "SecretStore" }, "team"), undefined);
  const required: ReferenceField = {
    ...storeRef,
    chosenBy: { ...storeRef.chosenBy!, default: undefined },
  };
  assert.equal(referenceTarget(required, { name: "s" }, "team"), undefined);
});

test("resolution reads the chosen kind, and Ready's message names it", async () => {
  const clusterStore: KubernetesObject = {
    apiVersion: CLUSTER_STORE.apiVersion,
    kind: "ClusterSecretStore",
    metadata: { name: "shared" },
  };
  const asked: string[] = [];
  const reader = {
    async get(kind: ReferencedKind, key: { namespace?: string; name: string }) {
      asked.push(`${kind.kind} ${key.namespace ?? "-"}/${key.name}`);
      return kind.kind === "ClusterSecretStore" && key.name === "shared" ? clusterStore : undefined;
    },
  };
  const blocked: PartResult[] = [];
  const found = await resolveReference(
    storeRef,
    { name: "shared", kind: "ClusterSecretStore" },
    owner,
    reader,
    blocked,
  );
  assert.equal(found, clusterStore);
  assert.equal(blocked.length, 0);
  // Switched to the namespaced kind: read in the owner's namespace, and missing there.
  const missing = await resolveReference(storeRef, { name: "shared" }, owner, reader, blocked);
  assert.equal(missing, undefined);
  assert.deepEqual(asked, ["ClusterSecretStore -/shared", "SecretStore team/shared"]);
  assert.equal(blocked.length, 1);
  assert.equal(blocked[0]!.reason, "SecretStoreRefNotFound");
  assert.equal(
    blocked[0]!.message,
    "SecretStore shared in namespace team (spec.secretStoreRef) not found",
  );
});

test("the index follows a switch of kind: the old kind's object no longer requeues the owner", () => {
  const index = new ReferenceIndex();
  const ownerKey = { namespace: "team", name: "db" };
  const before = referenceTarget(storeRef, { name: "s" }, "team")!;
  index.set(ownerKey, [before]);
  assert.deepEqual(index.referencers(STORE, { namespace: "team", name: "s" }), [ownerKey]);
  const after = referenceTarget(storeRef, { name: "s", kind: "ClusterSecretStore" }, "team")!;
  index.set(ownerKey, [after]);
  assert.deepEqual(index.referencers(STORE, { namespace: "team", name: "s" }), []);
  assert.deepEqual(index.referencers(CLUSTER_STORE, { name: "s" }), [ownerKey]);
});
