// The examples and test specs written from public CRDs, held against those projects on a real API
// server. For each test/e2e/documented/<name>.yaml, the CRD the generator makes from
// examples/<name>.yaml (or test/specs/<name>.yaml) must accept the objects of that project's
// documentation and reject what the project's own CRD rejects, for the reason the server names. Where the file names the project's real CRD (moved to
// another group so that both can be served), every object goes to both and must get the same
// verdict from each, which also proves the fixtures: an "accepted" object the real CRD refuses, or
// a "rejected" one it accepts, fails here. Where defaults apply, both must store the same values
// for an accepted object: the defaults the real CRD applies must be the generated CRD's too (it is
// restricted to the fields the spec declares), and a default only the generated CRD applies must be
// listed in `ownDefaults` with the reason. `stricter` lists what ours refuses on purpose where the
// real CRD accepts (with the reason), `looser` what the generator cannot yet refuse as the real
// CRD does (a gap, named), `updates` changes that only an update can be refused for
// (immutable fields). Objects are sent as kubectl sends them (fieldValidation=Strict, so an unknown
// field is an error), with dryRun=All except for the objects an update starts from.

import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
import { examplePath, exampleNames, REPO_ROOT } from "../support.ts";

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
/** A default the generated CRD applies where the real one does not, on purpose. */
interface OwnDefault {
  /** Dotted path under spec; `[]` stands for every item of a list (data[].sourceRef.kind). */
  field: string;
  why: string;
}
interface Documented {
  /** The project's own CRD in another group, next to this file; omitted when none is committed. */
  realCrd?: string;
  accepted: Case[];
  rejected: Case[];
  stricter?: Case[];
  /**
   * What the real CRD refuses and the generated one still accepts: gaps of the generator, each
   * with the reason in its name, kept here so that closing one fails this test until it moves to
   * `rejected`.
   */
  looser?: Case[];
  updates?: Update[];
  ownDefaults?: OwnDefault[];
}

const assets = findAssets({ env: process.env, versions: readPinnedVersions() });
assert.ok(assets, "these tests need kube-apiserver and etcd: run `npm run envtest` first");

const DIRECTORY = join(import.meta.dirname, "documented");
const SPECS_DIRECTORY = join(REPO_ROOT, "test", "specs");
/** Each documented file's name and the operator spec it holds: an example or a test spec. */
const DOCUMENTED: { name: string; spec: string; source: string }[] = [
  ...exampleNames().map((name) => ({
    name,
    spec: examplePath(name),
    source: `examples/${name}.yaml`,
  })),
  ...readdirSync(SPECS_DIRECTORY)
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => ({
      name: file.slice(0, -".yaml".length),
      spec: join(SPECS_DIRECTORY, file),
      source: `test/specs/${file}`,
    })),
].filter(({ name }) => existsSync(join(DIRECTORY, `${name}.yaml`)));

let plane: RunningControlPlane;
before(async () => {
  plane = await startControlPlane({
    kubeApiserver: join(assets.path, "kube-apiserver"),
    etcd: join(assets.path, "etcd"),
  });
  for (const namespace of [
    "default",
    ...namespacesOf(DOCUMENTED.map(({ name }) => documentedOf(name))),
  ]) {
    const made = await plane.call("POST", "/api/v1/namespaces", {
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: namespace },
    });
    assert.ok(made.status === 201 || made.status === 409, JSON.stringify(made.body));
  }
});
after(() => plane?.stop());

test("every example and test spec written from a public CRD has its documented objects", () => {
  assert.deepEqual(
    DOCUMENTED.map(({ source }) => source),
    [
      "examples/alertmanager.yaml",
      "examples/backup-storage-location.yaml",
      "examples/minio-tenant.yaml",
      "test/specs/external-secret.yaml",
      "test/specs/flux-kustomization.yaml",
      "test/specs/pubsub-topic.yaml",
    ],
  );
});

for (const { name: example, spec, source } of DOCUMENTED) {
  test(`${source}: its CRD accepts the documented objects and rejects what the real CRD rejects`, async (t) => {
    const documented = documentedOf(example);
    const generated = await install(generatedCrd(spec));
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
        const stored: unknown[] = [];
        for (const crd of both) {
          const answer = await send(crd, doc, name);
          assert.equal(answer.status, 201, `${crd.label}: ${messageOf(answer)}`);
          // Nothing the documentation sets is pruned away (defaults may be added).
          assert.deepEqual(
            withoutAdded((answer.body as Json).spec, specOf(doc)),
            specOf(doc),
            crd.label,
          );
          stored.push((answer.body as Json).spec);
        }
        // The same defaults: what the real CRD stores, the generated one stores, and nothing more
        // than the generated CRD's own listed defaults.
        if (real)
          assert.deepEqual(
            withoutOwnDefaults(stored[0], stored[1], documented.ownDefaults ?? []),
            stored[1],
            `stored by ${generated.label} (left) and ${real.label} (right)`,
          );
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
    for (const doc of documented.looser ?? [])
      await t.test(`looser than the real CRD: ${doc.name}`, async () => {
        assert.ok(real, "a looser case needs the real CRD");
        const name = nameOf(doc);
        assertRefused(await send(real, doc, name), doc, real.label);
        const answer = await send(generated, doc, name);
        assert.equal(answer.status, 201, `${generated.label}: ${messageOf(answer)}`);
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
    ...(f.looser ?? []),
    ...(f.updates ?? []),
  ]);
  return [...new Set(all.map((c) => c.object?.metadata?.namespace).filter(Boolean))];
}

function generatedCrd(specPath: string): Json {
  const parsed = parseSpec(readFileSync(specPath, "utf8"), "operator.yaml");
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

/**
 * `generated` without the own defaults that `real` does not store (a value sent, which both keep,
 * stays): each field is a dotted path, `[]` standing for every item of a list.
 */
function withoutOwnDefaults(generated: unknown, real: unknown, own: OwnDefault[]): unknown {
  let result = structuredClone(generated);
  for (const { field } of own) result = withoutPath(result, real, field.split("."));
  return result;
}

function withoutPath(value: unknown, real: unknown, [first, ...rest]: string[]): unknown {
  if (first === undefined || !isObject(value)) return value;
  const list = first.endsWith("[]");
  const key = list ? first.slice(0, -2) : first;
  if (!(key in value)) return value;
  const theirs = isObject(real) ? real[key] : undefined;
  if (rest.length === 0 && !list) {
    if (theirs !== undefined) return value;
    const { [key]: _default, ...others } = value;
    return others;
  }
  const inner = value[key];
  const changed =
    list && Array.isArray(inner)
      ? inner.map((item, i) =>
          withoutPath(item, Array.isArray(theirs) ? theirs[i] : undefined, rest),
        )
      : withoutPath(inner, theirs, rest);
  return { ...value, [key]: changed };
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
