// `validate --server` on a real kube-apiserver and etcd (the binaries `npm run envtest` builds):
// the examples pass, specs the local checks accept but the server rejects are reported at the
// line:col of the node to change with the server's own words, and the control plane never
// outlives the command, not even when it is interrupted.
//
// The CLI tests run the command as a user does. The server-check tests below them send specs
// straight to one shared control plane: what they prove is what the server says and where it
// lands, which must hold even once the local checks learn to catch the same problem first.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, test } from "node:test";
import { formatDiagnostic } from "../../generator/base/diagnostics.ts";
import { findAssets } from "../../generator/envtest/find-assets.ts";
import { readPinnedVersions } from "../../generator/envtest/versions.ts";
import { checkSpec } from "../../generator/check/check-spec.ts";
import { buildModel } from "../../generator/model/build-model.ts";
import { buildCrd } from "../../generator/render/manifests/crd.ts";
import { parseSpec } from "../../generator/parse/parse-spec.ts";
import {
  startControlPlane,
  type RunningControlPlane,
} from "../../generator/server-check/control-plane.ts";
import { checkOnServer } from "../../generator/server-check/server-check.ts";
import { BIN, examplePath, exampleNames, REPO_ROOT, runCli, tempDir } from "../support.ts";

const assets = findAssets({ env: process.env, versions: readPinnedVersions(REPO_ROOT) });
assert.ok(assets, "these tests need kube-apiserver and etcd: run `npm run envtest` first");

const BASE = `apiVersion: create-operator.dev/v1alpha1
kind: OperatorSpec
metadata:
  name: shop-operator
api:
  group: shop.example.com
  kind: Shop
  versions:
    - name: v1
spec:
  fields:
    size:
      type: integer
      minimum: 1
      maximum: 10
      default: 3
FIELDS
status:
  conditions:
    - type: Ready
`;

function specFile(name: string, fields: string): { file: string; source: string } {
  const file = join(tempDir(`server-${name}`), "operator.yaml");
  const source = BASE.replace("FIELDS\n", fields);
  writeFileSync(file, source);
  return { file, source };
}

/** `line:col` of `text` in the source, plus `skip` characters, found independently of the YAML parser. */
function at(source: string, text: string, skip = 0): string {
  const offset = source.indexOf(text);
  assert.ok(offset >= 0, `${JSON.stringify(text)} is in the spec`);
  const lines = source.slice(0, offset + skip).split("\n");
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
}

for (const name of exampleNames()) {
  test(`examples/${name}.yaml: the API server accepts the CRD, the sample and every contract case`, () => {
    const result = runCli(["validate", examplePath(name), "--server"]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /valid, and the API server agrees/);
    assert.match(result.stderr, /checked on kube-apiserver 1\.36\.3 in \d+\.\d s/);
  });
}

const OVER_BUDGET = `    hosts:
      type: array
      maxItems: 5000
      items:
        type: string
        maxLength: 253
      rules:
        - rule: "self.all(a, self.exists_one(b, a == b))"
          message: hosts must be unique
          examples:
            valid: [["a", "b"]]
            invalid: [["a", "a"]]
`;

test("a rule over the cost budget: the local estimate refuses it at the rule, before any server starts", () => {
  const { file, source } = specFile("cost", OVER_BUDGET);
  for (const args of [
    ["validate", file],
    ["validate", file, "--server"],
  ]) {
    const result = runCli(args);
    assert.equal(result.status, 1, result.stderr);
    assert.match(
      result.stderr,
      new RegExp(`^${file}:${at(source, '"self.all(a')} error SEM105 `, "m"),
      result.stderr,
    );
    assert.doesNotMatch(result.stderr, /kube-apiserver/);
  }
});

