// `validate --server` for a spec with several served versions (issue 19): the CRD goes in with its
// conversion webhook (when versions differ by more than apiVersion) served by this process (the runtime's webhook server and planned converter,
// the same code the operator runs, with the plan the generator derives), under a CA made for the
// run. Then every version's schema and every conversion meet the real API server: the sample,
// converted locally into each version, is created in that version (its schema must accept it) and
// read in every other; what the server returns must be what the local converters make of it, and
// a read back in the version it was written in must give it back unchanged (a lossless round trip).
//
// The generator does not depend on the runtime package: it is loaded from the project's
// node_modules (validate --server in a generated project), else from the generator's own
// install (this repository's workspace). Without it the conversion is reported as not checked.

import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ConversionModel, SpokePlan } from "../model/conversion-plan.ts";
import type { OperatorModel } from "../model/types.ts";
import type { ApiAnswer, Call } from "./api-client.ts";
import { isAccepted } from "./api-client.ts";

type JsonObject = Record<string, unknown>;

interface Converter {
  toHub(object: JsonObject): JsonObject | Promise<JsonObject>;
  fromHub(hub: JsonObject): JsonObject | Promise<JsonObject>;
}

interface CertificatePem {
  certificate: string;
  privateKey: string;
}

/** The part of @create-operator/runtime this check uses. */
export interface ConversionRuntime {
  plannedConverter(options: {
    hub: string;
    version: string;
    annotation: string;
    plan: Omit<SpokePlan, "version">;
    hooks?: Record<string, { toHub(v: unknown): unknown; fromHub(v: unknown): unknown }>;
  }): Converter;
  startConversionWebhook(options: {
    conversions: Array<{
      group: string;
      kind: string;
      hub: string;
      spokes: Record<string, Converter>;
    }>;
    port: number;
    host: string;
    certificate: CertificatePem;
    logger: unknown;
  }): Promise<{ port: number; stop(): Promise<void> }>;
  certificateAuthority(options: { commonName: string; validDays?: number }): CertificatePem;
  issueServingCertificate(
    ca: CertificatePem,
    options: { commonName: string; dnsNames: string[]; ipAddresses?: string[]; validDays?: number },
  ): CertificatePem;
  silentLogger: unknown;
}

