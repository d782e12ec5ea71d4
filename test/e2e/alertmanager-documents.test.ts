// The examples written from public CRDs against the real thing: objects taken from that project's
// documentation must be accepted by the CRD the generator writes, and objects the real CRD
// refuses must be refused, on the same field. Both CRDs are served side by side by a real
// kube-apiserver (the real one moved to another group, test/documents/*-real-crd.yaml), and every
// object is sent to both with a server-side dry run, so the test also proves the fixtures: an
// "accepted" object the real CRD refuses, or a "rejected" one it accepts, fails here too.

import type { KubeConfig } from "@kubernetes/client-node";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { RequestOptions } from "node:https";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { buildModel } from "../../generator/model/build-model.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import { examplePath, REPO_ROOT } from "../support.ts";

interface Documents {
  accepted: { name: string; spec: unknown }[];
  rejected: { name: string; spec: unknown; field: string }[];
}
interface Crd {
  metadata: { name: string };
  spec: { group: string; names: { plural: string; kind: string }; versions: { name: string }[] };
}

interface Harness {
  sharedControlPlane(options: {
    crdDirectory: null;
  }): Promise<{ admin: KubeConfig; server: string }>;
}
interface HttpsClient {
  sendRequest(
    url: URL,
    options: RequestOptions,
    payload: string | undefined,
    what: string,
  ): Promise<{ status: number; body: string }>;
}
const envtest = (file: string) =>
  pathToFileURL(join(REPO_ROOT, "templates/project/test/envtest", file)).href;
const { sharedControlPlane } = (await import(envtest("control-plane.ts"))) as Harness;
const { sendRequest } = (await import(envtest("https-client.ts"))) as HttpsClient;

const plane = await sharedControlPlane({ crdDirectory: null });

async function request(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  const options: RequestOptions = {
    method,
    headers: { "content-type": "application/json" },
    timeout: 30_000,
  };
  await plane.admin.applyToHTTPSOptions(options);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return sendRequest(new URL(path, plane.server), options, payload, `${method} ${path}`);
}

async function install(crd: Crd): Promise<void> {
  const created = await request(
    "POST",
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    crd,
  );
  assert.equal(created.status, 201, created.body);
  for (let i = 0; i < 100; i++) {
    const got = await request(
      "GET",
      `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`,
    );
    const conditions = (
      JSON.parse(got.body) as { status?: { conditions?: { type: string; status: string }[] } }
    ).status?.conditions;
    if (conditions?.some((c) => c.type === "Established" && c.status === "True")) {
      // Established is set before the new resource is served everywhere; wait for discovery.
      const served = await request("GET", `/apis/${crd.spec.group}/${crd.spec.versions[0]!.name}`);
      if (served.status === 200 && served.body.includes(`"${crd.spec.names.plural}"`)) return;
    }
    await sleep(100);
  }
  assert.fail(`${crd.metadata.name} was not established`);
}

/** undefined when the server accepts the object (dry run), else its message. */
async function verdict(crd: Crd, spec: unknown, name: string): Promise<string | undefined> {
  const { group, names, versions } = crd.spec;
  const response = await request(
    "POST",
    `/apis/${group}/${versions[0]!.name}/namespaces/default/${names.plural}?dryRun=All`,
    {
      apiVersion: `${group}/${versions[0]!.name}`,
      kind: names.kind,
      metadata: { name },
      spec,
    },
  );
  if (response.status === 201) return undefined;
  assert.equal(response.status, 422, response.body);
  return (JSON.parse(response.body) as { message: string }).message;
}

for (const example of ["alertmanager"]) {
  test(`examples/${example}.yaml: documented objects accepted and what the real CRD refuses refused`, async (t) => {
    const parsed = parseSpec(readFileSync(examplePath(example), "utf8"), "operator.yaml");
    assert.ok(parsed.ok);
    const generated = buildCrd(buildModel(parsed.spec.data, "")) as Crd;
    const real = parse(
      readFileSync(join(REPO_ROOT, "test/documents", `${example}-real-crd.yaml`), "utf8"),
    ) as Crd;
    const documents = parse(
      readFileSync(join(REPO_ROOT, "test/documents", `${example}.yaml`), "utf8"),
    ) as Documents;
    await install(generated);
    await install(real);
    let n = 0;
    for (const doc of documents.accepted) {
      await t.test(`accepted: ${doc.name}`, async () => {
        const name = `doc-${++n}`;
        assert.equal(await verdict(real, doc.spec, name), undefined, "the real CRD");
        assert.equal(await verdict(generated, doc.spec, name), undefined, "the generated CRD");
      });
    }
    for (const doc of documents.rejected) {
      await t.test(`rejected: ${doc.name}`, async () => {
        const name = `doc-${++n}`;
        const fromReal = await verdict(real, doc.spec, name);
        assert.ok(fromReal?.includes(`${doc.field}:`), `the real CRD: ${fromReal ?? "accepted"}`);
        const fromGenerated = await verdict(generated, doc.spec, name);
        assert.ok(
          fromGenerated?.includes(`${doc.field}:`),
          `the generated CRD: ${fromGenerated ?? "accepted"}`,
        );
      });
    }
  });
}
