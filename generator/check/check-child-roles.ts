// Several children of one kind (three Services: headless, in-cluster, console), told apart by an
// id, conditional children (when:), and the Service an Ingress child routes to (backendService).
// SEM046 (check-children) refuses two children of one kind with the same id; this module checks
// what the ids, names and conditions must satisfy beyond that.

import { resolveChildNaming } from "./check-child-naming.ts";
import {
  childFileName,
  defaultNamePieces,
  defaultNameSuffix,
  type NamePiece,
} from "./child-name-template.ts";
import { namesMayCollide } from "./child-name-overlap.ts";
import { childKindEntries } from "./child-kind-choice.ts";
import { resolveWhen } from "./child-when.ts";
import { isDns1035Label, type CheckContext } from "./context.ts";
import { closestMatch } from "./did-you-mean.ts";
import { obj, objects, str, type RawObject } from "./raw-spec.ts";

/** Roles and bindings refer to each other by fixed names, so each is one child without an id. */
export const ONE_PER_KIND: ReadonlySet<string> = new Set([
  "Role",
  "ClusterRole",
  "RoleBinding",
  "ClusterRoleBinding",
]);

const INGRESS = "networking.k8s.io/v1:Ingress";
const SERVICE = "v1:Service";

export function checkChildRoles({ data, report }: CheckContext): void {
  const children = objects(data.children);
  const specFields = obj(data.spec).fields;
  const files = new Map<string, number>();
  for (const [i, child] of children) {
    const kind = str(child.kind);
    const id = str(child.id);
    if (id !== undefined && !isDns1035Label(id))
      report.error(
        "SEM237",
        ["children", i, "id"],
        `child id "${id}" is not a lower-case DNS label starting with a letter`,
        "An id names the child's builder file and default name: a-z, 0-9 and '-', starting with a letter, e.g. headless.",
      );
    else if (id !== undefined && kind !== undefined && ONE_PER_KIND.has(kind))
      report.error(
        "SEM237",
        ["children", i, "id"],
        `a ${kind} child has no id`,
        "A binding refers to its role child by the fixed name <owner>-role (or -cluster-role): list each RBAC kind once, without an id.",
      );
    // A child whose kind a field chooses has a builder per kind.
    for (const { entry, at } of childKindEntries(child)) {
      const entryKind = str(entry.kind);
      if (entryKind === undefined || (id !== undefined && !isDns1035Label(id))) continue;
      const file = childFileName(entryKind, id);
      const first = files.get(file);
      if (first !== undefined)
        report.error(
          "SEM243",
          id === undefined ? ["children", i, ...at, "kind"] : ["children", i, "id"],
          `children[${first}] and this child would both be built in src/children/${file}.ts`,
          "Choose another id: the id and the kind make the builder's file and function name.",
        );
      else files.set(file, i);
    }
    const when = str(child.when);
    if (when !== undefined && kind !== undefined && ONE_PER_KIND.has(kind))
      report.error(
        "SEM239",
        ["children", i, "when"],
        `a ${kind} child cannot be conditional`,
        "A binding and the role it grants refer to each other by fixed names and are applied in order; keep RBAC children unconditional.",
      );
    else if (when !== undefined) {
      const resolved = resolveWhen(specFields, when);
      if (!resolved.ok)
        report.error("SEM239", ["children", i, "when"], resolved.message, resolved.hint);
    }
  }
  checkNameCollisions(
    data,
    children.flatMap(([i, c]) =>
      childKindEntries(c).map(({ entry }) => [i, entry] as [number, RawObject]),
    ),
    report,
  );
  checkBackendServices(children, report);
}

