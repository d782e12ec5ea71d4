// The two contract tests that need a stored object: the status the generated tests write through
// /status must be accepted, and `kubectl get` must show the columns (and cells) they expect. The
// API server's Table for the object is the ground truth for both.

import type { OperatorModel } from "../model/types.ts";
import { buildContractView } from "../render/sources/contract-view.ts";
import { causesOf, isAccepted, type Call, type StatusCause } from "./api-client.ts";
import { expand, objectFor, type Spec } from "./server-cases.ts";

export interface Finding {
  code: string;
  /** An object field path (status.x) or a printer column name. */
  field: { object: string; message: string } | { column: string | undefined };
  text: string;
  hint: string;
}

const TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io";

export async function checkStatusAndColumns(
  model: OperatorModel,
  call: Call,
  base: string,
  namespace: string | undefined,
): Promise<Finding[]> {
  const view = buildContractView(model);
  const status = expand(JSON.parse(view.statusSample)) as Spec;
  const columns = JSON.parse(view.columns) as Array<{ name: string; value?: unknown }>;
  const name = "validate-status";
  // The spec the generated column and /scale tests create: the minimal one plus the optional
  // fields the columns read (a column over a field the minimal spec leaves out would show null).
  const created = await call(
    "POST",
    base,
    objectFor(model, expand(JSON.parse(view.sampleSpec)) as Spec, name, namespace),
  );
  // A sample spec the server refuses is already reported by the sample and schema cases.
  if (!isAccepted(created)) return [];
  const written = await call("PUT", `${base}/${name}/status`, {
    ...(created.body as object),
    status,
  });
  if (!isAccepted(written)) {
    const cause: StatusCause = causesOf(written)[0] ?? {};
    return [
      {
        code: "SRV003",
        field: { object: cause.field ?? "status", message: cause.message ?? "" },
        text: `the API server rejects the status the generated tests write through /status: ${cause.field ? `${cause.field}: ` : ""}${cause.message ?? ""}`,
        hint: 'the generated contract test "status written through /status is stored" would fail; make the status fields\' constraints agree.',
      },
    ];
  }
  const table = await call("GET", `${base}/${name}`, undefined, TABLE);
  const body = table.body as {
    columnDefinitions?: Array<{ name: string }>;
    rows?: Array<{ cells: unknown[] }>;
  };
  const shown = (body.columnDefinitions ?? []).map((c) => c.name);
  const expected = columns.map((c) => c.name);
  const hint = "the generated printer column test would fail; fix printerColumns.";
  if (JSON.stringify(shown) !== JSON.stringify(expected)) {
    const differs = expected.find((c, i) => shown[i] !== c) ?? shown[expected.length];
    return [
      {
        code: "SRV007",
        field: { column: differs },
        text: `kubectl get shows the columns [${shown.join(", ")}]; the generated test expects [${expected.join(", ")}]`,
        hint,
      },
    ];
  }
  const cells = body.rows?.[0]?.cells ?? [];
  return columns.flatMap((column, i): Finding[] =>
    "value" in column && JSON.stringify(cells[i]) !== JSON.stringify(column.value)
      ? [
          {
            code: "SRV007",
            field: { column: column.name },
            text: `kubectl get shows ${JSON.stringify(cells[i])} in column ${column.name}; the generated test expects ${JSON.stringify(column.value)}`,
            hint,
          },
        ]
      : [],
  );
}
