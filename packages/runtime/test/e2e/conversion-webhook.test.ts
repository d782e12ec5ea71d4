// The conversion webhook, its certificates and the storage migrator against the real
// kube-apiserver: a hand-written two-version CRD (v1 says `size`, v2 says `replicas`) whose
// conversion the API server sends to https://127.0.0.1:<port>/convert, trusting only the CA bundle
// the operator injected. The certificates live as long as in production, except in the rotation
// test, which has a CA and serving certificates of its own that expire within seconds.

import {
  ApiException,
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  EventsV1Api,
  type EventsV1Event,
  PatchStrategy,
  RbacAuthorizationV1Api,
  setHeaderOptions,
  type V1CustomResourceDefinition,
  V1MicroTime,
} from "@kubernetes/client-node";
import { FaultProxy, freePort, pollUntil, sharedControlPlane } from "@create-operator/envtest";
import assert from "node:assert/strict";
import { X509Certificate } from "node:crypto";
import { after, before, test } from "node:test";
import type { TLSSocket } from "node:tls";
import type { JsonObject, KindConversion } from "../../src/conversion/converters.ts";
import {
  startConversionWebhook,
  type ConversionWebhook,
} from "../../src/conversion/webhook-server.ts";
import { WebhookCertificates } from "../../src/conversion/webhook-certificates.ts";
import { SecretWebhookCertificates } from "../../src/conversion/secret-certificates.ts";
import {
  certificateAuthority,
  issueServingCertificate,
  type CertificatePem,
} from "../../src/self-signed-certificate.ts";
import { migrateStorage } from "../../src/conversion/storage-migration.ts";
import { plannedConverter } from "../../src/conversion/planned-converter.ts";
import { StorageMigrator } from "../../src/conversion/storage-migrator.ts";
import { Manager } from "../../src/manager.ts";
import { KubeEventRecorder } from "../../src/events.ts";
import { silentLogger } from "../../src/logger.ts";
import { OperatorMetrics } from "../../src/metrics.ts";

const plane = await sharedControlPlane({ crdDirectory: null });
const extensions = plane.admin.makeApiClient(ApiextensionsV1Api);
const custom = plane.admin.makeApiClient(CustomObjectsApi);
const metrics = new OperatorMetrics({ processMetrics: false });

const GROUP = "conversion.example.com";
const MIGRATION_GROUP = "migration.example.com";
const MANAGED_GROUP = "managed.example.com";
const HOOKED_GROUP = "hooked.example.com";
const EVENTS_GROUP = "events.example.com";
/** Served by a second webhook whose certificate comes from a Secret, as cert-manager writes it. */
const ISSUED_GROUP = "issued.example.com";
const spec = (object: JsonObject) => (object.spec ?? {}) as JsonObject;

/** Hub v2; v1's `size` is v2's `replicas`. A v1 size of 13 makes the converter throw. */
const widgets = (group: string): KindConversion => ({
  group,
  kind: "Widget",
  hub: "v2",
  spokes: {
    v1: {
      toHub: (object) => {
        if (spec(object).size === 13) throw new Error("size 13 has no v2 equivalent");
        return { ...object, spec: { replicas: spec(object).size } };
      },
      fromHub: (object) => ({ ...object, spec: { size: spec(object).replicas } }),
    },
  },
});

/**
 * As a generated project converts: a plan, and a user's hook for the one field whose name and
 * type the spec cannot relate (v1 size, v2 replicas, integers both). The hook is wrong for some
 * sizes, as hand-written code can be: 13 throws, 14 returns text, 15 returns nothing.
 */
const hookedWidgets: KindConversion = {
  group: HOOKED_GROUP,
  kind: "Widget",
  hub: "v2",
  spokes: {
    v1: plannedConverter({
      hub: "v2",
      version: "v1",
      annotation: `${HOOKED_GROUP}/conversion-data`,
      plan: {
        copy: [],
        hubOnly: [],
        versionOnly: [],
        hooked: [
          {
            hub: "spec.replicas",
            version: "spec.size",
            types: { hub: { type: "integer" }, version: { type: "integer" } },
          },
        ],
      },
      hooks: {
        "spec.size": {
          toHub: (size: number) => {
            if (size === 13) throw new Error("size 13 has no v2 equivalent");
            if (size === 14) return "fourteen";
            if (size === 15) return undefined;
            return size;
          },
          fromHub: (replicas: number) => replicas,
        },
      },
    }),
  },
};

