// Scaffolded by create-operator. Ownership: scaffold-once.
// This file is yours: regeneration never overwrites it. Fill in the TODO(user) parts.
// The generated code calls it through a generated interface: when operator.yaml needs more from it, `tsc` names the missing member here.

// The ConfigMap holding a WebApp's configuration files.

import type { V1ConfigMap } from "@kubernetes/client-node";
import { OPERATOR_NAME } from "../api/v1/web-app-types.ts";
import type { WebAppChildBuilder } from "../hooks/types.ts";
import { childMetadata, selectorLabels } from "@create-operator/runtime";

export const desiredConfigMap: WebAppChildBuilder<V1ConfigMap> = (obj) => {
  const labels = selectorLabels(obj, OPERATOR_NAME, "web-app");
  return {
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: childMetadata(obj, `${obj.metadata.name}-config`, labels),
    // TODO(user): add the configuration files the application reads.
    data: {
      "extraConfig.json": JSON.stringify(obj.spec.extraConfig ?? {}),
    },
  };
};
