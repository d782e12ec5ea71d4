// The order the reconciler applies children in. Spec order, except that a binding comes after the
// role it grants: the API server's RBAC escalation check reads a binding's roleRef when the binding
// is created and answers 404 while the role does not exist, so a binding listed before its role
// would fail every first pass.

const RBAC = "rbac.authorization.k8s.io/v1";

/** The role kind a binding kind grants. */
const ROLE_OF: Readonly<Record<string, string>> = {
  RoleBinding: "Role",
  ClusterRoleBinding: "ClusterRole",
};

interface Ordered {
  apiVersion: string;
  kind: string;
}

export function applyOrder<T extends Ordered>(children: readonly T[]): T[] {
  const roleIndex = (kind: string) =>
    children.findIndex((c) => c.apiVersion === RBAC && c.kind === kind);
  const late = (child: T, i: number): boolean => {
    const role = child.apiVersion === RBAC ? ROLE_OF[child.kind] : undefined;
    return role !== undefined && roleIndex(role) > i;
  };
  const ordered: T[] = [];
  children.forEach((child, i) => {
    if (late(child, i)) return;
    ordered.push(child);
    // A binding that was listed earlier follows its role.
    ordered.push(
      ...children.filter(
        (b, j) => late(b, j) && child.apiVersion === RBAC && ROLE_OF[b.kind] === child.kind,
      ),
    );
  });
  return ordered;
}
