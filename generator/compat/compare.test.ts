// One test per compatibility class: each asserts the class, code, spec path, position (in the new
// spec, or the previous one for removals) and the message a user reads.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { CompatFinding } from "./finding.ts";
import { BASE_SPEC, compareSources, edit, lineColOf } from "./testing/compare-sources.ts";

function only(findings: CompatFinding[]): CompatFinding {
  assert.equal(findings.length, 1, JSON.stringify(findings, null, 2));
  return findings[0]!;
}

function expect(
  finding: CompatFinding,
  want: { class: string; code: string; path: string; at: string; file?: string; message: RegExp },
): void {
  assert.equal(finding.class, want.class, finding.message);
  assert.equal(finding.code, want.code, finding.message);
  assert.equal(finding.path, want.path);
  assert.equal(`${finding.line}:${finding.column}`, want.at, finding.message);
  assert.equal(finding.file, want.file ?? "operator.yaml");
  assert.match(finding.message, want.message);
  assert.ok(finding.hint.length > 0);
}

test("the same spec has no findings", () => {
  assert.deepEqual(compareSources(BASE_SPEC, BASE_SPEC), []);
});

test("safe: an optional field added", () => {
  const after = edit("    replicas:\n", "    zone:\n      type: string\n    replicas:\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "safe",
    code: "COMPAT001",
    path: "spec.fields.zone",
    at: lineColOf(after, "zone:"),
    message: /^spec\.zone: optional field added \(string\): objects already stored stay valid$/,
  });
});

test("safe: a new optional status field", () => {
  const after = edit("    endpoint:\n", "    ready:\n      type: boolean\n    endpoint:\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "safe",
    code: "COMPAT001",
    path: "status.fields.ready",
    at: lineColOf(after, "ready:"),
    message: /^status\.ready: optional field added \(boolean\)/,
  });
});

test("safe: a condition type added is reported as that, not as a description change (issue 23)", () => {
  const after = edit(
    "status:\n",
    "status:\n  conditions:\n    - type: Synced\n      description: In sync.\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "safe",
    code: "COMPAT008",
    path: "status.conditions",
    at: lineColOf(after, "conditions:"),
    message:
      /^status\.conditions: condition type Synced added: clients that do not know it ignore it$/,
  });
});

test("risky: a condition type removed", () => {
  const before = edit(
    "status:\n",
    "status:\n  conditions:\n    - type: Synced\n    - type: Degraded\n",
  );
  const after = edit("status:\n", "status:\n  conditions:\n    - type: Synced\n");
  expect(only(compareSources(before, after)), {
    class: "risky",
    code: "COMPAT017",
    path: "status.conditions",
    at: lineColOf(after, "conditions:"),
    message:
      /^status\.conditions: condition type Degraded removed: objects already stored keep it until their next status write, and clients or alerts that wait for it never see it again$/,
  });
});

test("safe: a description changed", () => {
  const after = edit("How big the shop is.", "The shop's size class.");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "safe",
    code: "COMPAT002",
    path: "spec.fields.size.description",
    at: lineColOf(after, "The shop's"),
    message: /^spec\.size: description changed: only kubectl explain and the docs change$/,
  });
});

test("safe: a printer column added", () => {
  const after = `${BASE_SPEC}printerColumns:\n  - name: Size\n    type: string\n    jsonPath: .spec.size\n`;
  const findings = compareSources(BASE_SPEC, after);
  assert.ok(findings.length >= 1);
  assert.ok(findings.every((f) => f.class === "safe" && f.code === "COMPAT003"));
  expect(
    findings.find((f) => /"Size" added/.test(f.message))!,
    {
      class: "safe",
      code: "COMPAT003",
      path: "printerColumns[0]",
      at: lineColOf(after, "name: Size"),
      message:
        /^printer column "Size" added \(\.spec\.size\): only what kubectl get shows changes$/,
    },
  );
});

test("safe: a selectable field added; breaking: one removed", () => {
  const withField = `${BASE_SPEC}selectableFields:\n  - jsonPath: .spec.size\n`;
  expect(only(compareSources(BASE_SPEC, withField)), {
    class: "safe",
    code: "COMPAT007",
    path: "selectableFields[0]",
    at: lineColOf(withField, "jsonPath: .spec.size"),
    message: /^selectable field \.spec\.size added/,
  });
  expect(only(compareSources(withField, BASE_SPEC)), {
    class: "breaking",
    code: "COMPAT033",
    path: "selectableFields[0]",
    at: lineColOf(withField, "jsonPath: .spec.size"),
    file: "base/operator.yaml",
    message: /field label not supported/,
  });
});

