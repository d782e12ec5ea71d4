// labelReferences: an object of the operator's kind names the object it belongs to with a label
// on its own metadata, not with a spec field, as Strimzi's KafkaTopic and KafkaUser name their
// Kafka cluster with strimzi.io/cluster: my-cluster. resolveLabelReferences is the one reading of
// these entries: check reports its problems (SEM430-SEM435), the model builds from its plan.

import { formatValidator } from "./cel-formats.ts";
import { GENERATOR_LABELS } from "./check-labels.ts";
import { resolveManagement } from "./check-management.ts";
import { CAMEL_CASE, type CheckContext } from "./context.ts";
import { toCamel, toPascal } from "./derive-names.ts";
import { obj, objects, str } from "./raw-spec.ts";
import { referenceSites, referenceTarget, type ReferenceTarget } from "./references.ts";
import type { Path } from "./report.ts";

/** One checked labelReferences entry. */
export interface LabelReferencePlan {
  /** The label key, e.g. strimzi.io/cluster. */
  label: string;
  target: ReferenceTarget;
  /** Names the resolved object in the hooks' references, e.g. cluster. */
  varName: string;
  /** Ready's reason while the labelled name has no object, e.g. ClusterNotFound. */
  notFoundReason: string;
}

interface Problem {
  code: string;
  path: Path;
  message: string;
  hint: string;
}

/**
 * Labels the operator itself writes, or the generator sets: a label reference on one of them
 * would be overwritten or would name an object by the operator's own bookkeeping. The children's
 * instance and managed-by labels (runtime ownership.ts) are written on children, whose kind may
 * be the referencing one.
 */
const OPERATOR_LABELS = [...GENERATOR_LABELS, "app.kubernetes.io/instance"];

export function checkLabelReferences({ data, report }: CheckContext): void {
  for (const p of resolveLabelReferences(data).problems)
    report.error(p.code, p.path, p.message, p.hint);
}

export function resolveLabelReferences(data: Record<string, unknown>): {
  plans: LabelReferencePlan[];
  problems: Problem[];
} {
  const problems: Problem[] = [];
  const plans: LabelReferencePlan[] = [];
  const qualified = formatValidator("qualifiedName");
  const pause = resolveManagement(data).plan.pause;
  const deployedLabels = Object.keys(obj(obj(data.metadata).labels));
  // The names the hooks' references already use: every spec reference field's, derived as
  // build-model's buildReferences derives them.
  const taken = new Map<string, string>(
    referenceSites(data).map((site) => [
      toCamel(site.steps.map(toPascal).join("")),
      `spec.${site.path}`,
    ]),
  );
  const seen = new Map<string, number>();
  const operatorScope = obj(data.api).scope === "Cluster" ? "Cluster" : "Namespaced";

  for (const [index, entry] of objects(data.labelReferences)) {
    const at: Path = ["labelReferences", index];
    const label = str(entry.label);
    if (label === undefined) continue; // the schema reports it
    const errors = qualified(label);
    if (errors.length > 0) {
      problems.push({
        code: "SEM430",
        path: [...at, "label"],
        message: `"${label}" is not a valid label key: ${errors.join("; ")}`,
        hint: "Write <DNS subdomain>/<name>, e.g. strimzi.io/cluster: the name at most 63 characters of letters, digits, '-', '_' and '.'.",
      });
      continue;
    }
    const first = seen.get(label);
    if (first !== undefined) {
      problems.push({
        code: "SEM431",
        path: [...at, "label"],
        message: `the label ${label} is already a reference (labelReferences[${first}])`,
        hint: "One label names one object: remove the duplicate entry.",
      });
      continue;
    }
    seen.set(label, index);
    const owner = OPERATOR_LABELS.includes(label)
      ? "the operator and the generator write it"
      : pause?.on === "label" && pause.key === label
        ? "it is management.pause's label"
        : deployedLabels.includes(label)
          ? "metadata.labels sets it on every object the project deploys, the sample included"
          : undefined;
    if (owner !== undefined)
      problems.push({
        code: "SEM432",
        path: [...at, "label"],
        message: `the label ${label} cannot name a referenced object: ${owner}`,
        hint: "Choose a label of your own API's domain, e.g. <group>/cluster.",
      });

    const target = referenceTarget(data, entry);
    if (str(entry.apiVersion) === undefined || str(entry.kind) === undefined) continue; // schema
    if (target === undefined) {
      problems.push({
        code: "SEM433",
        path: [...at, "kind"],
        message: `labelReferences[${index}] names ${str(entry.apiVersion)} ${str(entry.kind)}, which is not a built-in kind, not this operator's kind, and has no plural`,
        hint: "For another project's custom resource give apiVersion as group/version and its plural (the resource name in its CRD).",
      });
      continue;
    }
    if (target.scope === "Cluster" || operatorScope === "Cluster") {
      problems.push({
        code: "SEM434",
        path: [...at, target.scope === "Cluster" ? "kind" : "label"],
        message:
          target.scope === "Cluster"
            ? `the label ${label} names the cluster-scoped ${target.kind}: a label reference names an object in the labelled object's namespace`
            : `the label ${label} is on the cluster-scoped ${str(obj(data.api).kind) ?? "kind"}, which has no namespace to find the ${target.kind} in`,
        hint: "A label reference is same-namespace only: reference a namespaced kind from a namespaced kind, or use a spec field reference.",
      });
      continue;
    }

    const name = str(entry.name) ?? labelName(label);
    const varName = toCamel(name);
    const clash = taken.get(varName);
    // The name becomes a TypeScript property and the start of a condition reason: a letter first.
    if (clash !== undefined || !CAMEL_CASE.test(varName)) {
      problems.push({
        code: "SEM435",
        path: [...at, str(entry.name) === undefined ? "label" : "name"],
        message:
          clash === undefined
            ? `labelReferences[${index}] would call the resolved object "${varName}", which does not start with a letter`
            : `labelReferences[${index}] resolves to references.${varName}, a name ${clash} already uses`,
        hint: "Give the entry a name of its own (name: kafkaCluster): it names the resolved object in the hooks and the Ready reason.",
      });
      continue;
    }
    taken.set(varName, `labelReferences[${index}]`);
    plans.push({ label, target, varName, notFoundReason: `${toPascal(name)}NotFound` });
  }
  return { plans, problems };
}

/** strimzi.io/cluster → cluster: the label's name part, what the label says the object is. */
function labelName(label: string): string {
  return label.slice(label.indexOf("/") + 1);
}
