// Stage 2: parsed document → every diagnostic at once. Schema first (shape), then semantic
// checks (meaning). Semantic checks also run on documents the schema rejected, so one run shows
// all mistakes; they read the data defensively for that reason.

import { sortDiagnostics, type Diagnostic } from "../base/diagnostics.ts";
import type { ChildCrdFiles } from "../parse/child-crds.ts";
import type { ParsedSpec } from "../parse/parse-spec.ts";
import { checkAntiPatterns } from "./anti-patterns.ts";
import { checkBounds } from "./check-bounds.ts";
import { checkExternalResources } from "./check-bindings.ts";
import { checkExternalSources } from "./check-external-sources.ts";
import { checkCelCost } from "./check-cel.ts";
import { checkCelDefaults } from "./check-cel-defaults.ts";
import { checkCelExamples } from "./check-cel-examples.ts";
import { checkCelRules } from "./check-cel-rules.ts";
import { checkCaseCollisions } from "./check-case-collisions.ts";
import { checkStatusRequired } from "./check-status-required.ts";
import { checkListItems } from "./check-list-items.ts";
import { checkChildCreationPolicy } from "./check-child-creation-policy.ts";
import { checkChildKindChoice } from "./check-child-kind-choice.ts";
import { checkChildCrds } from "./check-child-crds.ts";
import { checkChildNaming } from "./check-child-naming.ts";
import { checkChildRoles } from "./check-child-roles.ts";
import { checkChildren } from "./check-children.ts";
import { checkCollisions } from "./check-collisions.ts";
import { checkDefaults } from "./check-defaults.ts";
import { checkDerivedNames } from "./check-derived-names.ts";
import { checkFieldFlags } from "./check-field-flags.ts";
import { checkFieldVersions } from "./check-field-versions.ts";
import { checkConversionCertificates } from "./check-conversion-certificates.ts";
import { checkIdentity } from "./check-identity.ts";
import { checkKeywords } from "./check-keywords.ts";
import { checkKubernetesTypes } from "./check-kubernetes-types.ts";
import { checkLabels } from "./check-labels.ts";
import { checkNumbers } from "./check-numbers.ts";
import { checkOperator } from "./check-operator.ts";
import { checkManagement } from "./check-management.ts";
import { checkLabelReferences } from "./label-references.ts";
import { checkCascadeFinalizers } from "./check-cascade-finalizers.ts";
import { checkConditions, checkPhases } from "./check-phases.ts";
import { checkPrinterColumns } from "./check-printer-columns.ts";
import { checkResourceIdentity } from "./check-resource-identity.ts";
import { checkSelectableFields } from "./check-selectable-fields.ts";
import { checkRbac } from "./check-rbac.ts";
import { checkReferences } from "./check-references.ts";
import { checkPolymorphicReferences } from "./check-polymorphic-references.ts";
import { expandReferences } from "./references.ts";
import { checkResources } from "./check-resources.ts";
import { checkScale } from "./check-scale.ts";
import { checkTopLevel } from "./check-top-level.ts";
import { checkStatusSubresource } from "./check-status-subresource.ts";
import { checkTenancy } from "./check-tenancy.ts";
import { checkTestValues } from "./check-test-values.ts";
import { checkWatchNamespaces } from "./check-watch-namespaces.ts";
import type { Check } from "./context.ts";
import { walkFields } from "./field-walk.ts";
import { obj } from "./raw-spec.ts";
import { createReporter } from "./report.ts";
import { reportSchemaErrors } from "./schema-errors.ts";

const SEMANTIC_CHECKS: readonly Check[] = [
  checkIdentity,
  checkFieldVersions,
  checkConversionCertificates,
  checkCollisions,
  checkCaseCollisions,
  checkListItems,
  checkStatusRequired,
  checkDerivedNames,
  checkKeywords,
  checkKubernetesTypes,
  checkBounds,
  checkNumbers,
  checkDefaults,
  checkFieldFlags,
  checkPhases,
  checkConditions,
  checkExternalResources,
  checkExternalSources,
  checkResourceIdentity,
  checkChildren,
  checkChildKindChoice,
  checkChildNaming,
  checkChildRoles,
  checkChildCreationPolicy,
  checkChildCrds,
  checkRbac,
  checkWatchNamespaces,
  checkPrinterColumns,
  checkSelectableFields,
  checkOperator,
  checkManagement,
  checkLabelReferences,
  checkCascadeFinalizers,
  checkResources,
  checkLabels,
  checkScale,
  checkStatusSubresource,
  checkTopLevel,
  checkCelRules,
  checkCelCost,
  checkCelExamples,
  checkCelDefaults,
  checkTestValues,
  checkAntiPatterns,
  checkTenancy,
];

export function checkSpec(parsed: ParsedSpec, childCrds?: ChildCrdFiles): Diagnostic[] {
  const report = createReporter(parsed);
  reportSchemaErrors(parsed.data, report);
  checkReferences(parsed.data, report);
  checkPolymorphicReferences(parsed.data, report);
  // From here on a reference's object form is the object the CRD serves (name, namespace, key).
  const data = obj(expandReferences(parsed.data));
  const ctx = {
    data,
    report,
    specFields: walkFields(data, "spec"),
    statusFields: walkFields(data, "status"),
    ...(childCrds ? { childCrds } : {}),
  };
  for (const check of SEMANTIC_CHECKS) check(ctx);
  return sortDiagnostics(preferSemantic(report.diagnostics));
}

/**
 * When the schema and a semantic check flag the same node (a "*" verb fails the verb enum and
 * the wildcard rule), the semantic message says why; keep only that one.
 */
function preferSemantic(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const semanticErrors = new Set(
    diagnostics
      .filter((d) => d.severity === "error" && !d.code.startsWith("SPEC"))
      .map((d) => d.path),
  );
  return diagnostics.filter((d) => !(d.code.startsWith("SPEC") && semanticErrors.has(d.path)));
}