test("risky: a default changed", () => {
  const after = edit("      default: small\n", "      default: medium\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "risky",
    code: "COMPAT010",
    path: "spec.fields.size.default",
    at: lineColOf(after, "medium", 1),
    message:
      /^spec\.size: default changed from "small" to "medium": only objects created from now on get it; objects already stored keep "small"$/,
  });
});

test("risky: an enum value added", () => {
  const after = edit("[small, medium, huge]", "[small, medium, huge, giant]");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "risky",
    code: "COMPAT011",
    path: "spec.fields.size.enum[3]",
    at: lineColOf(after, "giant"),
    message:
      /^spec\.size: enum value "giant" added \("small", "medium", "huge" → "small", "medium", "huge", "giant"\)/,
  });
});

test("risky: a bound relaxed", () => {
  const after = edit("      maximum: 10\n", "      maximum: 20\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "risky",
    code: "COMPAT012",
    path: "spec.fields.replicas.maximum",
    at: lineColOf(after, "20"),
    message:
      /^spec\.replicas: maximum raised from 10 to 20: values the previous version refused are now accepted/,
  });
});

test("risky: a pattern removed is validation relaxed, pointed at in the previous spec", () => {
  const before = edit("      maxLength: 63\n", "      maxLength: 63\n      pattern: ^[a-z]+$\n");
  expect(only(compareSources(before, BASE_SPEC)), {
    class: "risky",
    code: "COMPAT012",
    path: "spec.fields.name.pattern",
    at: lineColOf(before, "^[a-z]+$"),
    file: "base/operator.yaml",
    message: /^spec\.name: pattern "\^\[a-z\]\+\$" removed/,
  });
});

test("breaking: a field removed, pointed at in the previous spec", () => {
  const after = edit("    name:\n      type: string\n      maxLength: 63\n", "");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT020",
    path: "spec.fields.name",
    at: lineColOf(BASE_SPEC, "name:\n      type: string\n      maxLength"),
    file: "base/operator.yaml",
    message: /^spec\.name: field removed: objects already stored hold it, the API server prunes it/,
  });
});

test("breaking: a removal and an addition of the same type at one level read as a rename", () => {
  const after = edit("    replicas:\n", "    count:\n");
  const finding = only(compareSources(BASE_SPEC, after));
  expect(finding, {
    class: "breaking",
    code: "COMPAT021",
    path: "spec.fields.count",
    at: lineColOf(after, "count:"),
    message: /^spec\.count: looks like a rename of replicas to count \(both integer\)/,
  });
  assert.match(finding.hint, /^Make it a new version instead: apply the edit below/);
  assert.match(
    finding.edit!,
    /^ {4}count:\n {6}versions:\n {8}renamed: \{ v1alpha1: replicas \}$/m,
  );
});

test("breaking: a type changed", () => {
  const after = edit(
    "    name:\n      type: string\n      maxLength: 63\n",
    "    name:\n      type: integer\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT022",
    path: "spec.fields.name.type",
    at: lineColOf(after, "integer", 1),
    message:
      /^spec\.name: type changed from string to integer: objects already stored hold a string there/,
  });
});

test("breaking: an existing field made required without a default", () => {
  const after = edit("      maxLength: 63\n", "      maxLength: 63\n      required: true\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT023",
    path: "spec.fields.name.required",
    at: lineColOf(after, "true"),
    message:
      /^spec\.name: made required without a default: objects already stored without spec\.name will fail validation/,
  });
});

test("breaking: a new required field without a default", () => {
  const after = edit(
    "    replicas:\n",
    "    region:\n      type: string\n      required: true\n    replicas:\n",
  );
  const findings = compareSources(BASE_SPEC, after);
  const region = findings.find((f) => f.path === "spec.fields.region")!;
  expect(region, {
    class: "breaking",
    code: "COMPAT023",
    path: "spec.fields.region",
    at: lineColOf(after, "region:"),
    message: /^spec\.region: new required field without a default/,
  });
});

