// Kubernetes orders the versions of an API group by priority (apimachinery's CompareKubeAwareVersionStrings):
// GA before beta before alpha, and within each the higher major, then the higher minor, first.
// operator.yaml lists its versions oldest first, which is the same order read backwards, so
// "older" and "newer" below always mean this order: v1alpha1 < v1alpha2 < v1beta1 < v1 < v2alpha1 < v2.

const VERSION = /^v([0-9]+)(?:(alpha|beta)([0-9]+))?$/;

/** A Kubernetes version name: v1, v1beta1, v2alpha3. */
export function isKubernetesVersion(name: string): boolean {
  return VERSION.test(name) && name.length <= 63;
}

/** Rank of a version name: higher is newer (higher priority). Only for isKubernetesVersion names. */
function rank(name: string): [number, number, number] {
  const match = VERSION.exec(name);
  if (!match) throw new Error(`internal error: ${name} is not a Kubernetes version name`);
  const stability = match[2] === undefined ? 2 : match[2] === "beta" ? 1 : 0;
  // Priority puts every GA version above every pre-release one, whatever its major.
  return [stability, Number(match[1]), Number(match[3] ?? 0)];
}

/** Negative when `a` is older than `b`, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}
