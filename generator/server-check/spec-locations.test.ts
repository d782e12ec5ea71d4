import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { formatPath } from "../check/report.ts";
import { parseSpec } from "../parse/parse-spec.ts";
import { loadSpec } from "../pipeline.ts";
import { buildCrd } from "../render/manifests/crd.ts";
import { leadingFieldPath, parseFieldPath } from "./field-paths.ts";
import { anchorFor, crdFieldToSpec, objectFieldToSpec, ruleQuotedIn } from "./spec-locations.ts";

const source = readFileSync(new URL("../../examples/database.yaml", import.meta.url), "utf8");
const parsed = parseSpec(source, "database.yaml");
if (!parsed.ok) throw new Error("the example parses");
const data = parsed.spec.data as Record<string, unknown>;
const crd = buildCrd(loadSpec(source, "database.yaml").model);

/** line:col of the first occurrence of `text` after `after`, 1-based. */
function at(text: string, after = ""): string {
  const offset = source.indexOf(text, source.indexOf(after));
  assert.ok(offset >= 0, `${text} is in the example`);
  const before = source.slice(0, offset).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

function located(path: readonly (string | number)[]): string {
  const p = parsed.ok ? parsed.spec.positionOf(path, anchorFor(data, path)) : { line: 0, col: 0 };
  return `${formatPath(path)} ${p.line}:${p.col}`;
}

test("field paths split into names and subscripts; a subscript keeps its dots", () => {
  assert.deepEqual(parseFieldPath("spec.tags[team.example.com].x-kubernetes-validations[0].rule"), [
    { name: "spec" },
    { name: "tags" },
    { key: "team.example.com" },
    { name: "x-kubernetes-validations" },
    { key: "0" },
    { name: "rule" },
  ]);
  assert.deepEqual(leadingFieldPath("spec.backup: Invalid value: x"), {
    field: "spec.backup",
    rest: "Invalid value: x",
  });
  assert.equal(leadingFieldPath("no path here"), undefined);
});

test("a CRD rule path maps to the rule in the spec, in either form the server writes", () => {
  const rule = "properties[spec].properties[backup].x-kubernetes-validations[0].rule";
  const want = `spec.fields.backup.rules[0].rule ${at('"!self.enabled')}`;
  assert.equal(located(crdFieldToSpec(`spec.validation.openAPIV3Schema.${rule}`, crd, data)), want);
  assert.equal(
    located(crdFieldToSpec(`spec.versions[0].schema.openAPIV3Schema.${rule}`, crd, data)),
    want,
  );
});

test("generated rules map to the key that asked for them: immutable", () => {
  // engine is immutable: the CRD's first rule on it is self == oldSelf.
  const path = crdFieldToSpec(
    "spec.validation.openAPIV3Schema.properties[spec].properties[engine].x-kubernetes-validations[0].rule",
    crd,
    data,
  );
  // The long form ({ message }) is a mapping: the key that asked for the rule is the location.
  assert.equal(located(path), `spec.fields.engine.immutable ${at("immutable: { message")}`);
});

test("keywords, items and values map to their spec keys; unknown ones to the nearest node", () => {
  const schema = "spec.validation.openAPIV3Schema.properties[spec].properties";
  assert.equal(
    formatPath(crdFieldToSpec(`${schema}[allowedCIDRs].items.maxLength`, crd, data)),
    "spec.fields.allowedCIDRs.items.maxLength",
  );
  assert.equal(
    formatPath(crdFieldToSpec(`${schema}[tags].additionalProperties.maxLength`, crd, data)),
    "spec.fields.tags.values.maxLength",
  );
  // backup's default is the example's own: it is reported where it is written.
  assert.equal(
    formatPath(crdFieldToSpec(`${schema}[backup].default`, crd, data)),
    "spec.fields.backup.default",
  );
  assert.equal(
    formatPath(crdFieldToSpec(`${schema}[allowedCIDRs].x-kubernetes-list-type`, crd, data)),
    "spec.fields.allowedCIDRs.listType",
  );
  assert.equal(
    formatPath(
      crdFieldToSpec(
        "spec.validation.openAPIV3Schema.properties[status].properties[phase]",
        crd,
        data,
      ),
    ),
    "status.phases",
  );
});

test("names and printer columns map to api and printerColumns", () => {
  assert.equal(formatPath(crdFieldToSpec("spec.names.plural", crd, data)), "api.kind");
  assert.equal(
    formatPath(crdFieldToSpec("spec.names.shortNames[0]", crd, data)),
    "api.shortNames[0]",
  );
  assert.equal(formatPath(crdFieldToSpec("spec.group", crd, data)), "api.group");
  assert.equal(
    formatPath(crdFieldToSpec("spec.versions[0].additionalPrinterColumns[1].jsonPath", crd, data)),
    "printerColumns[1].jsonPath",
  );
  assert.equal(
    formatPath(crdFieldToSpec("spec.versions[0].name", crd, data)),
    "api.versions[0].name",
  );
});

test("an object's field path maps to the field, or to the rule whose message the server quotes", () => {
  assert.equal(
    located(
      objectFieldToSpec("spec.backup.retentionDays", "Invalid value: 40: must be <= 35", data),
    ),
    `spec.fields.backup.fields.retentionDays ${at("retentionDays:\n")}`,
  );
  assert.equal(
    formatPath(
      objectFieldToSpec(
        "spec.backup.retentionDays",
        'Invalid value: "object": retentionDays must be at least 1 when backups are enabled',
        data,
      ),
    ),
    "spec.fields.backup.rules[0]",
  );
  assert.equal(
    formatPath(objectFieldToSpec("spec.allowedCIDRs[3]", "x", data)),
    "spec.fields.allowedCIDRs.items",
  );
  assert.equal(
    formatPath(objectFieldToSpec("spec.tags[a.b]", "x", data)),
    "spec.fields.tags.values",
  );
  assert.equal(formatPath(objectFieldToSpec("spec.nope.deeper", "x", data)), "spec");
  assert.equal(formatPath(objectFieldToSpec("<nil>", "x", data)), "");
});

test("a path inside a default names the field whose default it is", () => {
  const schema = "spec.validation.openAPIV3Schema.properties[spec]";
  assert.equal(
    located(crdFieldToSpec(`${schema}.default.storageGB`, crd, data)),
    `spec.fields.storageGB.default ${at("20", "storageGB:")}`,
  );
  assert.equal(
    formatPath(crdFieldToSpec(`${schema}.properties[backup].default.retentionDays`, crd, data)),
    "spec.fields.backup.fields.retentionDays.default",
  );
});

test("a CEL compile error names the rule it quotes, wherever the server reported it", () => {
  const message =
    'Invalid value: "object": rule compile error: compilation failed: ERROR: <input>:1:5: x\n | self >= oldSelf\n | ....^';
  assert.equal(
    formatPath(ruleQuotedIn(message, data) ?? []),
    "spec.fields.storageGB.rules[0].rule",
  );
  assert.equal(ruleQuotedIn("no rule quoted here", data), undefined);
});