test("breaking: an enum value removed names the stored value that fails", () => {
  const after = edit("[small, medium, huge]", "[small, medium]");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT024",
    path: "spec.fields.size.enum",
    at: lineColOf(after, "enum: [small, medium]"),
    message:
      /^spec\.size: enum value "huge" removed \("small", "medium", "huge" → "small", "medium"\): objects already stored with spec\.size=huge will fail validation on their next update$/,
  });
});

test("breaking: maxLength lowered", () => {
  const after = edit("      maxLength: 63\n", "      maxLength: 10\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT025",
    path: "spec.fields.name.maxLength",
    at: lineColOf(after, "10", 1),
    message:
      /^spec\.name: maxLength lowered from 63 to 10: objects already stored with a longer value/,
  });
});

test("breaking: a pattern added", () => {
  const after = edit("      maxLength: 63\n", "      maxLength: 63\n      pattern: ^[a-z]+$\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT025",
    path: "spec.fields.name.pattern",
    at: lineColOf(after, "^[a-z]+$"),
    message:
      /^spec\.name: pattern "\^\[a-z\]\+\$" added: objects already stored with a value that does not match/,
  });
});

test("breaking: a new CEL rule", () => {
  const after = edit(
    "      maximum: 10\n",
    "      maximum: 10\n      rules:\n        - rule: self % 2 == 1\n          message: replicas must be odd\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT026",
    path: "spec.fields.replicas.rules[0]",
    at: lineColOf(after, "rule: self"),
    message:
      /^spec\.replicas: new CEL rule "self % 2 == 1": objects already stored that it refuses/,
  });
});

test("breaking: a field made immutable", () => {
  const after = edit("      maxLength: 63\n", "      maxLength: 63\n      immutable: true\n");
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT027",
    path: "spec.fields.name.immutable",
    at: lineColOf(after, "true"),
    message:
      /^spec\.name: made immutable: objects already stored keep their value, but any update that changes it is now refused/,
  });
});

test("breaking: a list type changed", () => {
  const before = edit("      type: array\n", "      type: array\n      listType: atomic\n");
  const after = edit(
    "      type: array\n      items:\n        type: object\n        fields:\n          sku:\n            type: string\n",
    "      type: array\n      listType: set\n      items:\n        type: string\n",
  );
  const findings = compareSources(before, after);
  assert.ok(
    findings.some((f) => f.code === "COMPAT022" && f.path === "spec.fields.items.items.type"),
  );
  const listType = findings.find((f) => f.code === "COMPAT028")!;
  expect(listType, {
    class: "breaking",
    code: "COMPAT028",
    path: "spec.fields.items.listType",
    at: lineColOf(after, "set"),
    message: /^spec\.items: listType changed from "atomic" to "set"/,
  });
});

test("breaking: a map type changed to atomic, or back; granular said out loud is no change", () => {
  const atomic = edit(
    "    owner:\n      type: object\n",
    "    owner:\n      type: object\n      mapType: atomic\n",
  );
  expect(only(compareSources(BASE_SPEC, atomic)), {
    class: "breaking",
    code: "COMPAT035",
    path: "spec.fields.owner.mapType",
    at: lineColOf(atomic, "atomic"),
    message:
      /^spec\.owner: mapType changed from granular to atomic: server-side apply now replaces the whole value/,
  });
  const back = compareSources(atomic, BASE_SPEC);
  expect(only(back), {
    class: "breaking",
    code: "COMPAT035",
    path: "spec.fields.owner",
    at: lineColOf(BASE_SPEC, "owner:"),
    message:
      /^spec\.owner: mapType changed from atomic to granular: server-side apply now merges key by key/,
  });
  const granular = edit(
    "    labels:\n      type: map\n",
    "    labels:\n      type: map\n      mapType: granular\n",
  );
  assert.deepEqual(compareSources(BASE_SPEC, granular), []);
});

test("breaking: the scope changed", () => {
  const after = edit("  kind: Shop\n", "  kind: Shop\n  scope: Cluster\n");
  const finding = compareSources(BASE_SPEC, after).find((f) => f.code === "COMPAT029")!;
  expect(finding, {
    class: "breaking",
    code: "COMPAT029",
    path: "api.scope",
    at: lineColOf(after, "Cluster"),
    message:
      /^api\.scope changed from Namespaced to Cluster: the API server cannot change the scope of an existing CRD/,
  });
  assert.equal(finding.version, null);
});