const port = await freePort();
const namespace = await plane.createNamespace("conversion");
let webhook: ConversionWebhook | undefined;
let certificates: WebhookCertificates;

const startWebhook = async () => {
  webhook = await startConversionWebhook({
    // one server
    conversions: [
      widgets(GROUP),
      widgets(MIGRATION_GROUP),
      widgets(MANAGED_GROUP),
      widgets(EVENTS_GROUP),
      hookedWidgets,
    ],
    port,
    host: "127.0.0.1",
    certificate: certificates.certificate!,
    logger: silentLogger,
    metrics: metrics.conversion(),
  });
};

before(async () => {
  await installCrd(GROUP, "v1");
  await installCrd(MIGRATION_GROUP, "v1");
  await installCrd(MANAGED_GROUP, "v1");
  await installCrd(HOOKED_GROUP, "v2");
  await installCrd(EVENTS_GROUP, "v1");
  certificates = new WebhookCertificates({
    kubeConfig: plane.admin,
    secret: { namespace, name: "webhook-ca" },
    crdNames: [GROUP, MIGRATION_GROUP, MANAGED_GROUP, HOOKED_GROUP, EVENTS_GROUP].map(
      (g) => `widgets.${g}`,
    ),
    dnsNames: ["localhost"],
    ipAddresses: ["127.0.0.1"],
    logger: silentLogger,
    onCertificate: (pem) => webhook?.setCertificate(pem),
  });
  await certificates.start();
  await startWebhook();
  assert.equal(certificates.ready, true, "ready once the serving CA is in both CRDs");
});

after(async () => {
  certificates.stop();
  await webhook?.stop();
});

test("an object created in v1 reads in v2 through the webhook and lists in both", async () => {
  await create(GROUP, "v1", "first", { size: 3 });
  // Ready (before()) means the API server can verify the webhook: the first read converts.
  const v2 = await read(GROUP, "v2", "first");
  assert.equal(v2.apiVersion, `${GROUP}/v2`);
  assert.deepEqual(v2.spec, { replicas: 3 });
  const listV1 = await list(GROUP, "v1");
  const listV2 = await list(GROUP, "v2");
  assert.deepEqual(
    listV1.map((o) => o.spec),
    [{ size: 3 }],
  );
  assert.deepEqual(
    listV2.map((o) => [o.apiVersion, o.spec]),
    [[`${GROUP}/v2`, { replicas: 3 }]],
  );
  await create(GROUP, "v2", "second", { replicas: 5 });
  assert.deepEqual((await read(GROUP, "v1", "second")).spec, { size: 5 });
  const exposition = await metrics.registry.getSingleMetricAsString(
    "operator_conversion_webhook_duration_seconds",
  );
  assert.match(
    exposition,
    /_count\{kind="Widget.conversion.example.com",desired_api_version="conversion.example.com\/v2",result="success"\} [1-9]/,
  );
});

test("a converter that throws gives the API server's conversion error; the operator goes on", async () => {
  await create(GROUP, "v1", "unlucky", { size: 13 }); // stored as it is: no conversion
  const error = await read(GROUP, "v2", "unlucky").then(
    () => assert.fail("read in v2 should fail"),
    (err: unknown) => err,
  );
  assert.ok(error instanceof ApiException);
  assert.equal(error.code, 500);
  assert.match(
    String(error.body),
    /conversion webhook for conversion.example.com\/v1, Kind=Widget failed/,
  );
  assert.match(String(error.body), /size 13 has no v2 equivalent/);
  // The same process answers the next review.
  assert.deepEqual((await read(GROUP, "v1", "first")).spec, { size: 3 });
  const failures = await metrics.registry.getSingleMetricAsString(
    "operator_conversion_webhook_failures_total",
  );
  assert.match(failures, /desired_api_version="conversion.example.com\/v2"\} [1-9]/);
});

