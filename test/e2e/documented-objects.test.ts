// The examples written from public CRDs, held against those projects on a real API server. For
// each test/e2e/documented/<example>.yaml, the CRD the generator makes from examples/<example>.yaml
// must accept the objects of that project's documentation and reject what the project's own CRD
// rejects, for the reason the server names. Where the file names the project's real CRD (moved to
// another group so that both can be served), every object goes to both and must get the same
// verdict from each, which also proves the fixtures: an "accepted" object the real CRD refuses, or
// a "rejected" one it accepts, fails here. `stricter` lists what ours refuses on purpose where the
// real CRD accepts (with the reason), `updates` changes that only an update can be refused for
// (immutable fields). Objects are sent as kubectl sends them (fieldValidation=Strict, so an unknown
// field is an error), with dryRun=All except for the objects an update starts from.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { findAssets } from "../../generator/envtest/find-assets.ts";
import { readPinnedVersions } from "../../generator/envtest/versions.ts";
import { checkSpec } from "../../generator/check/check-spec.ts";
import { buildModel } from "../../generator/model/build-model.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import type { ApiAnswer } from "../../generator/server-check/api-client.ts";
import {
  startControlPlane,
  type RunningControlPlane,
} from "../../generator/server-check/control-plane.ts";
import { servedOrWhy, type ServedNames } from "../../generator/server-check/crd-served.ts";
import { examplePath, exampleNames } from "../support.ts";

type Json = Record<string, any>;

/** One object: the whole manifest as documented, or only its spec (a fresh name, namespace default). */
interface Case {
  name: string;
  object?: Json;
  spec?: Json;
  /** For a rejection: the field the server's message names (`<field>: ...`). */
  field?: string;
  /** For a rejection: text the server's message contains (the reason, or a rule's message). */
  says?: string;
}
interface Update extends Case {
  /** The spec the stored object is changed to. */
  change: Json;
}
interface Documented {
  /** The project's own CRD in another group, next to this file; omitted when none is committed. */
  realCrd?: string;
  accepted: Case[];
  rejected: Case[];
  stricter?: Case[];
  updates?: Update[];
}

const assets = findAssets({ env: process.env, versions: readPinnedVersions() });
assert.ok(assets, "these tests need kube-apiserver and etcd: run `npm run envtest` first");

const DIRECTORY = join(import.meta.dirname, "documented");
const DOCUMENTED = exampleNames().filter((name) => existsSync(join(DIRECTORY, `${name}.yaml`)));

let plane: RunningControlPlane;
before(async () => {
  plane = await startControlPlane({
    kubeApiserver: join(assets.path, "kube-apiserver"),
    etcd: join(assets.path, "etcd"),
  });
  for (const namespace of ["default", ...namespacesOf(DOCUMENTED.map(documentedOf))]) {
    const made = await plane.call("POST", "/api/v1/namespaces", {
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: namespace },
    });
    assert.ok(made.status === 201 || made.status === 409, JSON.stringify(made.body));
  }
});
after(() => plane?.stop());

test("every example written from a public CRD has its documented objects", () => {
  assert.deepEqual(DOCUMENTED, ["alertmanager", "backup-storage-location", "minio-tenant"]);
});

for (const example of DOCUMENTED) {
  test(`examples/${example}.yaml: its CRD accepts the documented objects and rejects what the real CRD rejects`, async (t) => {
    const documented = documentedOf(example);
    const generated = await install(generatedCrd(example));
    const real = documented.realCrd
      ? await install(parse(readFileSync(join(DIRECTORY, documented.realCrd), "utf8")) as Json)
      : undefined;
    const both = real ? [generated, real] : [generated];
    // A dry run stores nothing, so documented names may repeat; an update's object is stored.
    let serial = 0;
    const fresh = () => `documented-${++serial}`;
    const nameOf = (doc: Case): string => doc.object?.metadata?.name ?? fresh();

    for (const doc of documented.accepted)
      await t.test(`accepted: ${doc.name}`, async () => {
        const name = nameOf(doc);
        for (const crd of both) {
          const answer = await send(crd, doc, name);
          assert.equal(answer.status, 201, `${crd.label}: ${messageOf(answer)}`);
          // Nothing the documentation sets is pruned away (defaults may be added).
          assert.deepEqual(
            withoutAdded((answer.body as Json).spec, specOf(doc)),
            specOf(doc),
            crd.label,
          );
        }
      });
    for (const doc of documented.rejected)
      await t.test(`rejected: ${doc.name}`, async () => {
        const name = nameOf(doc);
        for (const crd of both) assertRefused(await send(crd, doc, name), doc, crd.label);
      });
    for (const doc of documented.stricter ?? [])
      await t.test(`stricter than the real CRD: ${doc.name}`, async () => {
        const name = nameOf(doc);
        assertRefused(await send(generated, doc, name), doc, generated.label);
        if (real)
          assert.equal((await send(real, doc, name)).status, 201, "the real CRD accepts it");
      });
    for (const doc of documented.updates ?? [])
      await t.test(`update refused: ${doc.name}`, async () => {
        const name = fresh();
        for (const crd of both) {
          const created = await send(crd, doc, name, { dryRun: false });
          assert.equal(created.status, 201, `${crd.label}: ${messageOf(created)}`);
          const changed = { ...(created.body as Json), spec: doc.change };
          const answer = await plane.call("PUT", `${crd.collection(changed)}/${name}`, changed);
          assertRefused(answer, doc, crd.label);
        }
      });
  });
}

