// The CRDs of children whose kinds another project serves (children[].crd). The user's file is
// copied to the same path in the project, so the project's own operator.yaml names it there on
// `generate`; it is theirs (scaffold-once): updating it to a newer version of that CRD is an edit
// the generator never undoes. A generated copy goes to config/crd/bases/, where the envtest
// harness installs every CRD from; config/crd/kustomization.yaml lists only the project's own,
// because deploying another project's CRD is that project's business.

import { Ownership, type GeneratedFile } from "../../base/files.ts";
import { childKinds } from "../../model/child-kinds.ts";
import type { ChildModel, OperatorModel } from "../../model/types.ts";
import { yamlFile } from "./yaml-file.ts";

export function childCrdPath(child: ChildModel): string {
  return `config/crd/bases/${child.group}_${child.plural}.yaml`;
}

export function renderChildCrds(model: OperatorModel): GeneratedFile[] {
  return childKinds(model.children).flatMap((child) =>
    child.crd
      ? [
          { path: child.crd.path, ownership: Ownership.ScaffoldOnce, content: child.crd.text },
          yamlFile(childCrdPath(child), [child.crd.document], {
            comment: [
              `${child.kind}'s CRD, copied from ${child.crd.path} for the tests to install.`,
              "Not deployed with this project (config/crd/kustomization.yaml lists only its own CRD).",
            ],
          }),
        ]
      : [],
  );
}
