// A name for the version to add after `version`: the next of its kind.

/** v1alpha1 → v1alpha2, v1beta3 → v1beta4, v1 → v2. */
export function nextVersion(version: string): string {
  const match = /^(.*?)(\d+)$/.exec(version);
  return match ? `${match[1]}${Number(match[2]) + 1}` : `${version}2`;
}
