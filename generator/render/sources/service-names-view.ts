// src/children/service-names.ts: the name of each Service child that is one object, computed from
// the same template (or default name) as the Service itself, so an Ingress child routes to the
// Service the operator creates whatever the spec names it (backendService).

import type { ChildModel, OperatorModel } from "../../model/types.ts";
import { defaultNameSuffix } from "../../check/child-name-template.ts";
import { childNamingView } from "./child-naming-view.ts";

export interface ServiceNameView {
  /** e.g. headlessServiceName. */
  fn: string;
  /** The Service child's id, or its kind's default role. */
  role: string;
  /** A TypeScript template literal over obj. */
  expression: string;
  template: string;
}

export const SERVICE_NAMES_MODULE = "src/children/service-names.ts";

const isService = (c: ChildModel) => c.apiVersion === "v1" && c.kind === "Service";
const isIngress = (c: ChildModel) =>
  c.apiVersion === "networking.k8s.io/v1" && c.kind === "Ingress";

/** The Service child an Ingress child routes to: backendService's id, else the only Service. */
export function backendService(
  child: ChildModel,
  model: OperatorModel,
): { service: ChildModel; fn: string } | undefined {
  if (!isIngress(child)) return undefined;
  const services = model.children.filter(isService);
  const service =
    child.backendService !== undefined
      ? services.find((s) => s.id === child.backendService)
      : services.length === 1
        ? services[0]
        : undefined;
  // Without backendService, the only Service is the backend when it is one object that exists
  // whenever the Ingress does; otherwise the Ingress keeps its default backend (the owner's name).
  if (
    service === undefined ||
    (service.naming ?? { instances: { kind: "single" } }).instances.kind !== "single" ||
    service.when?.field.path !== child.when?.field.path ||
    service.chosenBy !== undefined
  )
    return undefined;
  return { service, fn: `${service.varName}Name` };
}

/** Whether the project has the module: some Ingress child routes to a Service child. */
export function hasServiceNames(model: OperatorModel): boolean {
  return model.children.some((c) => backendService(c, model) !== undefined);
}

/** One function per Service child that is a single object. */
export function serviceNamesView(model: OperatorModel, specOptional: boolean): ServiceNameView[] {
  return model.children
    .filter((c) => isService(c) && (c.naming === undefined || c.naming.instances.kind === "single"))
    .map((service) => {
      const naming = childNamingView(service, model, specOptional);
      const suffix = defaultNameSuffix(service.kind, service.id);
      return {
        fn: `${service.varName}Name`,
        role: service.id ?? "service",
        expression: naming?.nameExpression ?? "`${obj.metadata.name}" + suffix + "`",
        template: service.naming?.template ?? `{metadata.name}${suffix}`,
      };
    });
}