test("breaking: the only (so storage) version replaced, and the schema still compared with the new one", () => {
  const after = edit(
    "    - name: v1alpha1\n",
    "    - name: v1beta1\n",
    edit("      maximum: 10\n", "      maximum: 5\n"),
  );
  const findings = compareSources(BASE_SPEC, after);
  expect(
    findings.find((f) => f.code === "COMPAT036")!,
    {
      class: "breaking",
      code: "COMPAT036",
      path: "api.versions[0].name",
      at: lineColOf(BASE_SPEC, "v1alpha1\n", 1),
      file: "base/operator.yaml",
      message:
        /^version v1alpha1 removed while it is the storage version: every object written so far is stored in v1alpha1/,
    },
  );
  assert.ok(findings.some((f) => f.code === "COMPAT025" && f.version === "v1beta1"));
});

test("breaking: the kind changed", () => {
  const after = edit("  kind: Shop\n", "  kind: Store\n");
  const codes = compareSources(BASE_SPEC, after).map((f) => `${f.code} ${f.path}`);
  assert.ok(codes.includes("COMPAT031 api.kind"), codes.join("\n"));
  assert.ok(
    codes.includes("COMPAT031 api.kind") &&
      codes.filter((c) => c.startsWith("COMPAT031")).length === 2,
    "kind and the plural derived from it",
  );
});

test("nested: a field removed inside an object", () => {
  const after = edit(
    "    owner:\n      type: object\n      fields:\n        email:\n          type: string\n",
    "    owner:\n      type: object\n      fields:\n        phone:\n          type: integer\n",
  );
  const findings = compareSources(BASE_SPEC, after);
  expect(
    findings.find((f) => f.code === "COMPAT020")!,
    {
      class: "breaking",
      code: "COMPAT020",
      path: "spec.fields.owner.fields.email",
      at: lineColOf(BASE_SPEC, "email:"),
      file: "base/operator.yaml",
      message: /^spec\.owner\.email: field removed/,
    },
  );
  expect(
    findings.find((f) => f.code === "COMPAT001")!,
    {
      class: "safe",
      code: "COMPAT001",
      path: "spec.fields.owner.fields.phone",
      at: lineColOf(after, "phone:"),
      message: /^spec\.owner\.phone: optional field added \(integer\)/,
    },
  );
});

test("nested: a type changed inside list items", () => {
  const after = edit(
    "          sku:\n            type: string\n",
    "          sku:\n            type: integer\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT022",
    path: "spec.fields.items.items.fields.sku.type",
    at: lineColOf(after, "integer", 1),
    message: /^spec\.items\[\*\]\.sku: type changed from string to integer/,
  });
});

test("nested: a bound added inside map values", () => {
  const after = edit(
    "          value:\n            type: string\n",
    "          value:\n            type: string\n            maxLength: 8\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT025",
    path: "spec.fields.labels.values.fields.value.maxLength",
    at: lineColOf(after, "8\n"),
    message:
      /^spec\.labels\.<key>\.value: maxLength 8 added: objects already stored with a longer value/,
  });
});

