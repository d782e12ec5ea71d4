import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { OperatorModel } from "../../model/types.ts";
import { crdPath, renderCrd } from "./crd.ts";
import { documentsOf, EXAMPLES, exampleModel, field, fixtureModel } from "./testing/fixtures.ts";
import { schemaNodes, structuralProblems } from "./testing/structural.ts";

function crdOf(model: OperatorModel) {
  const [crd, ...rest] = documentsOf(renderCrd(model));
  assert.equal(rest.length, 0);
  return crd!;
}

function checkCommon(model: OperatorModel) {
  const crd = crdOf(model);
  assert.equal(
    renderCrd(model).path,
    `config/crd/bases/${model.api.group}_${model.api.plural}.yaml`,
  );
  assert.equal(crd.apiVersion, "apiextensions.k8s.io/v1");
  assert.equal(crd.metadata.name, model.api.crdName);
  assert.equal(crd.metadata.labels["app.kubernetes.io/component"], "crd");
  for (const [key, value] of Object.entries(model.labels))
    assert.equal(crd.metadata.labels[key], value);
  assert.equal(crd.spec.preserveUnknownFields, undefined, "pruning stays on");
  assert.equal(crd.spec.scope, model.api.scope);
  assert.deepEqual(crd.spec.names.kind, model.api.kind);
  assert.equal(crd.spec.versions.filter((v: any) => v.storage).length, 1);
  for (const version of crd.spec.versions) {
    const schema = version.schema.openAPIV3Schema;
    assert.deepEqual(structuralProblems(schema), []);
    assert.deepEqual(version.subresources.status, {});
    assert.equal(schema.properties.metadata.type, "object");
    const status = schema.properties.status;
    assert.deepEqual(status.properties.observedGeneration, {
      ...status.properties.observedGeneration,
      type: "integer",
      format: "int64",
    });
    const conditions = status.properties.conditions;
    assert.equal(conditions["x-kubernetes-list-type"], "map");
    assert.deepEqual(conditions["x-kubernetes-list-map-keys"], ["type"]);
    assert.deepEqual(conditions.items.required, [
      "lastTransitionTime",
      "message",
      "reason",
      "status",
      "type",
    ]);
    assert.deepEqual(conditions.items.properties.status.enum, ["True", "False", "Unknown"]);
    assert.equal(
      conditions.items.properties.reason.pattern,
      "^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$",
    );
    assert.equal(conditions.items.properties.type.maxLength, 316);
    // The spec author's status defaults are carried (the reconciler applies them before it
    // compares, see status-defaults-view.ts); what the runtime writes never defaults.
    for (const name of ["observedGeneration", "phase", "conditions"])
      for (const [path, node] of schemaNodes(status.properties[name] ?? {}))
        assert.equal(node.default, undefined, `status.${name}${path} must not default`);
    assert.deepEqual(
      version.additionalPrinterColumns ?? [],
      model.printerColumns.map((c) => ({ ...c })),
    );
    if (model.status.phases.length > 0)
      assert.deepEqual(
        status.properties.phase.enum,
        model.status.phases.map((p) => p.name),
      );
    else assert.equal(status.properties.phase, undefined);
  }
  return crd;
}

describe("CRD from the examples", () => {
  for (const name of EXAMPLES) {
    it(`${name}: structural, status subresource, conditions, printer columns`, () => {
      checkCommon(exampleModel(name));
    });
  }

  it("database: immutable engine, defaults, backup's explicit default", () => {
    const spec = checkCommon(exampleModel("database")).spec.versions[0].schema.openAPIV3Schema
      .properties.spec;
    assert.deepEqual(spec.properties.engine["x-kubernetes-validations"], [
      {
        rule: "self == oldSelf",
        message: "engine cannot be switched in place; create a new Database and migrate",
      },
    ]);
    assert.equal(spec.properties.engine.default, "postgres");
    // Spelled out in the example, not {}: the server checks the backup rule against the default as written.
    assert.deepEqual(spec.properties.backup.default, { enabled: true, retentionDays: 7 });
    assert.equal(spec.properties.backup.properties.retentionDays.default, 7);
    assert.deepEqual(
      spec.properties.backup["x-kubernetes-validations"][0].fieldPath,
      ".retentionDays",
    );
    assert.equal(spec.properties.allowedCIDRs["x-kubernetes-list-type"], "set");
    assert.equal(spec.properties.allowedCIDRs.items.format, "cidr");
    assert.deepEqual(spec.properties.tags.additionalProperties, { type: "string", maxLength: 256 });
    assert.equal(spec.properties.tags.maxProperties, 16);
    assert.deepEqual(
      spec.default,
      {
        engine: "postgres",
        version: "16",
        size: "small",
        storageGB: 20,
        backup: { enabled: true, retentionDays: 7 },
      },
      "no required spec fields: spec itself defaults",
    );
  });

  it("dns-zone: cluster-scoped, spec required, list-map records, no scale", () => {
    const crd = checkCommon(exampleModel("dns-zone"));
    assert.equal(crd.spec.scope, "Cluster");
    const version = crd.spec.versions[0];
    const root = version.schema.openAPIV3Schema;
    assert.deepEqual(root.required, ["spec"]);
    assert.deepEqual(root.properties.spec.required, ["domain"]);
    assert.deepEqual(root.properties.spec.properties.domain["x-kubernetes-validations"], [
      { rule: "self == oldSelf", message: "domain is immutable" },
    ]);
    const records = root.properties.spec.properties.records;
    assert.equal(records["x-kubernetes-list-type"], "map");
    assert.deepEqual(records["x-kubernetes-list-map-keys"], ["name", "type"]);
    assert.equal(records.items.properties.values["x-kubernetes-list-type"], "atomic");
    assert.equal(version.subresources.scale, undefined);
  });

  it("web-app: scale subresource, int-or-string, free-form, spec-level CEL", () => {
    const version = checkCommon(exampleModel("web-app")).spec.versions[0];
    assert.deepEqual(version.subresources.scale, {
      specReplicasPath: ".spec.replicas",
      statusReplicasPath: ".status.replicas",
      labelSelectorPath: ".status.selector",
    });
    const spec = version.schema.openAPIV3Schema.properties.spec;
    assert.deepEqual(spec.properties.servicePort, {
      description: "Service port, a number or a named port.",
      "x-kubernetes-int-or-string": true,
      default: "http",
    });
    assert.equal(spec.properties.extraConfig.type, "object");
    assert.equal(spec.properties.extraConfig["x-kubernetes-preserve-unknown-fields"], true);
    assert.deepEqual(spec["x-kubernetes-validations"], [
      {
        rule: "self.replicas <= 10 || self.port != 80",
        message: "more than 10 replicas cannot listen on port 80",
      },
    ]);
    assert.equal(spec.default, undefined, "image is required: spec does not default");
  });
});

