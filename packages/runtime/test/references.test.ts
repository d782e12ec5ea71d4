import assert from "node:assert/strict";
import { test } from "node:test";
import type { KubernetesObject } from "@kubernetes/client-node";
import type { PartResult } from "../src/parts.ts";
import {
  ReferenceIndex,
  hasDataKey,
  referenceEntries,
  referenceTarget,
  resolveReference,
  resolveReferenceEntries,
  type ReferenceField,
  type ReferenceReader,
  type ReferencedKind,
} from "../src/references.ts";
import type { ObjectKey } from "../src/resource-client.ts";

const SECRET: ReferencedKind = {
  apiVersion: "v1",
  kind: "Secret",
  plural: "secrets",
  anyNamespace: false,
};
const ANY_CONFIG_MAP: ReferencedKind = {
  apiVersion: "v1",
  kind: "ConfigMap",
  plural: "configmaps",
  anyNamespace: true,
};

const credential: ReferenceField = {
  kind: SECRET,
  form: "object",
  key: true,
  path: "spec.credential",
  notFoundReason: "CredentialNotFound",
  keyNotFoundReason: "CredentialKeyNotFound",
};
const byName: ReferenceField = { ...credential, form: "name", key: false, path: "spec.secretName" };
const settings: ReferenceField = {
  ...credential,
  kind: ANY_CONFIG_MAP,
  key: false,
  path: "spec.settings",
};

const owner: KubernetesObject = {
  apiVersion: "x/v1",
  kind: "Widget",
  metadata: { name: "w", namespace: "team" },
};

/** A reader over a fixed set of objects, keyed kind/namespace/name. */
function readerOf(objects: KubernetesObject[]): ReferenceReader {
  return {
    async get(kind: ReferencedKind, key: ObjectKey) {
      return objects.find(
        (o) =>
          o.kind === kind.kind &&
          o.metadata?.name === key.name &&
          o.metadata?.namespace === key.namespace,
      );
    },
  };
}

test("a reference names an object in the owner's namespace unless it may name another", () => {
  assert.deepEqual(referenceTarget(byName, "db", "team")?.key, { namespace: "team", name: "db" });
  assert.deepEqual(referenceTarget(credential, { name: "db", key: "password" }, "team"), {
    kind: SECRET,
    key: { namespace: "team", name: "db" },
    dataKey: "password",
  });
  // A namespace on a same-namespace reference cannot move it (the CRD has no such field anyway).
  assert.equal(
    referenceTarget(credential, { name: "db", namespace: "x", key: "k" }, "team")?.key.namespace,
    "team",
  );
  assert.equal(
    referenceTarget(settings, { name: "s", namespace: "shared" }, "team")?.key.namespace,
    "shared",
  );
  assert.equal(referenceTarget(settings, { name: "s" }, "team")?.key.namespace, "team");
  for (const unset of [undefined, null, "", { name: "" }])
    assert.equal(referenceTarget(credential, unset, "team"), undefined);
});

test("a missing object, and an object without the selected key, block with reasons naming the field", async () => {
  const blocked: PartResult[] = [];
  assert.equal(
    await resolveReference(credential, { name: "db", key: "pw" }, owner, readerOf([]), blocked),
    undefined,
  );
  assert.deepEqual(blocked, [
    {
      ready: false,
      waiting: false,
      reason: "CredentialNotFound",
      message: "Secret db in namespace team (spec.credential) not found",
    },
  ]);
  const secret = {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "db", namespace: "team" },
    data: { user: "eA==" },
  };
  const noKey: PartResult[] = [];
  assert.equal(
    await resolveReference(credential, { name: "db", key: "pw" }, owner, readerOf([secret]), noKey),
    undefined,
  );
  assert.equal(noKey[0]?.reason, "CredentialKeyNotFound");
  const found: PartResult[] = [];
  assert.equal(
    await resolveReference(
      credential,
      { name: "db", key: "user" },
      owner,
      readerOf([secret]),
      found,
    ),
    secret,
  );
  assert.deepEqual(found, []);
});

test("an unset reference needs no reader; a set one without a reader is a wiring error", async () => {
  assert.equal(await resolveReference(byName, undefined, owner, undefined, []), undefined);
  await assert.rejects(resolveReference(byName, "db", owner, undefined, []), /no reference reader/);
});

test("binaryData keys count as data keys", () => {
  assert.equal(hasDataKey({ binaryData: { blob: "AA==" } } as KubernetesObject, "blob"), true);
  assert.equal(hasDataKey({ data: {} } as KubernetesObject, "blob"), false);
});

