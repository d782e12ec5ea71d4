import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { readPinnedVersions } from "../../envtest/versions.ts";
import {
  inlinedSchema,
  isKubernetesTypeName,
  kubernetesTsType,
  kubernetesTypes,
  withoutDescriptions,
} from "./catalog.ts";
import { convertDefinition, QUANTITY_SCHEMA, specTypeName, upstreamDefinition } from "./convert.ts";
import { goMarkers } from "./default-markers.ts";

const controllerGen = JSON.parse(
  readFileSync(new URL("testdata/controller-gen-alertmanager.json", import.meta.url), "utf8"),
) as { types: Record<string, unknown> };

describe("Kubernetes types by reference", () => {
  it("come from the pinned Kubernetes release", () => {
    assert.equal(kubernetesTypes().kubernetesVersion, readPinnedVersions().kubernetes);
  });

  for (const [name, expected] of Object.entries(controllerGen.types)) {
    it(`${name} inlines to the schema controller-gen gives a real CRD (prometheus-operator v0.93.0)`, () => {
      assert.deepEqual(withoutDescriptions(inlinedSchema(name)), expected);
    });
  }

  it("maps definition names both ways", () => {
    assert.equal(specTypeName("io.k8s.api.core.v1.Toleration"), "core/v1.Toleration");
    assert.equal(
      specTypeName("io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector"),
      "meta/v1.LabelSelector",
    );
    assert.equal(specTypeName("io.k8s.apimachinery.pkg.api.resource.Quantity"), "Quantity");
    assert.equal(
      specTypeName("io.k8s.api.apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy"),
      "apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy",
    );
    assert.equal(
      specTypeName("io.k8s.api.autoscaling.v2.HorizontalPodAutoscalerBehavior"),
      "autoscaling/v2.HorizontalPodAutoscalerBehavior",
    );
    // Beta versions and groups nobody embeds have no spec name.
    assert.equal(specTypeName("io.k8s.api.networking.v1beta1.IPAddress"), undefined);
    assert.equal(specTypeName("io.k8s.api.rbac.v1.PolicyRule"), undefined);
    assert.equal(upstreamDefinition("core/v1.Toleration"), "io.k8s.api.core.v1.Toleration");
    assert.equal(
      upstreamDefinition("IntOrString"),
      "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
    );
  });

  it("turns allOf-wrapped references into references that keep the field's description", () => {
    const seen: string[] = [];
    const converted = convertDefinition(
      "io.k8s.api.core.v1.Example",
      {
        type: "object",
        properties: {
          limits: {
            type: "object",
            additionalProperties: {
              $ref: "#/components/schemas/io.k8s.apimachinery.pkg.api.resource.Quantity",
            },
          },
          ref: {
            description: "the field's own words",
            default: {},
            allOf: [{ $ref: "#/components/schemas/io.k8s.api.core.v1.LocalObjectReference" }],
          },
          port: { type: "string", default: "", "x-kubernetes-patch-strategy": "merge" },
        },
        required: ["ref", "limits"],
      },
      (ref) => seen.push(ref),
    );
    assert.deepEqual(converted, {
      type: "object",
      properties: {
        limits: { type: "object", additionalProperties: { $ref: "Quantity" } },
        ref: { $ref: "core/v1.LocalObjectReference", description: "the field's own words" },
        // openapi-gen's zero-value default and the patch strategy are gone
        port: { type: "string" },
      },
      required: ["limits", "ref"],
    });
    assert.deepEqual(seen, [
      "io.k8s.apimachinery.pkg.api.resource.Quantity",
      "io.k8s.api.core.v1.LocalObjectReference",
    ]);
  });

  it("keeps the defaults the Go types mark, also through inline embedding, and their atomic struct type", () => {
    const markers = goMarkers(
      [
        "// +structType=atomic",
        "type LocalObjectReference struct {",
        "\t// +optional",
        '\t// +default=""',
        '\tName string `json:"name,omitempty"`',
        "}",
        "type ConfigMapVolumeSource struct {",
        '\tLocalObjectReference `json:",inline"`',
        "\t// +default=ref(SomeConstant)",
        '\tMode *int32 `json:"mode,omitempty"`',
        "}",
      ].join("\n"),
      "io.k8s.api.core.v1.",
    );
    const converted = convertDefinition(
      "io.k8s.api.core.v1.ConfigMapVolumeSource",
      {
        type: "object",
        properties: { name: { type: "string", default: "" }, mode: { type: "integer" } },
      },
      () => {},
      markers,
    );
    assert.deepEqual(converted, {
      type: "object",
      properties: { name: { type: "string", default: "" }, mode: { type: "integer" } },
      "x-kubernetes-map-type": "atomic",
    });
  });

  it("gives Quantity controller-gen's int-or-string form with the quantity grammar", () => {
    assert.deepEqual(inlinedSchema("Quantity"), QUANTITY_SCHEMA);
    assert.equal(QUANTITY_SCHEMA["x-kubernetes-int-or-string"], true);
  });

  it("embeds ObjectMeta as controller-gen's generateEmbeddedObjectMeta does, so template labels are kept", () => {
    const metadata = inlinedSchema("core/v1.PodTemplateSpec").properties?.metadata;
    assert.deepEqual(Object.keys(metadata?.properties ?? {}), [
      "annotations",
      "finalizers",
      "labels",
      "name",
      "namespace",
    ]);
  });

  it("names the @kubernetes/client-node model of every object type in the catalog", async () => {
    const clientNode = (await import("@kubernetes/client-node")) as Record<string, unknown>;
    for (const name of Object.keys(kubernetesTypes().types)) {
      assert.ok(isKubernetesTypeName(name), name);
      const { import: model } = kubernetesTsType(name);
      if (model) assert.equal(typeof clientNode[model], "function", `${name} → ${model}`);
    }
  });
});
