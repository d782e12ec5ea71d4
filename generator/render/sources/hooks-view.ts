// The boundary between generated code and the user's: the names of the hook interfaces that
// src/hooks/types.ts declares, and the list of files the user owns with what each must provide.
// Templates and the CLI's "implement … in …" list are built from the same view, so they agree.

import { conversionView } from "./conversion-view.ts";
import { childBuilderName } from "../../check/child-name-template.ts";
import { HOOK_TYPES_PATH, type ActiveUserHook } from "../../base/user-hooks.ts";
import type { OperatorModel } from "../../model/types.ts";
import { childKind } from "./child-view.ts";
import { userConditions, userStatusFields } from "./status-view.ts";

export interface HooksView {
  /** Module paths relative to src/. */
  typesModule: string;
  statusModule: string;
  /** Project path of the status hooks file, for comments. */
  statusFile: string;
  all: string;
  status: string;
  statusVar: string;
  observation: string;
  userStatus: string;
  /** The union of user status field names as TypeScript literals, or `never`. */
  userStatusKeys: string;
  hasUserStatusFields: boolean;
  report: string;
  childBuilder: string;
  instanceBuilder: string;
}

export function hooksView(model: OperatorModel): HooksView {
  const kind = model.api.kind;
  const fields = userStatusFields(model);
  return {
    typesModule: HOOK_TYPES_PATH.slice("src/".length),
    statusModule: `hooks/${model.names.kindFile}-status.ts`,
    statusFile: `src/hooks/${model.names.kindFile}-status.ts`,
    all: `${kind}ReconcilerHooks`,
    status: `${kind}StatusHooks`,
    statusVar: `${model.names.kindVar}StatusHooks`,
    observation: `${kind}Observation`,
    userStatus: `${kind}UserStatus`,
    userStatusKeys: fields.map((f) => JSON.stringify(f)).join(" | ") || "never",
    hasUserStatusFields: fields.length > 0,
    report: `${kind}StatusReport`,
    childBuilder: `${kind}ChildBuilder`,
    instanceBuilder: `${kind}InstanceBuilder`,
  };
}

/** Every scaffold-once source file the generated code depends on, with what it must provide. */
export function activeUserHooks(model: OperatorModel): ActiveUserHook[] {
  const view = hooksView(model);
  const hooks: ActiveUserHook[] = [];
  for (const b of model.externalResources) {
    hooks.push({
      state: "active",
      path: `src/hooks/${b.fileName}.ts`,
      implements: `${b.typeName}Hooks`,
      export: `${b.name}Hooks`,
      members: ["validateDesired"],
      todos: [`reject desired ${b.name} settings the provider can never accept (TerminalError)`],
    });
    const key = b.identity.kind === "naturalKey" ? b.identity.field.path : undefined;
    hooks.push({
      state: "active",
      path: `src/providers/${b.fileName}-cloud.ts`,
      implements: `${b.typeName}Provider`,
      export: `Cloud${b.typeName}Provider`,
      contract: `src/providers/${b.fileName}-provider.ts`,
      members:
        b.identity.kind !== "naturalKey"
          ? ["find", "ensure", "delete", "listByOwnerTag"]
          : b.identity.adoptedConditionType !== undefined
            ? ["find", "ensure", "adopt", "delete"]
            : ["find", "ensure", "delete"],
      todos: key
        ? [
            `call the real API for ${b.name}, found by its name (spec.${key}) and tagged with its holder; each method throws until implemented`,
          ]
        : [
            `call the real API for ${b.name}; each method throws until implemented`,
            // ensure()'s fourth argument is new in 0.2.0; older providers compile without it.
            `give ensure()'s request.idempotencyToken to the create call as its client token or request ID, so a create cut short by a crash is not made twice`,
          ],
    });
  }
  for (const c of model.children) {
    hooks.push({
      state: "active",
      path: `src/children/${c.fileName}.ts`,
      implements: c.naming
        ? `${view.instanceBuilder}<${childKind(c).tsType}${c.naming.instances.kind === "forEach" ? `, ${c.naming.instances.list.items!.tsType}` : ""}>`
        : `${view.childBuilder}<${childKind(c).tsType}>`,
      export: childBuilderName(c.kind, c.id),
      // A builder is a function: the export is what the generated child list calls.
      members: [childBuilderName(c.kind, c.id)],
      todos: [
        `build the desired ${c.kind} (the default applies as it stands)`,
        // The default port suits a web server only: a placeholder the user must see to replace.
        ...(c.apiVersion === "v1" && c.kind === "Service"
          ? ['set SERVICE_PORT, the port clients connect to and its name (80 "http" until you do)']
          : []),
      ],
    });
  }
  hooks.push({
    state: "active",
    path: view.statusFile,
    implements: view.status,
    export: view.statusVar,
    members: ["observe"],
    todos: [
      ...userStatusFields(model).map((f) => `set status.${f}`),
      ...userConditions(model).map((c) => `decide the ${c} condition`),
      `report anything else that must be ready before Ready=True`,
    ],
  });
  const conversion = conversionView(model);
  if (conversion?.hasHooks)
    hooks.push({
      state: "active",
      path: `src/${conversion.hooksModule}`,
      implements: conversion.hooksType,
      export: "conversionHooks",
      contract: `src/${conversion.module}`,
      members: conversion.hookVersions.map((v) => v.version),
      todos: conversion.hookVersions.flatMap((v) =>
        v.fields.map(
          (f) =>
            `convert ${f.version} (${v.version}) to ${f.hub} (${conversion.hub}) and back: toHub and fromHub`,
        ),
      ),
    });
  return hooks.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
