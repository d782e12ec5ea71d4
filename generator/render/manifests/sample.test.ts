import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { Ownership } from "../../base/files.ts";
import type { OperatorModel } from "../../model/types.ts";
import { exampleObject, exampleValue } from "./example-values.ts";
import { fieldViolations, objectViolations } from "./field-violations.ts";
import { renderSamples } from "./sample.ts";
import { documentsOf, EXAMPLES, exampleModel, field, fixtureModel } from "./testing/fixtures.ts";

function sampleOf(model: OperatorModel) {
  const [sample, kustomization] = renderSamples(model);
  const fileName = `${model.api.group}_${model.api.version}_${model.api.singular}.yaml`;
  assert.equal(sample!.path, `config/samples/${fileName}`);
  assert.equal(sample!.ownership, Ownership.ScaffoldOnce);
  assert.equal(kustomization!.ownership, Ownership.ScaffoldOnce);
  // A parameters object (tenancy) comes before the sample it admits.
  assert.equal(documentsOf(kustomization!)[0]!.resources.at(-1), fileName);
  const [object] = documentsOf(sample!);
  return object!;
}

function checkSample(model: OperatorModel) {
  const object = sampleOf(model);
  assert.equal(object.apiVersion, model.api.apiVersion);
  assert.equal(object.kind, model.api.kind);
  assert.equal(object.metadata.name, `${model.api.singular}-sample`);
  assert.equal(object.metadata.namespace, undefined, "left to kubectl apply -n");
  assert.deepEqual(objectViolations(model.spec.fields, object.spec, "spec"), []);
  assert.deepEqual(
    Object.keys(object.spec),
    model.spec.fields.filter((f) => f.required).map((f) => f.name),
    "required fields only",
  );
  return object;
}

describe("sample object", () => {
  for (const name of EXAMPLES)
    it(`${name}: every required field, each valid`, () => {
      checkSample(exampleModel(name));
    });

  it("dns-zone: a hostname for the domain", () =>
    assert.deepEqual(checkSample(exampleModel("dns-zone")).spec, { domain: "example.com" }));
  it("web-app: an image for the image field; the spec rule accepts it with the defaults", () =>
    assert.deepEqual(checkSample(exampleModel("web-app")).spec, { image: "nginx:1.27" }));
  it("database: nothing required, empty spec", () =>
    assert.deepEqual(checkSample(exampleModel("database")).spec, {}));

  it("hand-built model: formats, minimum, enum, minProperties, minItems with distinct map keys", () => {
    const spec = checkSample(fixtureModel()).spec;
    assert.deepEqual(spec, {
      owner: "user@example.com",
      // From the spec rule's valid example: count 3 with mode fast is refused by the rule.
      count: 4,
      mode: "fast",
      network: "10.0.0.0/24",
      labels: { "key-1": "example" },
      ports: [
        { name: "example", port: 1 },
        { name: "example-1", port: 2 },
      ],
    });
  });
});

describe("tenancy parameters sample", () => {
  it("database: the DatabaseAllowance named tenancy with the spec's example, applied before the sample", () => {
    const model = exampleModel("database");
    const files = renderSamples(model);
    const file = "db.example.com_v1alpha1_databaseallowance.yaml";
    const parameters = files.find((f) => f.path === `config/samples/${file}`);
    assert.ok(parameters, files.map((f) => f.path).join(", "));
    assert.equal(parameters.ownership, Ownership.ScaffoldOnce);
    const [object] = documentsOf(parameters);
    assert.equal(object!.apiVersion, "db.example.com/v1alpha1");
    assert.equal(object!.kind, "DatabaseAllowance");
    assert.equal(object!.metadata.name, "tenancy");
    assert.deepEqual(object!.spec, model.tenancy!.parameters!.example);
    const kustomization = documentsOf(
      files.find((f) => f.path.endsWith("kustomization.yaml"))!,
    )[0]!;
    assert.deepEqual(kustomization.resources, [file, "db.example.com_v1alpha1_database.yaml"]);
    assert.deepEqual(
      kustomization.sortOptions,
      { order: "fifo" },
      "kubectl keeps the listed order",
    );
  });

  it("web-app: no tenancy parameters, no parameters sample", () =>
    assert.deepEqual(
      renderSamples(exampleModel("web-app")).map((f) => f.path),
      ["config/samples/apps.example.com_v1_webapp.yaml", "config/samples/kustomization.yaml"],
    ));
});

describe("example values", () => {
  it("prefers the default, then the first enum value", () => {
    assert.equal(
      exampleValue(field("size", "string", { enum: ["small", "large"], default: "large" })),
      "large",
    );
    assert.equal(exampleValue(field("size", "string", { enum: ["small", "large"] })), "small");
  });

  it("satisfies pattern and length together", () => {
    const version = field("version", "string", { pattern: "^[0-9]+(\\.[0-9]+)?$", maxLength: 16 });
    assert.equal(exampleValue(version), "1.0");
    const code = field("code", "string", { pattern: "^[A-Z]{3}$" });
    assert.deepEqual(fieldViolations(code, exampleValue(code)), [], String(exampleValue(code)));
    const long = field("token", "string", { minLength: 12 });
    assert.deepEqual(fieldViolations(long, exampleValue(long)), []);
  });

  it("numbers within bounds, maximum below 1 included", () => {
    assert.equal(exampleValue(field("n", "integer", { minimum: 10, maximum: 20 })), 10);
    assert.equal(exampleValue(field("n", "integer", { maximum: -5 })), -5);
    assert.equal(exampleValue(field("n", "number")), 1);
  });

  it("a format value for every format the API server checks", () => {
    for (const format of [
      "hostname",
      "cidr",
      "ipv4",
      "ipv6",
      "email",
      "uri",
      "uuid",
      "date",
      "date-time",
      "duration",
      "mac",
      "byte",
    ]) {
      const f = field("x", "string", { format });
      assert.deepEqual(fieldViolations(f, exampleValue(f)), [], format);
    }
  });

  it("distinct elements for a set list", () => {
    const set = field("cidrs", "array", {
      listType: "set",
      minItems: 3,
      items: field("cidrs", "string", { format: "cidr" }),
    });
    const value = exampleValue(set) as string[];
    assert.equal(new Set(value).size, 3);
    assert.deepEqual(fieldViolations(set, value), []);
  });

  it("objects get required fields, then optional ones up to minProperties", () => {
    const fields = [
      field("a", "string"),
      field("b", "boolean", { required: true }),
      field("c", "integer"),
    ];
    assert.deepEqual(exampleObject(fields), { b: false });
    assert.deepEqual(exampleObject(fields, 2), { a: "example", b: false });
  });

  it("violations name the path and the broken constraint", () => {
    const port = field("port", "integer", { minimum: 1, maximum: 65535 });
    assert.deepEqual(fieldViolations(port, 0), ["port: 0 < minimum 1"]);
    assert.deepEqual(fieldViolations(port, "80"), ['port: "80" is not of type integer']);
    assert.deepEqual(objectViolations([port], { other: 1 }, "spec"), ["spec.other: unknown field"]);
    assert.deepEqual(objectViolations([{ ...port, required: true }], {}, "spec"), [
      "spec.port: required",
    ]);
  });
});