/** The runtime as the project pins it, else as installed beside the generator; undefined without. */
export async function loadConversionRuntime(
  projectDir: string,
): Promise<ConversionRuntime | undefined> {
  for (const from of [join(projectDir, "package.json"), import.meta.url]) {
    try {
      const path = createRequire(from).resolve("@create-operator/runtime");
      return (await import(pathToFileURL(path).href)) as ConversionRuntime;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

export interface ServedWebhook {
  /** For the CRD's spec.conversion.webhook.clientConfig. */
  clientConfig: { url: string; caBundle: string };
  /** The converters the webhook runs, by version (the hub converts to itself). */
  converters: Map<string, Converter>;
  stop(): Promise<void>;
}

/**
 * The user's hook is not part of a spec, so a hooked field's stand-in passes its value through as
 * it is: the API server defaults a hooked field the sample leaves out (examples/database-v1.yaml's
 * storage), and a stand-in that threw would fail every read of it. Its value is not checked (the
 * SRV010 warning says so), so the plan goes without the fields' types, which the runtime would
 * otherwise hold the stand-in's result to.
 */
const passThrough = (value: unknown) => value;

export async function serveConversion(
  runtime: ConversionRuntime,
  model: OperatorModel,
  conversion: ConversionModel,
): Promise<ServedWebhook> {
  const converters = new Map<string, Converter>();
  for (const spoke of conversion.spokes) {
    const hooks = Object.fromEntries(
      spoke.hooked.map((field) => [field.version, { toHub: passThrough, fromHub: passThrough }]),
    );
    const { version, ...plan } = spoke;
    converters.set(
      version,
      runtime.plannedConverter({
        hub: conversion.hub,
        version,
        annotation: conversion.annotation,
        plan: {
          copy: plan.copy,
          hubOnly: plan.hubOnly,
          versionOnly: plan.versionOnly,
          hooked: plan.hooked.map((field) => ({ ...field, types: {} })),
        },
        hooks,
      }),
    );
  }
  const ca = runtime.certificateAuthority({ commonName: "create-operator validate", validDays: 1 });
  const certificate = runtime.issueServingCertificate(ca, {
    commonName: "127.0.0.1",
    dnsNames: ["localhost"],
    ipAddresses: ["127.0.0.1"],
    validDays: 1,
  });
  const webhook = await runtime.startConversionWebhook({
    conversions: [
      {
        group: model.api.group,
        kind: model.api.kind,
        hub: conversion.hub,
        spokes: Object.fromEntries(converters),
      },
    ],
    port: 0,
    host: "127.0.0.1",
    certificate,
    logger: runtime.silentLogger,
  });
  return {
    clientConfig: {
      url: `https://127.0.0.1:${webhook.port}/convert`,
      caBundle: Buffer.from(ca.certificate).toString("base64"),
    },
    converters,
    stop: () => webhook.stop(),
  };
}

export interface RoundTripFinding {
  /** The version the object was created in. */
  version: string;
  code: "SRV008" | "SRV009";
  text: string;
}

/**
 * Creates the hub sample in every served version (converted locally) and reads it in every other.
 * Hook-converted fields are left out of the sample (their conversion is the user's code).
 */
export async function checkRoundTrips(
  model: OperatorModel,
  conversion: ConversionModel,
  /** By version; empty when the versions differ only in apiVersion (conversion None). */
  converters: ReadonlyMap<string, Converter>,
  call: Call,
  hubSample: JsonObject,
  collectionOf: (version: string) => string,
): Promise<RoundTripFinding[]> {
  const findings: RoundTripFinding[] = [];
  const versions = model.api.versions.filter((v) => v.served).map((v) => v.name);
  const hooked = conversion.spokes.flatMap((s) => s.hooked.map((h) => h.hub));
  const hub = withoutPaths(hubSample, hooked);
  // The webhook sets apiVersion on what a converter returns; so does this.
  const apiVersion = (object: JsonObject, version: string): JsonObject => ({
    ...object,
    apiVersion: `${model.api.group}/${version}`,
  });
  const toVersion = async (object: JsonObject, version: string) => {
    const converter = converters.get(version);
    return apiVersion(converter ? await converter.fromHub(object) : object, version);
  };
  const toHub = async (object: JsonObject, version: string) => {
    const converter = converters.get(version);
    return apiVersion(converter ? await converter.toHub(object) : object, conversion.hub);
  };
  for (const [index, version] of versions.entries()) {
    const name = `round-trip-${index}`;
    const body = await toVersion(
      { ...hub, metadata: { ...(hub.metadata as JsonObject), name } },
      version,
    );
    const created = await call("POST", collectionOf(version), body);
    if (!isAccepted(created)) {
      findings.push({
        version,
        code: "SRV008",
        text: `the sample converted to ${version} is refused by ${version}'s schema: ${messageOf(created)}`,
      });
      continue;
    }
    const written = created.body as JsonObject;
    const asHub = await toHub(written, version);
    for (const other of versions) {
      const read = await call("GET", `${collectionOf(other)}/${name}`);
      if (!isAccepted(read)) {
        findings.push({
          version,
          code: "SRV009",
          text: `an object created in ${version} cannot be read in ${other}: ${messageOf(read)}`,
        });
        continue;
      }
      const expected = await toVersion(asHub, other);
      const got = read.body as JsonObject;
      for (const part of ["spec", "status"] as const)
        if (!isDeepStrictEqual(got[part], expected[part]))
          findings.push({
            version,
            code: "SRV009",
            text: `an object created in ${version} and read in ${other} has ${part} ${JSON.stringify(got[part])}; the conversion makes ${JSON.stringify(expected[part])}`,
          });
      if (other === version && !isDeepStrictEqual(got.spec, written.spec))
        findings.push({
          version,
          code: "SRV009",
          text: `a round trip through the storage version changes an object created in ${version}: spec ${JSON.stringify(written.spec)} reads back as ${JSON.stringify(got.spec)}`,
        });
    }
    const listed = await call("GET", collectionOf(version));
    const items = (listed.body as { items?: JsonObject[] } | undefined)?.items ?? [];
    if (!isAccepted(listed) || items.length < index + 1)
      findings.push({
        version,
        code: "SRV009",
        text: `a LIST in ${version} does not return every object (${items.length} of ${index + 1}): ${messageOf(listed)}`,
      });
  }
  return findings;
}

function withoutPaths(object: JsonObject, paths: string[]): JsonObject {
  const copy = structuredClone(object);
  for (const path of paths) {
    const segments = path.split(".");
    let at: unknown = copy;
    for (const segment of segments.slice(0, -1))
      at = at && typeof at === "object" ? (at as JsonObject)[segment] : undefined;
    if (at && typeof at === "object") delete (at as JsonObject)[segments.at(-1)!];
  }
  return copy;
}

function messageOf(answer: ApiAnswer): string {
  const body = answer.body as { message?: string } | string | undefined;
  return `${answer.status} ${typeof body === "string" ? body : (body?.message ?? "")}`.trim();
}