/** Two children of one kind whose names could coincide would fight over one object. */
function checkNameCollisions(
  data: RawObject,
  children: Array<[number, RawObject]>,
  report: CheckContext["report"],
): void {
  const named: Array<{ i: number; kind: string; id?: string; pieces: NamePiece[]; text: string }> =
    [];
  for (const [i, child] of children) {
    const kind = str(child.kind);
    const apiVersion = str(child.apiVersion);
    if (kind === undefined || apiVersion === undefined) continue;
    const id = str(child.id);
    const template = str(child.name);
    const pieces =
      template === undefined
        ? defaultNamePieces(kind, id)
        : resolveChildNaming(data, child, i).plan?.pieces;
    if (pieces === undefined) continue;
    const earlier = named.find(
      (n) => n.kind === `${apiVersion}:${kind}` && n.id !== id && namesMayCollide(n.pieces, pieces),
    );
    const text = template ?? `{metadata.name}${defaultNameSuffix(kind, id)}`;
    if (earlier !== undefined)
      report.error(
        "SEM238",
        ["children", i, template === undefined ? "kind" : "name"],
        `this ${kind}'s name ${JSON.stringify(text)} and children[${earlier.i}]'s ${JSON.stringify(earlier.text)} can be the same for some ${str(obj(data.api).kind) ?? "owner"}`,
        "Give children of one kind names that differ in their literal text (e.g. {metadata.name}-hl and {metadata.name}-console); without a name template a child with an id is named <owner>-<id>.",
      );
    named.push({
      i,
      kind: `${apiVersion}:${kind}`,
      ...(id !== undefined ? { id } : {}),
      pieces,
      text,
    });
  }
}

/** backendService names a single Service child, by id, that exists whenever the Ingress does. */
function checkBackendServices(
  children: Array<[number, RawObject]>,
  report: CheckContext["report"],
): void {
  const key = (c: RawObject) => `${str(c.apiVersion)}:${str(c.kind)}`;
  const services = children.filter(([, c]) => key(c) === SERVICE);
  for (const [i, child] of children) {
    const backend = str(child.backendService);
    if (key(child) !== INGRESS) {
      if (backend !== undefined)
        report.error(
          "SEM242",
          ["children", i, "backendService"],
          `backendService is for Ingress children, not ${str(child.kind) ?? "this child"}`,
          "Drop backendService here; an Ingress child names the Service it routes to with it.",
        );
      continue;
    }
    if (backend === undefined) {
      if (services.length > 1)
        report.error(
          "SEM242",
          ["children", i, "kind"],
          `the Ingress child could route to any of ${services.length} Service children`,
          `Add backendService: the id of one of them (${services.map(([, s]) => str(s.id) ?? "(no id)").join(", ")}).`,
        );
      continue;
    }
    const ids = services.flatMap(([, s]) => (str(s.id) !== undefined ? [str(s.id)!] : []));
    const target = services.find(([, s]) => str(s.id) === backend);
    if (target === undefined) {
      const match = closestMatch(backend, ids);
      report.error(
        "SEM242",
        ["children", i, "backendService"],
        `backendService "${backend}" is not the id of a Service child`,
        match
          ? `did you mean "${match}"?`
          : ids.length > 0
            ? `Service children's ids: ${ids.join(", ")}.`
            : "Add a Service child with this id (children: - { apiVersion: v1, kind: Service, id: … }).",
      );
      continue;
    }
    const service = target[1];
    if (str(service.forEach) !== undefined || str(service.count) !== undefined)
      report.error(
        "SEM242",
        ["children", i, "backendService"],
        `backendService "${backend}" is a Service with ${str(service.forEach) !== undefined ? "forEach" : "count"}: several objects, and an Ingress backend is one`,
        "Route to a Service child that is a single object.",
      );
    else if (str(service.when) !== undefined && str(service.when) !== str(child.when))
      report.error(
        "SEM242",
        ["children", i, "backendService"],
        `backendService "${backend}" exists only when ${str(service.when)}, but this Ingress ${str(child.when) === undefined ? "always does" : `when ${str(child.when)}`}`,
        `Give the Ingress the same condition (when: ${str(service.when)}), or route to a Service that always exists.`,
      );
  }
}