test("a field hook that throws or returns a value of the wrong type fails the write with the API server's conversion error; nothing is stored, the webhook goes on", async () => {
  const cases: Array<[number, RegExp]> = [
    [13, /size 13 has no v2 equivalent/],
    [
      14,
      /toHub hook of v1 spec\.size returned \\"fourteen\\" \(string\), not an integer for spec\.replicas/,
    ],
    [15, /toHub hook of v1 spec\.size returned nothing for spec\.replicas/],
  ];
  for (const [size, message] of cases) {
    const name = `hooked-${size}`;
    // Stored in v2: a v1 create converts before it is stored.
    await assert.rejects(
      create(HOOKED_GROUP, "v1", name, { size }),
      (err: unknown) => {
        assert.ok(err instanceof ApiException, String(err));
        assert.match(
          String(err.body),
          /conversion webhook for hooked.example.com\/v2, Kind=Widget failed|conversion webhook for hooked.example.com\/v1, Kind=Widget failed/,
        );
        assert.match(String(err.body), message);
        return true;
      },
      `size ${size} was stored`,
    );
    await assert.rejects(read(HOOKED_GROUP, "v2", name), /404|NotFound|not found/i, "not stored");
  }
  await create(HOOKED_GROUP, "v1", "hooked-3", { size: 3 });
  assert.deepEqual((await read(HOOKED_GROUP, "v2", "hooked-3")).spec, { replicas: 3 });
});

test("with the webhook down reads in the storage version work, others fail, and recover", async () => {
  await webhook!.stop();
  try {
    assert.deepEqual((await read(GROUP, "v1", "first")).spec, { size: 3 });
    await assert.rejects(read(GROUP, "v2", "first"), (err: unknown) => {
      assert.ok(err instanceof ApiException);
      assert.match(
        String(err.body),
        /conversion webhook for conversion.example.com\/v1, Kind=Widget failed/,
      );
      return true;
    });
  } finally {
    await startWebhook();
  }
  assert.deepEqual((await read(GROUP, "v2", "first")).spec, { replicas: 3 });
});

