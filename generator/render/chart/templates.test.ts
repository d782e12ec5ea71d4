// The chart's templates for cert-manager: the namespace inside the Certificate's DNS names and the
// CRD's inject-ca-from annotation is the release's, as every `namespace:` is.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { buildModel } from "../../model/build-model.ts";
import { renderChartTemplates } from "./templates.ts";

test("cert-manager objects and the CRD annotation follow the release's namespace", () => {
  const source = readFileSync(
    join(import.meta.dirname, "../../../examples/database-v1beta1.yaml"),
    "utf8",
  );
  const data = parse(source);
  data.api.conversion = { certificates: "cert-manager" };
  const files = new Map(
    renderChartTemplates(buildModel(data, source)).map((file) => [file.path, file.content]),
  );
  const certificate = files.get("chart/templates/certmanager/certificate.yaml")!;
  assert.ok(certificate, [...files.keys()].join(", "));
  assert.match(
    certificate,
    /- database-v1beta1-operator-webhook\.\{\{ \.Release\.Namespace \}\}\.svc\n/,
  );
  assert.doesNotMatch(certificate, /database-v1beta1-operator-system/);
  const crd = files.get("chart/templates/crd/bases/db.example.com_databases.yaml")!;
  assert.match(
    crd,
    /cert-manager\.io\/inject-ca-from: \{\{ \.Release\.Namespace \}\}\/database-v1beta1-operator-serving-cert\n/,
  );
});