test("SIGINT while the control plane runs: both processes and the run directory are gone", async () => {
  const tmp = tempDir("server-signal");
  const child = spawn(process.execPath, [BIN, "validate", examplePath("database"), "--server"], {
    env: { ...process.env, TMPDIR: tmp },
    stdio: "ignore",
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const runDir = await waitFor(() => {
    const dir = readdirSync(tmp).find((d) => d.startsWith("create-operator-server-"));
    // Both binaries have exec'd once two processes name the run directory on their command line.
    return dir && processesUsing(join(tmp, dir)).length >= 2 ? join(tmp, dir) : undefined;
  });
  child.kill("SIGINT");
  assert.equal(await exited, 130);
  assert.deepEqual(processesUsing(runDir), []);
  assert.equal(existsSync(runDir), false);
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, "the control plane did not start in time");
    await sleep(20);
  }
}

/** Pids of processes whose command line names the directory (etcd's data dir, the API server's cert dir). */
function processesUsing(dir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

let plane: RunningControlPlane;
before(async () => {
  plane = await startControlPlane({
    kubeApiserver: join(assets.path, "kube-apiserver"),
    etcd: join(assets.path, "etcd"),
  });
});
after(() => plane?.stop());

/**
 * The server check alone, on the shared control plane: each spec gets its own API group so its
 * CRD does not meet another test's. Returns the source and each diagnostic's first line.
 */
async function onServer(
  group: string,
  fields: string,
  extra = "",
): Promise<{ source: string; lines: string[] }> {
  const source =
    BASE.replace("shop.example.com", `${group}.example.com`).replace("FIELDS\n", fields) + extra;
  return checkSource(source);
}

async function checkSource(source: string): Promise<{ source: string; lines: string[] }> {
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  const data = parsed.spec.data as Record<string, unknown>;
  const diagnostics = await checkOnServer(
    {
      model: buildModel(data, source),
      data,
      file: "operator.yaml",
      positionOf: parsed.spec.positionOf,
    },
    plane.call,
  );
  return { source, lines: diagnostics.map((d) => formatDiagnostic(d).split("\n")[0]!) };
}

test("server check: the rule the local estimate refuses is over the server's budget too, at the rule", async () => {
  const { source, lines } = await onServer("cost", OVER_BUDGET);
  assert.ok(
    lines.some((line) =>
      line.startsWith(
        `operator.yaml:${at(source, '"self.all(a')} error SRV001 spec.fields.hosts.rules[0].rule: ` +
          "the API server rejects the CRD: spec.validation.openAPIV3Schema.properties[spec].properties[hosts].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget",
      ),
    ),
    lines.join("\n"),
  );
});

test("server check: a rule naming a field that does not exist, at the rule, even when reported at a default", async () => {
  const { source, lines } = await onServer(
    "typo",
    `    backup:
      type: object
      fields:
        retentionDays:
          type: integer
          minimum: 0
          maximum: 35
          default: 7
      rules:
        - rule: "self.retentionDayz >= 1"
          message: keep backups at least a day
`,
  );
  // The server checks the rule against the default it gives backup and reports it there; the
  // rule's source in its message names the rule.
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.ok(
    lines[0]!.startsWith(
      `operator.yaml:${at(source, '"self.retentionDayz')} error SRV001 spec.fields.backup.rules[0].rule: `,
    ),
    lines[0],
  );
  assert.match(lines[0]!, /undefined field 'retentionDayz' \| self\.retentionDayz >= 1/);
});

test("server check: a default its own rule rejects, at the default, once", async () => {
  const { source, lines } = await onServer(
    "default",
    `    replicas:
      type: integer
      default: 1
      rules:
        - rule: "self >= 3"
          message: at least three replicas
`,
  );
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.ok(
    lines[0]!.startsWith(
      `operator.yaml:${at(source, "default: 1", "default: ".length)} error SRV001 spec.fields.replicas.default: `,
    ),
    lines[0],
  );
  assert.match(lines[0]!, /Invalid value: 1: at least three replicas$/);
});

test("server check: rule examples the server disagrees with, at each example", async () => {
  const { source, lines } = await onServer(
    "examples",
    `    replicas:
      type: integer
      default: 3
      rules:
        - rule: "self >= 3"
          message: at least three replicas
          examples:
            valid: [3, 2]
            invalid: [1, 5]
`,
  );
  assert.deepEqual(
    lines.map((l) => l.slice(0, l.indexOf(": ") + 1)),
    [
      `operator.yaml:${at(source, "2]")} error SRV003 spec.fields.replicas.rules[0].examples.valid[1]:`,
      `operator.yaml:${at(source, "5]")} error SRV004 spec.fields.replicas.rules[0].examples.invalid[1]:`,
    ],
  );
  assert.match(lines[0]!, /rejects .*spec\.replicas: Invalid value: 2: at least three replicas/);
  assert.match(lines[1]!, /accepts a value the generator expects it to reject/);
});

test("server check: a printer column kubectl cannot show, at the column", async () => {
  const { source, lines } = await onServer(
    "columns",
    "",
    `printerColumns:
  - name: Size
    type: integer
    jsonPath: .spec.size[
`,
  );
  assert.deepEqual(lines, [
    `operator.yaml:${at(source, "- name: Size", 2)} error SRV007 printerColumns[0]: kubectl get shows the columns [Name]; the generated test expects [Name, Size]`,
  ]);
});

test("server check: a kind whose names another CRD already uses is not served, at api", async () => {
  const named = (kind: string) =>
    BASE.replace("shop.example.com", "names.example.com")
      .replace("kind: Shop", `kind: ${kind}\n  shortNames: [sh]`)
      .replace("FIELDS\n", "");
  assert.deepEqual((await checkSource(named("Shop"))).lines, []);
  const { source, lines } = await checkSource(named("Store"));
  assert.equal(lines.length, 1, lines.join("\n"));
  assert.ok(
    lines[0]!.startsWith(`operator.yaml:${at(source, "api:")} error SRV005 api: `),
    lines[0],
  );
  assert.match(lines[0]!, /does not accept the CRD's names: .*"sh" is already in use/);
});

const MAP_AND_LIST_TYPES = `    ref:
      type: object
      mapType: atomic
      fields:
        name: { type: string, maxLength: 63 }
    labels: { type: map, mapType: granular, maxProperties: 4, values: { type: string, maxLength: 63 } }
    config: { type: free-form, mapType: atomic }
    byZone:
      type: map
      maxProperties: 3
      values:
        type: array
        listType: map
        listMapKeys: [zone]
        maxItems: 3
        items:
          type: object
          mapType: atomic
          fields:
            zone: { type: string, maxLength: 20, required: true }
            hosts: { type: array, listType: set, maxItems: 3, items: { type: string, maxLength: 20 } }
            tags: { type: map, mapType: atomic, maxProperties: 2, values: { type: string, maxLength: 20 } }
`;

test("server check: mapType and list types everywhere the structural schema and server-side apply allow them, spec and status, are accepted with every contract case", async () => {
  const status = `  fields:\n${MAP_AND_LIST_TYPES.replace(/^/gm, "  ").replace(/^  $/m, "")}`;
  const { source, lines } = await onServer("maptypes", MAP_AND_LIST_TYPES, status.trimEnd() + "\n");
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  assert.deepEqual(checkSpec(parsed.spec), [], "the local checks accept it too");
  assert.ok(
    /x-kubernetes-map-type: atomic/.test(stringify(buildCrd(buildModel(parsed.spec.data, source)))),
  );
  assert.deepEqual(lines, []);
});

test("server check: the server refuses a nullable list map key, as SEM023 does", async () => {
  const source = BASE.replace("shop.example.com", "refused.example.com").replace(
    "FIELDS\n",
    MAP_AND_LIST_TYPES,
  );
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  const data = parsed.spec.data as Record<string, unknown>;
  const model = buildModel(data, source);
  // Undo by hand what the local checks insist on, as a spec that skipped them would render.
  const zone = model.spec.fields.find((f) => f.name === "byZone")!.items!.items!.fields[0]!;
  zone.nullable = true;
  const diagnostics = await checkOnServer(
    { model, data, file: "operator.yaml", positionOf: parsed.spec.positionOf },
    plane.call,
  );
  const said = diagnostics.map((d) => `${d.code} ${d.path}: ${d.message}`).join("\n");
  assert.match(said, /this property is in x-kubernetes-list-map-keys, so it cannot be nullable/);
});

test("server facts behind SEM022: sets of atomic objects or lists install, but objects holding one get no managedFields; granular objects are refused", async () => {
  const setOf = (items: Record<string, unknown>) => ({
    type: "array",
    "x-kubernetes-list-type": "set",
    items,
  });
  const crd = (objectItems: Record<string, unknown>) => ({
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "sets.sets.example.com" },
    spec: {
      group: "sets.example.com",
      scope: "Cluster",
      names: { kind: "Set", plural: "sets", singular: "set", listKind: "SetList" },
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: {
                spec: {
                  type: "object",
                  properties: {
                    objects: setOf(objectItems),
                    lists: setOf({ type: "array", items: { type: "string" } }),
                    names: setOf({ type: "string" }),
                  },
                },
              },
            },
          },
        },
      ],
    },
  });
  const crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  const object = { type: "object", properties: { a: { type: "string" } } };
  const granular = await plane.call("POST", crds, crd(object));
  assert.equal(granular.status, 422);
  assert.match(
    JSON.stringify(granular.body),
    /must be atomic as item of a list with x-kubernetes-list-type=set/,
  );
  const atomic = await plane.call(
    "POST",
    crds,
    crd({ ...object, "x-kubernetes-map-type": "atomic" }),
  );
  assert.equal(atomic.status, 201, JSON.stringify(atomic.body));
  const managedFields = async (name: string, spec: unknown) => {
    const body = { apiVersion: "sets.example.com/v1", kind: "Set", metadata: { name }, spec };
    let answer = await plane.call("POST", "/apis/sets.example.com/v1/sets", body);
    for (let tries = 0; answer.status === 404 && tries < 100; tries++) {
      await sleep(100);
      answer = await plane.call("POST", "/apis/sets.example.com/v1/sets", body);
    }
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    return (answer.body as { metadata: { managedFields?: unknown[] } }).metadata.managedFields;
  };
  assert.equal((await managedFields("scalars", { names: ["a", "b"] }))?.length, 1);
  assert.equal(await managedFields("objects", { objects: [{ a: "x" }] }), undefined);
  assert.equal(await managedFields("lists", { lists: [["x"]] }), undefined);
});