interface Served {
  label: string;
  names: ServedNames;
  collection(object: Json): string;
}

function documentedOf(example: string): Documented {
  return parse(readFileSync(join(DIRECTORY, `${example}.yaml`), "utf8")) as Documented;
}

function namespacesOf(files: Documented[]): string[] {
  const all = files.flatMap((f) => [
    ...f.accepted,
    ...f.rejected,
    ...(f.stricter ?? []),
    ...(f.updates ?? []),
  ]);
  return [...new Set(all.map((c) => c.object?.metadata?.namespace).filter(Boolean))];
}

function generatedCrd(example: string): Json {
  const parsed = parseSpec(readFileSync(examplePath(example), "utf8"), "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(
    checkSpec(parsed.spec).filter((d) => d.severity === "error"),
    [],
  );
  return buildCrd(buildModel(parsed.spec.data, parsed.spec.source)) as Json;
}

async function install(crd: Json): Promise<Served> {
  const created = await plane.call(
    "POST",
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    crd,
  );
  assert.equal(created.status, 201, messageOf(created));
  const { group, names, versions } = crd.spec;
  const version = versions.find((v: Json) => v.storage).name as string;
  const served: ServedNames = {
    crdName: crd.metadata.name,
    kind: names.kind,
    group,
    version,
    plural: names.plural,
  };
  assert.equal(await servedOrWhy(plane.call, { api: served }, 30_000), undefined);
  return {
    label: `the ${group.includes(".real.") ? "real" : "generated"} CRD (${crd.metadata.name})`,
    names: served,
    collection: (object) =>
      `/apis/${group}/${version}/namespaces/${object.metadata?.namespace ?? "default"}/${names.plural}`,
  };
}

function specOf(doc: Case): Json | undefined {
  return doc.object ? doc.object.spec : doc.spec;
}

/** The case as an object of `crd`'s kind (the real CRD lives in another group) under `name`. */
async function send(
  crd: Served,
  doc: Case,
  name: string,
  { dryRun = true } = {},
): Promise<ApiAnswer> {
  const object: Json = {
    ...(doc.object ?? {}),
    apiVersion: `${crd.names.group}/${crd.names.version}`,
    kind: crd.names.kind,
    metadata: { ...(doc.object?.metadata ?? {}), name },
  };
  if (doc.spec !== undefined) object.spec = doc.spec;
  const query = `fieldValidation=Strict${dryRun ? "&dryRun=All" : ""}`;
  return plane.call("POST", `${crd.collection(object)}?${query}`, object);
}

/** `stored` with only the keys `sent` has (at every depth): what the server kept of what was sent. */
function withoutAdded(stored: unknown, sent: unknown): unknown {
  if (Array.isArray(stored) && Array.isArray(sent))
    return stored.map((item, i) => withoutAdded(item, sent[i]));
  if (isObject(stored) && isObject(sent))
    return Object.fromEntries(
      Object.keys(sent)
        .filter((key) => key in stored)
        .map((key) => [key, withoutAdded(stored[key], sent[key])]),
    );
  return stored;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function messageOf(answer: ApiAnswer): string {
  return (answer.body as { message?: string }).message ?? JSON.stringify(answer.body);
}

function assertRefused(answer: ApiAnswer, doc: Case, label: string): void {
  assert.ok(doc.field ?? doc.says, `${doc.name}: a rejection names its field or what it says`);
  assert.equal(answer.status, 422, `${label} did not refuse it: ${messageOf(answer)}`);
  const message = messageOf(answer);
  if (doc.field) assert.ok(message.includes(`${doc.field}:`), `${label}: ${message}`);
  if (doc.says) assert.ok(message.includes(doc.says), `${label}: ${message}`);
}