describe("CRD from a hand-built model", () => {
  const model = fixtureModel();
  const root = checkCommon(model).spec.versions[0].schema.openAPIV3Schema;
  const spec = root.properties.spec;

  it("maps every constraint keyword", () => {
    assert.deepEqual(spec.properties.owner, { type: "string", format: "email", maxLength: 254 });
    assert.deepEqual(spec.properties.count, { type: "integer", minimum: 3, maximum: 9 });
    assert.deepEqual(spec.properties.ratio, { type: "number", nullable: true, default: null });
    assert.deepEqual(spec.properties.mode, { type: "string", enum: ["fast", "safe"] });
    assert.equal(spec.properties.labels.minProperties, 1);
    assert.equal(spec.properties.ports.minItems, 2);
    assert.deepEqual(spec.required, ["owner", "count", "mode", "network", "labels", "ports"]);
    assert.deepEqual(root.required, ["spec"]);
  });

  it("an optional immutable field can neither change nor be removed", () => {
    assert.deepEqual(spec.properties.zone["x-kubernetes-validations"], [
      { rule: "self == oldSelf", message: "zone is immutable" },
    ]);
    assert.deepEqual(spec["x-kubernetes-validations"], [
      {
        rule: "!has(oldSelf.zone) || has(self.zone)",
        message: "zone is immutable and cannot be removed once set",
      },
      {
        rule: "self.count > 3 || self.mode == 'safe'",
        message: "few widgets must be safe",
        reason: "FieldValueInvalid",
      },
    ]);
  });

  it("an owner's name must fit its children: each kind's limit, and a Service's DNS-1035 name", () => {
    const rulesOf = (model: OperatorModel) =>
      crdOf(model).spec.versions[0].schema.openAPIV3Schema["x-kubernetes-validations"]?.map(
        (r: { rule: string }) => r.rule,
      );
    assert.equal(rulesOf(exampleModel("dns-zone")), undefined, "no children, no limit");
    // Its one child is the Secret <owner>-connection: a DNS subdomain of 253 characters.
    assert.deepEqual(rulesOf(exampleModel("database")), ["self.metadata.name.size() <= 242"]);
    assert.deepEqual(rulesOf(exampleModel("web-app")), [
      "self.metadata.name.size() <= 63",
      "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
    ]);
  });

  it("an optional immutable field named like a CEL keyword is read under its escaped name", () => {
    const model = fixtureModel({
      spec: {
        fields: [field("namespace", "string", { immutable: true, maxLength: 63 })],
        required: false,
        rules: [],
      },
    });
    const schema = crdOf(model).spec.versions[0].schema.openAPIV3Schema.properties.spec;
    assert.deepEqual(schema["x-kubernetes-validations"], [
      {
        rule: "!has(oldSelf.__namespace__) || has(self.__namespace__)",
        message: "namespace is immutable and cannot be removed once set",
      },
    ]);
  });

  it("an optional object of defaulted children gets no default: left out, it stays absent", () => {
    assert.equal(spec.properties.limits.default, undefined);
    assert.deepEqual(spec.properties.limits.properties.cpu, {
      "x-kubernetes-int-or-string": true,
      default: 1,
    });
  });

  it("status fields keep their defaults (the reconciler applies them before it compares)", () => {
    assert.deepEqual(root.properties.status.properties.history, {
      type: "array",
      items: { type: "string" },
      "x-kubernetes-list-type": "atomic",
      default: ["x"],
    });
  });

  it("the structural checker catches what it claims to", () => {
    assert.deepEqual(
      structuralProblems({
        type: "object",
        properties: { a: {} },
        additionalProperties: { type: "string" },
      }),
      ["openAPIV3Schema: both properties and additionalProperties", "openAPIV3Schema.a: no type"],
    );
    assert.deepEqual(structuralProblems({ type: "array", items: { type: "string" } }), [
      "openAPIV3Schema: array without x-kubernetes-list-type",
    ]);
  });

  it("keeps long CEL rules on one line", () => {
    const long =
      "self.count > 3 || " +
      Array.from({ length: 30 }, (_, i) => `self.mode == 'm${i}'`).join(" || ");
    const content = renderCrd(
      fixtureModel({
        spec: { ...model.spec, rules: [{ rule: long, message: "m" }] },
      }),
    ).content;
    assert.ok(content.includes(`- rule: ${long}\n`));
  });

  it("names the file after group and plural", () => {
    assert.equal(crdPath(model), "config/crd/bases/widgets.example.com_widgets.yaml");
  });
});
