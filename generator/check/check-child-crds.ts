// Children served by another project's CRD (`crd:`): the file must exist inside the spec's folder,
// be one CustomResourceDefinition, and serve exactly the group, version, kind, plural and scope the
// spec names, with a schema to build the child from. Otherwise the generated tests would apply a
// child the API server does not know.

import { findBuiltinKind, splitApiVersion } from "./builtin-kinds.ts";
import { childKindEntries } from "./child-kind-choice.ts";
import type { CheckContext } from "./context.ts";
import { objects, str } from "./raw-spec.ts";
import { parseCrdDocument } from "../parse/child-crds.ts";

export function checkChildCrds({ data, report, childCrds }: CheckContext): void {
  // A child whose kind a field chooses: each of its kinds (kinds[j]) with its own crd.
  const entries = objects(data.children).flatMap(([i, raw]) =>
    childKindEntries(raw).map(({ entry, at }) => ({ child: entry, at: ["children", i, ...at] })),
  );
  for (const { child, at: kindAt } of entries) {
    const path = str(child.crd);
    const apiVersion = str(child.apiVersion);
    const kind = str(child.kind);
    if (path === undefined || apiVersion === undefined || kind === undefined) continue;
    const at = [...kindAt, "crd"];
    if (findBuiltinKind(apiVersion, kind)) {
      report.error(
        "SEM184",
        at,
        `${apiVersion} ${kind} is built in: the API server serves it without a CRD`,
        "Remove crd: from this child.",
      );
      continue;
    }
    const file = childCrds?.get(path);
    if (file === undefined || !file.ok) {
      report.error(
        "SEM181",
        at,
        `the CRD file cannot be used: ${file?.problem ?? `${path} was not read`}`,
        "Give the path of a .yaml file relative to this spec, inside its folder and outside config/, src/ and test/ (e.g. crds/widgets.yaml).",
      );
      continue;
    }
    const parsed = parseCrdDocument(file.text);
    if ("problem" in parsed) {
      report.error(
        "SEM182",
        at,
        `${path} cannot serve ${kind}: ${parsed.problem}`,
        "Use the CRD YAML the other project publishes (one CustomResourceDefinition per file).",
      );
      continue;
    }
    const { spec } = parsed.crd;
    const { group, version } = splitApiVersion(apiVersion);
    const served = spec.versions.find((v) => v.name === version && v.served);
    const mismatches = [
      spec.group !== group && `group ${spec.group}, not ${group}`,
      spec.names.kind !== kind && `kind ${spec.names.kind}, not ${kind}`,
      !served && `no served version ${version}`,
      served && !served.schema?.openAPIV3Schema && `no schema for version ${version}`,
      child.plural !== undefined &&
        child.plural !== spec.names.plural &&
        `plural ${spec.names.plural}, not ${str(child.plural)}`,
      child.scope !== undefined &&
        child.scope !== spec.scope &&
        `scope ${spec.scope}, not ${str(child.scope)}`,
    ].filter((m): m is string => typeof m === "string");
    if (mismatches.length > 0) {
      report.error(
        "SEM183",
        at,
        `${path} does not serve ${apiVersion} ${kind}: it has ${mismatches.join(", ")}`,
        "Point crd: at the CRD of this kind, or fix the child's apiVersion, kind, plural or scope.",
      );
    }
  }
}