test("the index maps a referenced object to every object naming it, and forgets replaced names", () => {
  const index = new ReferenceIndex();
  const a = { namespace: "team", name: "a" };
  const b = { namespace: "team", name: "b" };
  const db = { namespace: "team", name: "db" };
  index.set(a, [{ kind: SECRET, key: db }]);
  index.set(b, [
    { kind: SECRET, key: db },
    { kind: SECRET, key: db },
  ]);
  assert.deepEqual(index.referencers(SECRET, db), [a, b]);
  // The same name of another kind is another object.
  assert.deepEqual(index.referencers(ANY_CONFIG_MAP, db), []);
  index.set(a, [{ kind: SECRET, key: { namespace: "team", name: "other" } }]);
  assert.deepEqual(index.referencers(SECRET, db), [b]);
  index.remove(b);
  assert.deepEqual(index.referencers(SECRET, db), []);
  assert.deepEqual(index.referencers(SECRET, { namespace: "team", name: "other" }), [a]);
});

const triggers: ReferenceField = {
  ...credential,
  form: "name",
  key: false,
  path: "spec.triggers[].authenticationRef",
  notFoundReason: "TriggersAuthenticationRefNotFound",
  within: ["triggers", "[]", "authenticationRef"],
};
const sources: ReferenceField = { ...byName, path: "spec.sources{}", within: ["sources", "{}"] };

test("a reference inside list entries and map values: every set entry, with its path", () => {
  const spec = {
    triggers: [{ authenticationRef: "a" }, { type: "cpu" }, { authenticationRef: "b" }],
    sources: { db: "s1", "odd key": "s2" },
  };
  assert.deepEqual(referenceEntries(triggers, spec), [
    { path: "spec.triggers[0].authenticationRef", value: "a" },
    { path: "spec.triggers[2].authenticationRef", value: "b" },
  ]);
  assert.deepEqual(referenceEntries(sources, spec), [
    { path: 'spec.sources["db"]', value: "s1" },
    { path: 'spec.sources["odd key"]', value: "s2" },
  ]);
  assert.deepEqual(referenceEntries(triggers, {}), []);
  assert.deepEqual(referenceEntries(triggers, { triggers: "not a list" }), []);
});

test("list entries resolve shaped like the spec; a missing entry blocks under its own path", async () => {
  const a = { apiVersion: "v1", kind: "Secret", metadata: { name: "a", namespace: "team" } };
  const blocked: PartResult[] = [];
  const resolved = await resolveReferenceEntries(
    triggers,
    { triggers: [{ authenticationRef: "a" }, { type: "cpu" }, { authenticationRef: "gone" }] },
    owner,
    readerOf([a]),
    blocked,
  );
  assert.deepEqual(resolved, [a, undefined, undefined]);
  assert.deepEqual(blocked, [
    {
      ready: false,
      waiting: false,
      reason: "TriggersAuthenticationRefNotFound",
      message: "Secret gone in namespace team (spec.triggers[2].authenticationRef) not found",
    },
  ]);
  const inMap = await resolveReferenceEntries(
    sources,
    { sources: { db: "a" } },
    owner,
    readerOf([a]),
    [],
  );
  assert.deepEqual(inMap, { db: a });
  assert.deepEqual(await resolveReferenceEntries(triggers, {}, owner, undefined, []), []);
});

test("a cluster-scoped kind is named without a namespace, whatever the owner's", () => {
  const ingressClass: ReferenceField = {
    ...byName,
    kind: {
      apiVersion: "networking.k8s.io/v1",
      kind: "IngressClass",
      plural: "ingressclasses",
      anyNamespace: true,
      clusterScoped: true,
    },
    path: "spec.ingressClassName",
  };
  assert.deepEqual(referenceTarget(ingressClass, "nginx", "team")?.key, {
    namespace: undefined,
    name: "nginx",
  });
});

test("a reference in lists within lists: every entry, shaped like the spec", async () => {
  const nested: ReferenceField = {
    ...byName,
    path: "spec.groups[].members[]",
    within: ["groups", "[]", "members", "[]"],
  };
  const a = { apiVersion: "v1", kind: "Secret", metadata: { name: "a", namespace: "team" } };
  const spec = { groups: [{ members: ["a", "b"] }, {}, { members: ["a"] }] };
  assert.deepEqual(
    referenceEntries(nested, spec).map((e) => e.path),
    ["spec.groups[0].members[0]", "spec.groups[0].members[1]", "spec.groups[2].members[0]"],
  );
  const blocked: PartResult[] = [];
  assert.deepEqual(await resolveReferenceEntries(nested, spec, owner, readerOf([a]), blocked), [
    [a, undefined],
    [],
    [a],
  ]);
  assert.deepEqual(
    blocked.map((b) => b.message),
    ["Secret b in namespace team (spec.groups[0].members[1]) not found"],
  );
});
