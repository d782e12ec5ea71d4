// `validate --server`, the part that talks to the API server: create the CRD for real, wait until
// it is Established and served, then send the sample and every contract case as a server-side
// dry run (transitions: create `old`, dry-run update to `new`). Every disagreement between what
// the generator expects and what the server does becomes a diagnostic at the spec node it came
// from.

import type { Diagnostic } from "../base/diagnostics.ts";
import { formatPath, type Path } from "../check/report.ts";
import type { OperatorModel } from "../model/types.ts";
import { buildCrd } from "../render/manifests/crd.ts";
import { show } from "../render/sources/contract-values.ts";
import type { Expectation, Rejection } from "../render/sources/contract-case-types.ts";
import { causesOf, isAccepted, type ApiAnswer, type Call, type StatusCause } from "./api-client.ts";
import { pollUntil } from "./control-plane.ts";
import { leadingFieldPath } from "./field-paths.ts";
import { checkStatusAndColumns } from "./status-and-columns.ts";
import { objectFor, serverCases, type ServerCase, type Spec } from "./server-cases.ts";
import {
  anchorFor,
  crdFieldToSpec,
  existing,
  objectFieldToSpec,
  ruleQuotedIn,
  valueAt,
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
      for (const warning of answer.warnings)
        report(
          "SRV006",
          "warning",
          [],
          `the API server warns about ${c.name}: ${warning}`,
          "Check whether this is what you meant.",
        );
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
  return diagnostics;
}

/** The declared printer column of that name, else the list, else the document. */
function columnPath(data: Record<string, unknown>, column: string | undefined): Path {
  const declared = Array.isArray(data.printerColumns) ? data.printerColumns : [];
  const index = declared.findIndex((c) => (c as { name?: unknown } | null)?.name === column);
  return existing(data, index === -1 ? ["printerColumns"] : ["printerColumns", index]);
}

interface Disagreement {
  code: string;
  field: string;
  message: string;
  text: string;
  hint: string;
}

function disagreement(c: ServerCase, answer: ApiAnswer): Disagreement | undefined {
  const accepted = isAccepted(answer);
  const causes = accepted ? [] : causesOf(answer);
  const said = causes.map(describe).join("; ");
  if (c.kind === "sample") {
    if (accepted) return undefined;
    const first = causes[0] ?? {};
    return {
      code: "SRV002",
      field: first.field ?? "spec",
      message: said,
      text: `the API server rejects the sample object (config/samples): ${said}`,
      hint: "The sample is built from defaults and required fields; make the default or the rule agree.",
    };
  }
  const test = `the generated contract test "${c.name}" would fail`;
  if (c.expect === "accepted") {
    if (accepted) return undefined;
    const first = causes[0] ?? {};
    return {
      code: "SRV003",
      field: first.field ?? "spec",
      message: said,
      text: `the API server rejects a value the generator expects it to accept: ${said}`,
      hint: `${test}; make the constraints and rules around this node agree.`,
    };
  }
  if (!accepted && causes.some((cause) => matches(cause, c.expect as Rejection))) return undefined;
  const expected = c.expect;
  return {
    code: "SRV004",
    field: expected.field,
    message: expected.message,
    text: accepted
      ? `the API server accepts a value the generator expects it to reject (${expected.reason} on ${expected.field}: "${expected.message}")`
      : `the API server rejects it differently than expected (${expected.reason} on ${expected.field}: "${expected.message}"): ${said}`,
    hint: `${test}; check the rule and its examples.`,
  };
}

function matches(cause: StatusCause, expected: Rejection): boolean {
  return (
    cause.field === expected.field &&
    cause.reason === expected.reason &&
    (cause.message ?? "").includes(expected.message)
  );
}

/** The spec node a case's disagreement is about; a rule's example when the case came from one. */
function pointAt(
  c: ServerCase,
  field: string,
  message: string,
  data: Record<string, unknown>,
): Path {
  const path = objectFieldToSpec(field, message, data);
  const fromRule = /\(rule: .*\)$/.test(c.name);
  if (!fromRule || !path.includes("rules") || typeof path[path.length - 1] !== "number")
    return path;
  const list = [...path, "examples", c.expect === "accepted" ? "valid" : "invalid"];
  const examples = valueAt(data, list);
  // Case names quote the example as show() prints it: "spec.x: <example> is accepted (rule: ...)".
  const index = Array.isArray(examples)
    ? examples.findIndex(
        (e) => c.name.includes(`: ${show(e)} is `) || c.name.includes(`: ${transition(e)} is `),
      )
    : -1;
  return existing(data, index === -1 ? list : [...list, index]);
}

function transition(example: unknown): string {
  const pair = (example ?? {}) as { old?: unknown; new?: unknown };
  return `${show(pair.old)} → ${show(pair.new)}`;
}

/** Established and listed in discovery, or why not. */
async function servedOrWhy(
  call: Call,
  model: OperatorModel,
  timeoutMs: number,
): Promise<string | undefined> {
  let why = `the CRD ${model.api.crdName} did not become Established within ${timeoutMs} ms`;
  const crdPath = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${model.api.crdName}`;
  try {
    await pollUntil(
      Date.now() + timeoutMs,
      25,
      async () => {
        const got = await call("GET", crdPath);
        const conditions =
          (got.body as { status?: { conditions?: Condition[] } }).status?.conditions ?? [];
        const refused = conditions.find((c) => c.type === "NamesAccepted" && c.status === "False");
        if (refused)
          throw new NotServed(
            `the API server does not accept the CRD's names: ${refused.message ?? refused.reason}`,
          );
        if (!conditions.some((c) => c.type === "Established" && c.status === "True")) return false;
        why = `the kind ${model.api.kind} is not served at /apis/${model.api.group}/${model.api.version} within ${timeoutMs} ms`;
        const discovery = await call("GET", `/apis/${model.api.group}/${model.api.version}`);
        const resources =
          (discovery.body as { resources?: Array<{ name: string }> }).resources ?? [];
        return resources.some((r) => r.name === model.api.plural);
      },
      () => why,
    );
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

class NotServed extends Error {}

function describe(cause: StatusCause): string {
  const message = cause.message ?? cause.reason ?? "no message";
  return cause.field && !message.startsWith(cause.field) ? `${cause.field}: ${message}` : message;
}

/** Server messages can hold newlines (CEL compile errors do); a diagnostic stays on one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}
