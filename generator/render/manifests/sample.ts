// config/samples/: one example object of the kind with every required spec field filled in and
// nothing else (but top-level fields' first examples), so `kubectl apply -k config/samples` works on a fresh cluster. With tenancy
// parameters, also the namespace's parameters object (operator.yaml's example): config/tenancy
// refuses the sample in a namespace without one. Scaffold-once: after the first generation the
// samples are the user's to extend.

import { Ownership, type GeneratedFile } from "../../base/files.ts";
import { hasSpec, type OperatorModel } from "../../model/types.ts";
import type { TenancyParametersModel } from "../../model/tenancy-types.ts";
import { adoptionChoices, deletionPolicyAnnotation } from "./annotations.ts";
import { exampleSpec } from "./example-values.ts";
import { labelsFor, sortKeys } from "./labels.ts";
import { toKebab } from "../../check/derive-names.ts";
import { yamlFile } from "./yaml-file.ts";

export function sampleFileName(model: OperatorModel): string {
  return `${model.api.group}_${model.api.version}_${model.api.singular}.yaml`;
}

/** The parameters object's sample, named like the kind's: <group>_<version>_<singular>.yaml. */
export function parametersSampleFileName(p: TenancyParametersModel): string {
  return `${p.group}_${p.version}_${p.singular}.yaml`;
}

export function renderSamples(model: OperatorModel): GeneratedFile[] {
  const parameters = model.tenancy?.parameters;
  const parametersFile = parameters && parametersSampleFileName(parameters);
  return [
    yamlFile(`config/samples/${sampleFileName(model)}`, [sampleObject(model)], {
      ownership: Ownership.ScaffoldOnce,
      comment: [
        hasSpec(model)
          ? "TODO(user): set the spec fields your first object needs; optional fields are left out."
          : `TODO(user): name your first object; ${model.api.kind} has no spec, only status the operator writes.`,
        ...model.labelReferences.map(
          (r) =>
            `Its label ${r.label} names the ${r.kind} it belongs to, in its namespace: it stays Ready=False (${r.notFoundReason}) until that ${r.kind} exists.`,
        ),
        ...(model.externalResources.length > 0
          ? [
              `To keep or drop this object's external resources against operator.yaml's deletionPolicy, annotate it with ${deletionPolicyAnnotation(model)}: Retain or Delete.`,
              ...(model.management?.adoptionAnnotation
                ? [
                    `To adopt (or refuse) an existing resource under its key against operator.yaml's identity.adoption, annotate it with ${model.management.adoptionAnnotation}: ${adoptionChoices(
                      model,
                    )
                      .map((c) => c.value)
                      .join(" or ")}.`,
                  ]
                : []),
            ]
          : []),
      ],
    }),
    yamlFile(
      "config/samples/kustomization.yaml",
      [
        {
          apiVersion: "kustomize.config.k8s.io/v1beta1",
          kind: "Kustomization",
          // The parameters object first: kubectl applies in this order (sortOptions fifo), and
          // the sample is refused until it exists.
          ...(parametersFile ? { sortOptions: { order: "fifo" } } : {}),
          resources: [...(parametersFile ? [parametersFile] : []), sampleFileName(model)],
        },
      ],
      {
        ownership: Ownership.ScaffoldOnce,
        comment: ["List every sample here so `kubectl apply -k config/samples` creates them all."],
      },
    ),
    ...(parameters && parametersFile
      ? [
          yamlFile(`config/samples/${parametersFile}`, [parametersSample(model, parameters)], {
            ownership: Ownership.ScaffoldOnce,
            comment: [
              `The ${parameters.kind} that lets a namespace create ${model.api.plural}: config/tenancy refuses a ${model.api.kind} in a namespace without one named ${parameters.objectName}.`,
              `A cluster admin creates it (tenants cannot), before the ${model.api.kind} sample: kubectl apply -n <namespace> -f config/samples/${parametersFile}`,
            ],
          }),
        ]
      : []),
  ];
}

/**
 * No metadata.namespace even for namespaced kinds, so `kubectl apply -n <namespace>` places it.
 * Spec holds the required fields only: defaults fill in the rest on the API server. A kind
 * without spec gets none (kubectl's strict field validation would refuse it as unknown).
 */
export function sampleObject(model: OperatorModel): {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels: Record<string, string> };
  spec?: Record<string, unknown>;
  [topLevelField: string]: unknown;
} {
  return {
    apiVersion: model.api.apiVersion,
    kind: model.api.kind,
    metadata: {
      name: `${model.api.singular}-sample`,
      labels: sortKeys({ ...labelsFor(model, "sample"), ...labelReferenceSampleLabels(model) }),
    },
    ...(hasSpec(model) ? { spec: exampleSpec(model.spec) } : {}),
    // Fields beside spec and status are optional: the sample shows those with an example.
    ...Object.fromEntries(
      model.topLevelFields.flatMap((f) => (f.examples?.length ? [[f.name, f.examples[0]]] : [])),
    ),
  };
}

/**
 * Each label reference's label, naming `<kind>-sample` (Strimzi's samples say my-cluster): the
 * sample shows the label a user sets. A label value is at most 63 characters.
 */
export function labelReferenceSampleLabels(model: OperatorModel): Record<string, string> {
  return Object.fromEntries(
    model.labelReferences.map((r) => [r.label, `${toKebab(r.kind).slice(0, 56)}-sample`]),
  );
}

/** The namespace's parameters object, with operator.yaml's example spec (which admits the sample). */
function parametersSample(model: OperatorModel, p: TenancyParametersModel) {
  return {
    apiVersion: `${p.group}/${p.version}`,
    kind: p.kind,
    metadata: { name: p.objectName, labels: labelsFor(model, "sample") },
    spec: p.example,
  };
}