test("server check: a kind without spec (status only) installs, and its sample and cases are accepted", async () => {
  const source = BASE.replace("shop.example.com", "nospec.example.com").replace(
    /^spec:\n(?: {2}.*\n)+FIELDS\n/m,
    "",
  );
  assert.doesNotMatch(source, /^spec:/m);
  const { lines } = await checkSource(`${source}  fields:\n    endpoint: { type: string }\n`);
  assert.deepEqual(lines, []);
});

test("server facts behind SEM011: no dotted path reaches a property with a dot; CEL reads it escaped", async () => {
  const crd = (selectable: boolean) => ({
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "dots.dotted.example.com" },
    spec: {
      group: "dotted.example.com",
      scope: "Cluster",
      names: { kind: "Dot", plural: "dots", singular: "dot", listKind: "DotList" },
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: {
                spec: {
                  type: "object",
                  properties: { "rep.count": { type: "integer" }, "a.b": { type: "string" } },
                  "x-kubernetes-validations": [
                    { rule: "!has(self.a__dot__b) || self.a__dot__b != 'bad'", message: "no bad" },
                  ],
                },
              },
            },
          },
          subresources: {
            scale: { specReplicasPath: ".spec.rep.count", statusReplicasPath: ".status.n" },
          },
          ...(selectable ? { selectableFields: [{ jsonPath: ".spec['a.b']" }] } : {}),
        },
      ],
    },
  });
  const crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  const refused = await plane.call("POST", crds, crd(true));
  assert.equal(refused.status, 422);
  assert.match(JSON.stringify(refused.body), /array notation is not allowed/);
  assert.equal((await plane.call("POST", crds, crd(false))).status, 201);
  const base = "/apis/dotted.example.com/v1/dots";
  const object = (name: string, spec: unknown) => ({
    apiVersion: "dotted.example.com/v1",
    kind: "Dot",
    metadata: { name },
    spec,
  });
  // The resource is served a moment after the CRD is created.
  let created = await plane.call("POST", base, object("x", { "rep.count": 3, "a.b": "ok" }));
  for (let tries = 0; created.status === 404 && tries < 100; tries++) {
    await sleep(100);
    created = await plane.call("POST", base, object("x", { "rep.count": 3, "a.b": "ok" }));
  }
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual((created.body as { spec: unknown }).spec, { "a.b": "ok", "rep.count": 3 });
  const bad = await plane.call("POST", `${base}?dryRun=All`, object("y", { "a.b": "bad" }));
  assert.equal(bad.status, 422);
  assert.match(JSON.stringify(bad.body), /no bad/);
  const scale = await plane.call("GET", `${base}/x/scale`);
  assert.equal(scale.status, 500);
  assert.match(
    JSON.stringify(scale.body),
    /the spec replicas field \\".spec.rep.count\\" does not exist/,
  );
});

