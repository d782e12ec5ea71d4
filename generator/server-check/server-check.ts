// `validate --server`, the part that talks to the API server: create the CRD for real, wait until
// it is Established and served, then send the sample and every contract case as a server-side
// dry run (transitions: create `old`, dry-run update to `new`). Every disagreement between what
// the generator expects and what the server does becomes a diagnostic at the spec node it came
// from.

import type { Diagnostic } from "../base/diagnostics.ts";
import { formatPath, type Path } from "../check/report.ts";
import type { OperatorModel } from "../model/types.ts";
import { buildCrd } from "../render/manifests/crd.ts";
import { fullExample } from "../render/sources/conversion-view.ts";
import { causesOf, isAccepted, type ApiAnswer, type Call } from "./api-client.ts";
import { leadingFieldPath } from "./field-paths.ts";
import { describe, disagreement, pointAt } from "./case-outcomes.ts";
import { servedOrWhy } from "./crd-served.ts";
import { checkStatusAndColumns } from "./status-and-columns.ts";
import { objectFor, serverCases, type ServerCase } from "./server-cases.ts";
import {
  checkRoundTrips,
  loadConversionRuntime,
  serveConversion,
  type ServedWebhook,
} from "./version-round-trips.ts";
import {
  anchorFor,
  crdFieldToSpec,
  existing,
  objectFieldToSpec,
  ruleQuotedIn,
} from "./spec-locations.ts";

export interface ServerCheckInput {
  model: OperatorModel;
  /** The spec document as data, for mapping paths back. */
  data: Record<string, unknown>;
  file: string;
  positionOf(path: Path, which?: "key" | "value"): { line: number; col: number };
}

const NAMESPACE = "create-operator-validate";
/**
 * Cases in flight at once: enough to hide round trips, few enough not to queue in the server.
 * The first creates after a CRD is Established wait 2 s in the API server whatever we do (it
 * delays them for HA consistency, kubernetes/kubernetes#99199), so the first batch is that long.
 */
const PARALLEL = 8;

export async function checkOnServer(
  input: ServerCheckInput,
  call: Call,
  timeoutMs = 30_000,
  /** Where @create-operator/runtime is looked for first (the conversion webhook's code). */
  projectDir = process.cwd(),
): Promise<Diagnostic[]> {
  const conversion = input.model.conversion;
  if (conversion?.strategy !== "Webhook") return checkVersion(input, call, timeoutMs, undefined);
  const versionsPath = existing(input.data, ["api", "versions"]);
  const runtime = await loadConversionRuntime(projectDir);
  if (!runtime) {
    const diagnostics = await checkVersion(input, call, timeoutMs, undefined);
    return [
      ...diagnostics,
      {
        severity: "warning",
        code: "SRV010",
        path: formatPath(versionsPath),
        message:
          "the conversion between versions was not checked: @create-operator/runtime (the webhook's code) is not installed here",
        hint: "Run validate --server in the generated project after npm install.",
        file: input.file,
        position: input.positionOf(versionsPath, anchorFor(input.data, versionsPath)),
      },
    ];
  }
  const served = await serveConversion(runtime, input.model, conversion);
  try {
    return await checkVersion(input, call, timeoutMs, served);
  } finally {
    await served.stop();
  }
}