test("rotated serving certificates and a rotated CA are picked up with no failed conversion", async () => {
  // Certificates of their own for this test, so its clock starts here: serving certificates of 4 s
  // renewed 2 s before their end, a CA of 12 s replaced 7 s before its end (about 5 s from now),
  // and a second in the bundle before serving certificates move to the new CA.
  certificates.stop();
  const rotating = new WebhookCertificates({
    kubeConfig: plane.admin,
    secret: { namespace, name: "rotating-ca" },
    crdNames: [`widgets.${GROUP}`],
    dnsNames: ["localhost"],
    ipAddresses: ["127.0.0.1"],
    logger: silentLogger,
    onCertificate: (pem) => webhook?.setCertificate(pem),
    servingValidityMs: 4_000,
    servingRenewBeforeMs: 2_000,
    caValidityMs: 12_000,
    caRenewBeforeMs: 7_000,
    caPropagationMs: 1_000,
    checkIntervalMs: 250,
  });
  webhook!.setCertificate(await rotating.start());
  const serials = new Set<string>();
  const issuers = new Set<string>();
  const onHandshake = (socket: TLSSocket) => {
    const served = socket.getCertificate() as { serialNumber?: string; issuer?: { CN?: string } };
    if (!served.issuer?.CN?.startsWith("rotating-ca.")) return;
    serials.add(served.serialNumber ?? "");
    issuers.add(served.issuer.CN);
  };
  webhook!.server.on("secureConnection", onHandshake);
  let conversions = 0;
  let bothInBundle = false;
  const deadline = Date.now() + 20_000;
  try {
    // Until the API server has been served certificates of both CAs, at most 20 s.
    while (issuers.size < 2 || serials.size < 3) {
      assert.ok(Date.now() < deadline, `no CA rotation within 20 s (${serials.size} served)`);
      // A new connection per round, as the API server opens them when idle ones time out.
      webhook!.server.closeIdleConnections();
      assert.deepEqual((await read(GROUP, "v2", "first")).spec, { replicas: 3 });
      conversions++;
      bothInBundle ||= (await bundleIssuers(`widgets.${GROUP}`)).length >= 2;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    webhook!.server.off("secureConnection", onHandshake);
    rotating.stop();
    webhook!.setCertificate(await certificates.start()); // back to the long-lived ones
  }
  assert.ok(bothInBundle, "old and new CA were in the bundle together");
  process.stdout.write(
    `# rotation: ${conversions} conversions, ${serials.size} serving certificates of 2 CAs, none failed\n`,
  );
});

test("storage migration re-encodes every object in the new storage version and drops v1", async () => {
  const names = Array.from({ length: 20 }, (_, i) => `m${i}`);
  for (const name of names) await create(MIGRATION_GROUP, "v1", name, { size: 2 });
  assert.match(await stored(MIGRATION_GROUP, "m0"), /^{"apiVersion":"migration.example.com\/v1"/);
  await switchStorage(MIGRATION_GROUP, "v2");
  let crd = await extensions.readCustomResourceDefinition({ name: `widgets.${MIGRATION_GROUP}` });
  assert.deepEqual(crd.status?.storedVersions, ["v1", "v2"]);
  // Changing the storage version rewrites nothing by itself.
  assert.match(await stored(MIGRATION_GROUP, "m0"), /^{"apiVersion":"migration.example.com\/v1"/);

  // Through a fault proxy: three writes lose a race (409) and the second page's continue token has
  // expired (410), as on a busy cluster; the migration re-reads and re-lists.
  const proxy = await FaultProxy.start(plane.admin);
  after(() => proxy.stop());
  const resource = `widgets.${MIGRATION_GROUP}`;
  const conflicts = proxy.inject({
    verb: "update",
    resource,
    times: 3,
    fault: { type: "status", code: 409, message: "the object has been modified" },
  });
  let lists = 0;
  const expired = proxy.inject({
    verb: "list",
    resource,
    when: () => ++lists === 2,
    fault: { type: "status", code: 410, message: "the provided continue parameter is too old" },
  });
  const started = performance.now();
  const result = await migrateStorage({
    kubeConfig: proxy.kubeConfig(),
    crdName: `widgets.${MIGRATION_GROUP}`,
    logger: silentLogger,
    metrics: metrics.migration(),
    pageSize: 7, // three pages
    writesPerSecond: 200,
  });
  const ms = performance.now() - started;
  assert.deepEqual(result, { storageVersion: "v2", migrated: 20, storedVersions: ["v2"] });
  assert.equal(conflicts.hits, 3);
  assert.equal(expired.hits, 1);
  assert.equal(proxy.count("get", resource), 3, "each conflict re-read its object");
  for (const name of names) {
    const bytes = await stored(MIGRATION_GROUP, name);
    assert.match(bytes, /^{"apiVersion":"migration.example.com\/v2"/, name);
    assert.match(bytes, /"replicas":2/, name);
  }
  crd = await extensions.readCustomResourceDefinition({ name: `widgets.${MIGRATION_GROUP}` });
  assert.deepEqual(crd.status?.storedVersions, ["v2"]);
  const migrated = await metrics.registry.getSingleMetricAsString(
    "operator_storage_migration_objects_migrated_total",
  );
  assert.match(migrated, /crd="widgets.migration.example.com"\} 20/);
  // The old version can now leave the CRD; before the migration the API server refuses that.
  crd.spec.versions = crd.spec.versions.filter((version) => version.name !== "v1");
  await extensions.replaceCustomResourceDefinition({ name: crd.metadata!.name!, body: crd });
  // A second run has nothing to do.
  const again = await migrateStorage({
    kubeConfig: plane.admin,
    crdName: `widgets.${MIGRATION_GROUP}`,
    logger: silentLogger,
  });
  assert.equal(again.migrated, 0);
  process.stdout.write(`# storage migration of 20 objects: ${Math.round(ms)} ms\n`);
});

test("the manager runs the storage migrator among its controllers, while leading", async () => {
  for (const name of ["a", "b", "c"]) await create(MANAGED_GROUP, "v1", name, { size: 1 });
  await switchStorage(MANAGED_GROUP, "v2");
  const migrator = new StorageMigrator({
    kubeConfig: plane.admin,
    crdNames: [`widgets.${MANAGED_GROUP}`],
    logger: silentLogger,
  });
  const manager = new Manager({
    controllers: [migrator],
    logger: silentLogger,
    leaderElection: undefined, // leads at once
    drainTimeoutMs: 1_000,
    exit: () => {},
  });
  await manager.start();
  await migrator.done();
  const crd = await extensions.readCustomResourceDefinition({ name: `widgets.${MANAGED_GROUP}` });
  assert.deepEqual(crd.status?.storedVersions, ["v2"]);
  for (const name of ["a", "b", "c"])
    assert.match(await stored(MANAGED_GROUP, name), /^{"apiVersion":"managed.example.com\/v2"/);
  await manager.shutdown("SIGTERM");
});

test("the migrator reports its start, a failed run and its completion as Events about the CRD", async () => {
  const crdName = `widgets.${EVENTS_GROUP}`;
  for (const name of ["e1", "e2"]) await create(EVENTS_GROUP, "v1", name, { size: 1 });
  await switchStorage(EVENTS_GROUP, "v2");
  // The first re-write meets a server error: that run fails, the next one migrates.
  const proxy = await FaultProxy.start(plane.admin);
  after(() => proxy.stop());
  const failed = proxy.inject({
    verb: "update",
    resource: crdName,
    times: 1,
    fault: { type: "status", code: 500, message: "etcdserver: request timed out" },
  });
  const events = new KubeEventRecorder(plane.admin, {
    reportingController: "example.com/widget-operator",
    reportingInstance: "test",
    logger: silentLogger,
  });
  const migrator = new StorageMigrator({
    kubeConfig: proxy.kubeConfig(),
    crdNames: [crdName],
    logger: silentLogger,
    events,
    backoff: { initialMs: 50, maxMs: 50 },
  });
  migrator.setLeading(true);
  await migrator.done();
  await events.flush();
  assert.equal(failed.hits, 1);
  const crd = await extensions.readCustomResourceDefinition({ name: crdName });
  assert.deepEqual(crd.status?.storedVersions, ["v2"]);
  // A cluster-scoped object's Events live in default, as client-go's recorders put them.
  const found = (
    await plane.admin.makeApiClient(EventsV1Api).listNamespacedEvent({
      namespace: "default",
      fieldSelector: `regarding.name=${crdName}`,
    })
  ).items;
  const summary = (event: EventsV1Event) => [event.type, event.reason, event.note];
  assert.deepEqual(found.map(summary).sort(), [
    [
      "Normal",
      "StorageMigrationStarted",
      "migrating stored objects from v1 to v2 (storedVersions: v1, v2)",
    ],
    [
      "Normal",
      "StorageMigrationSucceeded",
      "re-wrote 2 objects in v2; removed v1 from status.storedVersions",
    ],
    ["Warning", "StorageMigrationFailed", found.find((e) => e.type === "Warning")?.note],
  ]);
  const warning = found.find((event) => event.type === "Warning")!;
  assert.match(
    warning.note ?? "",
    /^storage migration to v2 failed after re-writing 0 objects: .*etcdserver: request timed out/,
  );
  // Two runs started with the same note: one Event, counted as a series.
  const started = found.find((event) => event.reason === "StorageMigrationStarted")!;
  assert.equal(started.series?.count, 2);
  assert.equal(started.regarding?.kind, "CustomResourceDefinition");
  assert.equal(started.regarding?.uid, crd.metadata?.uid);
  assert.equal(started.action, "MigrateStorage");
});

test("the API server keeps Events about a cluster-scoped object out of other namespaces", async () => {
  // Why the migrator's Events go to default and not to the operator's namespace: the API server
  // refuses an events.k8s.io Event whose regarding object has no namespace anywhere but in
  // default or kube-system.
  await assert.rejects(
    plane.admin.makeApiClient(EventsV1Api).createNamespacedEvent({
      namespace,
      body: {
        metadata: { name: "crd-event", namespace },
        eventTime: new V1MicroTime(),
        reportingController: "example.com/widget-operator",
        reportingInstance: "test",
        action: "MigrateStorage",
        reason: "StorageMigrationStarted",
        type: "Normal",
        regarding: {
          apiVersion: "apiextensions.k8s.io/v1",
          kind: "CustomResourceDefinition",
          name: `widgets.${EVENTS_GROUP}`,
        },
      },
    }),
    (err: unknown) => {
      assert.ok(err instanceof ApiException);
      assert.equal(err.code, 422);
      assert.match(String(err.body), /does not match event.namespace/);
      return true;
    },
  );
});

test("cert-manager's way: served from the Secret it writes, ready once cainjector's CA is in the CRD, renewals picked up with no failed conversion", async () => {
  const crdName = `widgets.${ISSUED_GROUP}`;
  const issuedPort = await freePort();
  await installCrd(ISSUED_GROUP, "v1", issuedPort);
  await create(ISSUED_GROUP, "v1", "issued", { size: 4 });
  // What cert-manager does: a CA Issuer signs the serving certificate into a kubernetes.io/tls
  // Secret, tls.crt, tls.key and the CA as ca.crt.
  const ca = certificateAuthority({ commonName: "issued-ca", validDays: 30 });
  const issue = (by: CertificatePem) =>
    issueServingCertificate(by, {
      commonName: "localhost",
      dnsNames: ["localhost"],
      ipAddresses: ["127.0.0.1"],
      validDays: 10,
    });
  const secretName = "webhook-server-cert";
  const core = plane.admin.makeApiClient(CoreV1Api);
  const writeSecret = async (leaf: CertificatePem, by: CertificatePem) => {
    const data = {
      "tls.crt": Buffer.from(leaf.certificate).toString("base64"),
      "tls.key": Buffer.from(leaf.privateKey).toString("base64"),
      "ca.crt": Buffer.from(by.certificate).toString("base64"),
    };
    const metadata = { name: secretName, namespace };
    await core
      .replaceNamespacedSecret({
        name: secretName,
        namespace,
        body: { metadata, type: "kubernetes.io/tls", data },
      })
      .catch(() =>
        core.createNamespacedSecret({
          namespace,
          body: { metadata, type: "kubernetes.io/tls", data },
        }),
      );
  };
  // What cainjector does: the CA from the Secret's ca.crt becomes the CRD's whole bundle.
  const inject = (by: CertificatePem) =>
    extensions.patchCustomResourceDefinition(
      {
        name: crdName,
        body: {
          spec: {
            conversion: {
              webhook: {
                clientConfig: { caBundle: Buffer.from(by.certificate).toString("base64") },
              },
            },
          },
        },
      },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
  const first = issue(ca);
  await writeSecret(first, ca);
  // The operator's rights in this mode: get on the one Secret and on the CRD, nothing to write.
  const user = "cert-manager-mode-operator";
  await grant(user, namespace, secretName, crdName);
  const source = new SecretWebhookCertificates({
    kubeConfig: await plane.userConfig(user),
    secret: { namespace, name: secretName },
    crdNames: [crdName],
    logger: silentLogger,
    checkIntervalMs: 100,
    onCertificate: (pem) => issued?.setCertificate(pem),
  });
  let issued: ConversionWebhook | undefined;
  after(async () => {
    source.stop();
    await issued?.stop();
  });
  const serving = await source.start();
  assert.equal(serving.certificate, first.certificate);
  issued = await startConversionWebhook({
    conversions: [widgets(ISSUED_GROUP)],
    port: issuedPort,
    host: "127.0.0.1",
    certificate: serving,
    logger: silentLogger,
  });
  assert.equal(source.ready, false, "not ready while the CRD trusts no CA");
  await inject(ca);
  await source.sync();
  assert.equal(source.ready, true, "ready once the CRD holds the serving certificate's CA");
  // The API server applies the CRD change within a moment.
  await pollUntil(
    Date.now() + 10_000,
    50,
    () =>
      read(ISSUED_GROUP, "v2", "issued").then(
        () => true,
        () => undefined,
      ),
    () => "never converted through the webhook served from the Secret",
  );

  // cert-manager renews the serving certificate under the same CA: picked up, nothing fails.
  const serials = new Set<string>();
  const onHandshake = (socket: TLSSocket) =>
    serials.add((socket.getCertificate() as { serialNumber?: string }).serialNumber ?? "");
  issued.server.on("secureConnection", onHandshake);
  const renewed = issue(ca);
  const renewedSerial = new X509Certificate(renewed.certificate).serialNumber;
  await writeSecret(renewed, ca);
  let conversions = 0;
  const deadline = Date.now() + 10_000;
  while (!serials.has(renewedSerial)) {
    assert.ok(Date.now() < deadline, "the renewed certificate was never served");
    issued.server.closeIdleConnections(); // a new handshake per round
    assert.deepEqual((await read(ISSUED_GROUP, "v2", "issued")).spec, { replicas: 4 });
    conversions++;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  issued.server.off("secureConnection", onHandshake);
  assert.equal(source.certificate?.certificate, renewed.certificate);
  assert.equal(source.ready, true);

  // A certificate of a new CA waits until the CRD trusts that CA, then is served.
  const nextCa = certificateAuthority({ commonName: "issued-ca-2", validDays: 30 });
  const underNextCa = issue(nextCa);
  await writeSecret(underNextCa, nextCa);
  await source.sync();
  assert.equal(source.certificate?.certificate, renewed.certificate, "still the trusted one");
  assert.equal(source.ready, true);
  await inject(nextCa);
  await source.sync();
  assert.equal(source.certificate?.certificate, underNextCa.certificate);
  assert.equal(source.ready, true);
  process.stdout.write(`# cert-manager renewal: ${conversions} conversions, none failed\n`);
});

test("replicas starting together share one CA; readiness waits for the injection", async () => {
  const replica = (crdNames: string[]) =>
    new WebhookCertificates({
      kubeConfig: plane.admin,
      secret: { namespace, name: "race-ca" },
      crdNames,
      dnsNames: ["localhost"],
      logger: silentLogger,
    });
  // No CRD of this name: the bundle cannot be injected anywhere.
  const replicas = [
    replica(["widgets.absent.example.com"]),
    replica(["widgets.absent.example.com"]),
  ];
  const [a, b] = await Promise.all(replicas.map((r) => r.start()));
  replicas.forEach((r) => r.stop());
  const issuer = (pem: string) => new X509Certificate(pem).issuer;
  assert.equal(issuer(a!.certificate), issuer(b!.certificate), "one CA for both (create-or-get)");
  const secret = await plane.admin
    .makeApiClient(CoreV1Api)
    .readNamespacedSecret({ namespace, name: "race-ca" });
  const ca = Buffer.from(secret.data!["ca.crt"]!, "base64").toString("utf8");
  assert.equal(issuer(a!.certificate), new X509Certificate(ca).subject);
  assert.ok(new X509Certificate(a!.certificate).checkIssued(new X509Certificate(ca)));
  assert.deepEqual(
    replicas.map((r) => r.ready),
    [false, false],
    "not ready: the API server could not verify them",
  );
});

// --- helpers --------------------------------------------------------------------------------

function schema(field: string) {
  return {
    openAPIV3Schema: {
      type: "object",
      properties: {
        spec: { type: "object", properties: { [field]: { type: "integer" } } },
      },
    },
  };
}

/** Get on one Secret and on one CRD, by name: what a cert-manager-mode operator is granted. */
async function grant(user: string, ns: string, secret: string, crdName: string): Promise<void> {
  const rbac = plane.admin.makeApiClient(RbacAuthorizationV1Api);
  const subjects = [{ kind: "User", name: user, apiGroup: "rbac.authorization.k8s.io" }];
  const roleRef = (kind: string) => ({ apiGroup: "rbac.authorization.k8s.io", kind, name: user });
  await rbac.createNamespacedRole({
    namespace: ns,
    body: {
      metadata: { name: user },
      rules: [{ apiGroups: [""], resources: ["secrets"], resourceNames: [secret], verbs: ["get"] }],
    },
  });
  await rbac.createNamespacedRoleBinding({
    namespace: ns,
    body: { metadata: { name: user }, roleRef: roleRef("Role"), subjects },
  });
  await rbac.createClusterRole({
    body: {
      metadata: { name: user },
      rules: [
        {
          apiGroups: ["apiextensions.k8s.io"],
          resources: ["customresourcedefinitions"],
          resourceNames: [crdName],
          verbs: ["get"],
        },
      ],
    },
  });
  await rbac.createClusterRoleBinding({
    body: { metadata: { name: user }, roleRef: roleRef("ClusterRole"), subjects },
  });
}

async function installCrd(group: string, storage: string, webhookPort = port): Promise<void> {
  const body: V1CustomResourceDefinition = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `widgets.${group}` },
    spec: {
      group,
      scope: "Namespaced",
      names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
      versions: [
        { name: "v1", served: true, storage: storage === "v1", schema: schema("size") },
        { name: "v2", served: true, storage: storage === "v2", schema: schema("replicas") },
      ],
      conversion: {
        strategy: "Webhook",
        webhook: {
          conversionReviewVersions: ["v1"],
          clientConfig: { url: `https://127.0.0.1:${webhookPort}/convert` },
        },
      },
    },
  };
  await extensions.createCustomResourceDefinition({ body });
  await pollUntil(
    Date.now() + 10_000,
    50,
    async () => {
      const crd = await extensions.readCustomResourceDefinition({ name: `widgets.${group}` });
      const established = crd.status?.conditions?.some(
        (c) => c.type === "Established" && c.status === "True",
      );
      return established ? true : undefined;
    },
    () => `CRD widgets.${group} not established`,
  );
}

async function switchStorage(group: string, storage: string): Promise<void> {
  const crd = await extensions.readCustomResourceDefinition({ name: `widgets.${group}` });
  for (const version of crd.spec.versions) version.storage = version.name === storage;
  await extensions.replaceCustomResourceDefinition({ name: crd.metadata!.name!, body: crd });
}

async function create(group: string, version: string, name: string, body: JsonObject) {
  await custom.createNamespacedCustomObject({
    group,
    version,
    plural: "widgets",
    namespace,
    body: { apiVersion: `${group}/${version}`, kind: "Widget", metadata: { name }, spec: body },
  });
}

async function read(group: string, version: string, name: string): Promise<JsonObject> {
  return (await custom.getNamespacedCustomObject({
    group,
    version,
    plural: "widgets",
    namespace,
    name,
  })) as JsonObject;
}

async function list(group: string, version: string): Promise<JsonObject[]> {
  const result = (await custom.listNamespacedCustomObject({
    group,
    version,
    plural: "widgets",
    namespace,
  })) as { items: JsonObject[] };
  return result.items;
}

/** The CAs of the rotation test in the CRD's bundle, by subject. */
async function bundleIssuers(crdName: string): Promise<string[]> {
  const crd = await extensions.readCustomResourceDefinition({ name: crdName });
  const pem = Buffer.from(crd.spec.conversion?.webhook?.clientConfig?.caBundle ?? "", "base64");
  const certificates = pem
    .toString("utf8")
    .match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g);
  return (certificates ?? [])
    .map((one) => new X509Certificate(one).subject)
    .filter((subject) => subject.startsWith("CN=rotating-ca."));
}

/**
 * The bytes etcd holds for the object: a range request on etcd's v3 JSON gateway. Custom resources
 * are stored as JSON whose first key is the apiVersion they were encoded in (managedFields keep
 * the versions of earlier writers, so only the top-level key proves the encoding).
 */
async function stored(group: string, name: string): Promise<string> {
  const key = `/registry/${group}/widgets/${namespace}/${name}`;
  const response = await fetch(`${plane.etcdUrl}/v3/kv/range`, {
    method: "POST",
    body: JSON.stringify({ key: Buffer.from(key).toString("base64") }),
  });
  const body = (await response.json()) as { kvs?: Array<{ value: string }> };
  const value = body.kvs?.[0]?.value;
  assert.ok(value, `etcd has no key ${key}`);
  return Buffer.from(value, "base64").toString("utf8");
}