test("server check: dotted keys in a map, with a default and a rule reading self['a.b'], and the rule's examples", async () => {
  const { lines } = await onServer(
    "dotkeys",
    `    parameters:
      type: map
      maxProperties: 8
      values: { type: string, maxLength: 64 }
      default: { "pg_stat_statements.max": "10000", max_connections: "200" }
      rules:
        - rule: "!('pg_stat_statements.max' in self) || int(self['pg_stat_statements.max']) >= 100"
          message: pg_stat_statements.max must be at least 100
          examples:
            valid: [{ "pg_stat_statements.max": "100" }, { "app.kubernetes.io/name": "x" }]
            invalid: [{ "pg_stat_statements.max": "99" }]
`,
  );
  assert.deepEqual(lines, []);
});

// Several versions (issue 19): the CRD goes in with the conversion webhook served by the check
// itself (the runtime's server and planned converter), the sample is created in every version
// and read in every other.
const TWO_VERSIONS = (source: string) =>
  source.replace(
    "  versions:\n    - name: v1\n",
    "  versions:\n    - name: v1\n    - name: v2\n      storage: true\n",
  );

const EVOLVED = `    title:
      type: string
      maxLength: 20
      default: shop
      versions:
        renamed: { v1: name }
    zone:
      type: string
      maxLength: 20
      default: eu-1
      versions:
        added: v2
    legacy:
      type: string
      maxLength: 20
      versions:
        removed: v2
`;