async function checkVersion(
  input: ServerCheckInput,
  call: Call,
  timeoutMs: number,
  served: ServedWebhook | undefined,
): Promise<Diagnostic[]> {
  const { model, data } = input;
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  /** `same`: what makes two reports one, when the server repeats a cause at several places. */
  const report = (
    code: string,
    severity: Diagnostic["severity"],
    path: Path,
    message: string,
    hint: string,
    same = message,
  ) => {
    const key = `${code} ${formatPath(path)} ${same}`;
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push({
      severity,
      code,
      path: formatPath(path),
      message: oneLine(message),
      hint,
      file: input.file,
      position: input.positionOf(path, anchorFor(data, path)),
    });
  };

  const crd = buildCrd(model);
  // The API server of the check cannot reach the operator's Service: this process serves instead.
  if (served && crd.spec.conversion?.webhook)
    (crd.spec.conversion.webhook as { clientConfig: object }).clientConfig = served.clientConfig;
  const created = await call(
    "POST",
    "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    crd,
  );
  for (const warning of created.warnings) {
    const lead = leadingFieldPath(warning);
    report(
      "SRV006",
      "warning",
      lead ? crdFieldToSpec(lead.field, crd, data) : [],
      `the API server warns about the CRD: ${warning}`,
      "The CRD installs, but check whether this is what you meant.",
    );
  }
  if (!isAccepted(created)) {
    for (const cause of causesOf(created)) {
      const field = cause.field ?? leadingFieldPath(cause.message ?? "")?.field;
      const quoted = ruleQuotedIn(cause.message ?? "", data);
      report(
        "SRV001",
        "error",
        quoted ?? (field ? crdFieldToSpec(field, crd, data) : []),
        `the API server rejects the CRD: ${describe(cause)}`,
        "The generated CRD would not install; change the spec node shown.",
        cause.message,
      );
    }
    return diagnostics;
  }
  const problem = await servedOrWhy(call, model, timeoutMs);
  if (problem) {
    report(
      "SRV005",
      "error",
      existing(data, ["api"]),
      problem,
      "The API server took the CRD but does not serve the kind; fix the names shown.",
    );
    return diagnostics;
  }
  const namespace = model.api.namespaced ? NAMESPACE : undefined;
  if (namespace) {
    const made = await call("POST", "/api/v1/namespaces", {
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: namespace },
    });
    if (!isAccepted(made) && made.status !== 409)
      throw new Error(`could not create namespace ${namespace}: ${JSON.stringify(made.body)}`);
  }
  const base = `/apis/${model.api.group}/${model.api.version}${namespace ? `/namespaces/${namespace}` : ""}/${model.api.plural}`;
  const cases = serverCases(model);
  let serial = 0;
  const send = async (c: ServerCase): Promise<ApiAnswer> => {
    const name = `validate-${++serial}`;
    if (c.kind !== "transition")
      return call("POST", `${base}?dryRun=All`, objectFor(model, c.spec, name, namespace));
    const old = await call("POST", base, objectFor(model, c.old, name, namespace));
    if (!isAccepted(old)) return old;
    const stored = old.body as { metadata: Record<string, unknown> };
    return call("PUT", `${base}/${name}?dryRun=All`, {
      ...objectFor(model, c.new, name, namespace),
      metadata: stored.metadata,
    });
  };
  for (let i = 0; i < cases.length; i += PARALLEL) {
    const batch = cases.slice(i, i + PARALLEL);
    const answers = await Promise.all(batch.map(send));
    batch.forEach((c, j) => {
      const answer = answers[j]!;
      for (const warning of answer.warnings) {
        const lead = leadingFieldPath(warning);
        report(
          "SRV006",
          "warning",
          lead ? objectFieldToSpec(lead.field, lead.rest, data) : [],
          `the API server warns about ${c.name}: ${warning}`,
          "Check whether this is what you meant.",
          warning,
        );
      }
      const outcome = disagreement(c, answer);
      if (outcome)
        report(
          outcome.code,
          "error",
          pointAt(c, outcome.field, outcome.message, data),
          outcome.text,
          outcome.hint,
        );
    });
  }
  for (const finding of await checkStatusAndColumns(model, call, base, namespace)) {
    const path =
      "object" in finding.field
        ? objectFieldToSpec(finding.field.object, finding.field.message, data)
        : columnPath(data, finding.field.column);
    report(finding.code, "error", path, finding.text, finding.hint);
  }
  const servedVersions = model.api.versions.filter((v) => v.served).length;
  if (model.conversion && servedVersions > 1 && (served || model.conversion.strategy === "None")) {
    const collectionOf = (version: string) =>
      `/apis/${model.api.group}/${version}${namespace ? `/namespaces/${namespace}` : ""}/${model.api.plural}`;
    // Every scalar field set (as the generated conversion test does), not only the required ones.
    const sample = objectFor(model, fullExample(model.spec), "round-trip", namespace);
    const versions = model.api.versions.map((v) => v.name);
    for (const finding of await checkRoundTrips(
      model,
      model.conversion,
      served?.converters ?? new Map(),
      call,
      sample as Record<string, unknown>,
      collectionOf,
    ))
      report(
        finding.code,
        "error",
        existing(data, ["api", "versions", versions.indexOf(finding.version)]),
        finding.text,
        finding.code === "SRV008"
          ? "The version's schema refuses what the conversion makes of a valid object: check the field's versions: block (changed: keywords, defaults) for that version."
          : "The API server's answer differs from the generated converters': the generated conversion test would fail the same way.",
      );
    if (model.conversion.spokes.some((spoke) => spoke.hooked.length > 0))
      report(
        "SRV010",
        "warning",
        existing(data, ["api", "versions"]),
        "fields converted by a hook (converted: hook) were left out of the round trips: their conversion is your code",
        "The generated project's test/integration/conversion.test.ts checks them with your hook.",
      );
  }
  return diagnostics;
}

/** The declared printer column of that name, else the list, else the document. */
function columnPath(data: Record<string, unknown>, column: string | undefined): Path {
  const declared = Array.isArray(data.printerColumns) ? data.printerColumns : [];
  const index = declared.findIndex((c) => (c as { name?: unknown } | null)?.name === column);
  return existing(data, index === -1 ? ["printerColumns"] : ["printerColumns", index]);
}

/** Server messages can hold newlines (CEL compile errors do); a diagnostic stays on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}
