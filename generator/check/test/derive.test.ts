import assert from "node:assert/strict";
import { test } from "node:test";
import {
  BUILTIN_KINDS,
  builtinKindsNamed,
  findBuiltinKind,
  splitApiVersion,
} from "../builtin-kinds.ts";
import {
  derivePlural,
  deriveSingular,
  fieldTypeName,
  toCamel,
  toConstantCase,
  toKebab,
  toPascal,
} from "../derive-names.ts";
import { parseDuration } from "../durations.ts";

test("derivePlural follows the English rules Kubernetes users expect", () => {
  const cases: Record<string, string> = {
    Database: "databases",
    Policy: "policies",
    Gateway: "gateways",
    Box: "boxes",
    Class: "classes",
    Match: "matches",
    Mesh: "meshes",
    Quiz: "quizes",
    DNSZone: "dnszones",
    WebApp: "webapps",
  };
  for (const [kind, plural] of Object.entries(cases))
    assert.equal(derivePlural(kind), plural, kind);
  assert.equal(deriveSingular("DNSZone"), "dnszone");
});

test("case conversions are acronym-aware", () => {
  assert.equal(toPascal("dns-zone"), "DnsZone");
  assert.equal(toPascal("DNSZone"), "DNSZone");
  assert.equal(toPascal("retentionDays"), "RetentionDays");
  assert.equal(toCamel("DNSZone"), "dnsZone");
  assert.equal(toCamel("database-operator"), "databaseOperator");
  assert.equal(toKebab("DNSZone"), "dns-zone");
  assert.equal(toKebab("retentionDays"), "retention-days");
  assert.equal(toConstantCase("database-operator"), "DATABASE_OPERATOR");
  assert.equal(toConstantCase("webApp2Go"), "WEB_APP2_GO");
});

test("fieldTypeName names items and values like the model", () => {
  assert.equal(fieldTypeName("Database", "spec", ["backup"]), "DatabaseSpecBackup");
  assert.equal(fieldTypeName("DNSZone", "spec", ["records", "[]"]), "DNSZoneSpecRecordsItem");
  assert.equal(fieldTypeName("WebApp", "status", ["ports", "{}"]), "WebAppStatusPortsValue");
});

test("built-in kinds know their plural and scope", () => {
  assert.equal(BUILTIN_KINDS.length, 21);
  assert.deepEqual(findBuiltinKind("networking.k8s.io/v1", "Ingress"), {
    apiVersion: "networking.k8s.io/v1",
    group: "networking.k8s.io",
    version: "v1",
    kind: "Ingress",
    plural: "ingresses",
    scope: "Namespaced",
  });
  assert.equal(findBuiltinKind("v1", "Namespace")?.scope, "Cluster");
  assert.equal(
    findBuiltinKind("rbac.authorization.k8s.io/v1", "ClusterRoleBinding")?.scope,
    "Cluster",
  );
  assert.equal(findBuiltinKind("v1", "Deployment"), undefined);
  assert.equal(builtinKindsNamed("Deployment")[0]?.apiVersion, "apps/v1");
  assert.deepEqual(splitApiVersion("v1"), { group: "", version: "v1" });
});

test("parseDuration reads Go-style durations as seconds", () => {
  const cases: Record<string, number | undefined> = {
    "30s": 30,
    "10m": 600,
    "1h30m": 5400,
    "1.5h": 5400,
    "500ms": 0.5,
    "0": 0,
    "": undefined,
    "10": undefined,
    "10 m": undefined,
    "-1s": undefined,
    "1d": undefined,
    m: undefined,
  };
  for (const [text, seconds] of Object.entries(cases))
    assert.equal(parseDuration(text), seconds, JSON.stringify(text));
});