test("risky: the first child adds a rule on the object's name", () => {
  const after = `${BASE_SPEC}children:\n  - apiVersion: v1\n    kind: ConfigMap\n`;
  const finding = compareSources(BASE_SPEC, after).find((f) => f.code === "COMPAT015")!;
  expect(finding, {
    class: "risky",
    code: "COMPAT015",
    path: "children",
    at: lineColOf(after, "children:"),
    message:
      // A ConfigMap's name is a 253-character DNS subdomain, of which "-config" takes 7.
      /^metadata\.name: new rule "self\.metadata\.name\.size\(\) <= 246" \(metadata\.name must be at most 246 characters: the ConfigMap child's name holds it and adds the rest\): objects already stored whose name breaks it fail their next update/,
  });
  assert.ok(compareSources(BASE_SPEC, after).every((f) => f.class !== "breaking"));
});

test("breaking: a phase removed is an enum value removed from status.phase", () => {
  const phases = (failed: boolean) =>
    "status:\n  phases:\n    - name: Pending\n      initial: true\n" +
    `      next: [Ready${failed ? ", Failed" : ""}]\n    - name: Ready\n      next: [Pending${failed ? ", Failed" : ""}]\n` +
    (failed ? "    - name: Failed\n      terminal: true\n" : "");
  const before = edit("status:\n", phases(true));
  const after = edit("status:\n", phases(false));
  const findings = compareSources(before, after);
  expect(
    findings.find((f) => f.code === "COMPAT024")!,
    {
      class: "breaking",
      code: "COMPAT024",
      path: "status.phases",
      at: lineColOf(after, "phases:"),
      message:
        /^status\.phase: enum value "Failed" removed .*objects already stored with status\.phase=Failed will fail validation/,
    },
  );
});

test("breaking: a format added", () => {
  const after = edit(
    "        email:\n          type: string\n",
    "        email:\n          type: string\n          format: email\n",
  );
  expect(only(compareSources(BASE_SPEC, after)), {
    class: "breaking",
    code: "COMPAT025",
    path: "spec.fields.owner.fields.email.format",
    at: lineColOf(after, "email\n"),
    message:
      /^spec\.owner\.email: format "email" added: objects already stored with a value that is not a valid email will fail validation/,
  });
});

test("risky: a CEL rule removed, pointed at in the previous spec", () => {
  const before = edit(
    "      maximum: 10\n",
    "      maximum: 10\n      rules:\n        - rule: self % 2 == 1\n          message: replicas must be odd\n",
  );
  expect(only(compareSources(before, BASE_SPEC)), {
    class: "risky",
    code: "COMPAT012",
    path: "spec.fields.replicas.rules[0]",
    at: lineColOf(before, "rule: self"),
    file: "base/operator.yaml",
    message:
      /^spec\.replicas: CEL rule "self % 2 == 1" removed: values it refused are now accepted/,
  });
});

test("safe: only a rule's message changed", () => {
  const rule = (message: string) =>
    edit(
      "      maximum: 10\n",
      `      maximum: 10\n      rules:\n        - rule: self % 2 == 1\n          message: ${message}\n`,
    );
  const after = rule("an odd number please");
  expect(only(compareSources(rule("replicas must be odd"), after)), {
    class: "safe",
    code: "COMPAT004",
    path: "spec.fields.replicas.rules[0]",
    at: lineColOf(after, "rule: self"),
    message:
      /^spec\.replicas: the message of rule "self % 2 == 1" changed from "replicas must be odd" to "an odd number please"/,
  });
});

test("a spec added to or removed from a kind that had none, or had one", () => {
  const none = BASE_SPEC.replace(/^spec:\n(?: {2}.*\n)+/m, "");
  assert.doesNotMatch(none, /^spec:/m);
  expect(only(compareSources(BASE_SPEC, none)), {
    class: "breaking",
    code: "COMPAT020",
    path: "spec",
    at: lineColOf(BASE_SPEC, "spec:\n"),
    file: "base/operator.yaml",
    message: /^spec: field removed: objects already stored hold it/,
  });
  expect(only(compareSources(none, BASE_SPEC)), {
    class: "safe",
    code: "COMPAT001",
    path: "spec",
    at: lineColOf(BASE_SPEC, "spec:\n"),
    message: /^spec: optional field added \(object\)/,
  });
  const required = edit("      maxLength: 63\n", "      maxLength: 63\n      required: true\n");
  expect(only(compareSources(none, required)), {
    class: "breaking",
    code: "COMPAT023",
    path: "spec",
    at: lineColOf(required, "spec:\n"),
    message: /^spec: new required field without a default/,
  });
});

test("spec itself made required (spec.required), or no longer required", () => {
  const required = edit("spec:\n", "spec:\n  required: true\n");
  const made = compareSources(BASE_SPEC, required);
  assert.equal(made.length, 1, JSON.stringify(made, null, 2));
  assert.equal(made[0]!.class, "breaking", made[0]!.message);
  assert.match(made[0]!.message, /^spec: made required/);
  const relaxed = compareSources(required, BASE_SPEC);
  assert.deepEqual(
    relaxed.map((f) => [f.class, f.code]),
    [["risky", "COMPAT012"]],
    relaxed.map((f) => f.message).join("; "),
  );
});