test("server check, versions: a rename, an added and a removed field convert through the webhook in both directions, with nothing to report", async () => {
  const source = TWO_VERSIONS(
    BASE.replace("shop.example.com", "versions-ok.example.com").replace("FIELDS\n", EVOLVED),
  );
  const { lines } = await checkSource(source);
  assert.deepEqual(lines, []);
  // The check wrote the sample in each version: stored (and read here, in v2) in the hub's
  // names whichever version it came in (v1 reads need the check's webhook, gone with the check).
  for (const name of ["round-trip-0", "round-trip-1"]) {
    const path = `/apis/versions-ok.example.com/v2/namespaces/create-operator-validate/shops/${name}`;
    const stored = (await plane.call("GET", path)).body as { spec?: object };
    assert.deepEqual(stored.spec, { size: 3, title: "shop", zone: "eu-1" }, name);
  }
});

test("server check, versions: an older version's schema that refuses the converted sample is SRV008 at that version", async () => {
  const fields = `    tier:
      type: string
      enum: [gold, silver]
      versions:
        changed: { v1: { maxLength: 3 } }
`;
  const source = TWO_VERSIONS(
    BASE.replace("shop.example.com", "versions-schema.example.com").replace("FIELDS\n", fields),
  );
  const { lines } = await checkSource(source);
  assert.deepEqual(lines, [
    `operator.yaml:${at(source, "- name: v1\n", 2)} error SRV008 api.versions[0]: the sample converted to v1 is refused by v1's schema: 422 Shop.versions-schema.example.com "round-trip-0" is invalid: spec.tier: Too long: may not be more than 3 bytes`,
  ]);
});

test("server check, versions: a conversion whose output the version's schema prunes is SRV009 (the read differs from the converters)", async () => {
  const source = TWO_VERSIONS(
    BASE.replace("shop.example.com", "versions-pruned.example.com").replace("FIELDS\n", EVOLVED),
  );
  const parsed = parseSpec(source, "operator.yaml");
  assert.ok(parsed.ok);
  const data = parsed.spec.data as Record<string, unknown>;
  const model = buildModel(data, source);
  // A plan that writes v1's title under a name v1's schema does not have, as a generator bug would.
  const copy = model.conversion!.spokes[0]!.copy.find((c) => c.version === "spec.name")!;
  copy.version = "spec.nmae";
  const diagnostics = await checkOnServer(
    { model, data, file: "operator.yaml", positionOf: parsed.spec.positionOf },
    plane.call,
  );
  const said = diagnostics.map((d) => `${d.code} ${d.path}: ${d.message}`);
  assert.ok(
    said.some((line) =>
      /^SRV009 api\.versions\[1\]: an object created in v2 and read in v1 has spec .*; the conversion makes .*"nmae":"shop"/.test(
        line,
      ),
    ),
    said.join("\n"),
  );
});
