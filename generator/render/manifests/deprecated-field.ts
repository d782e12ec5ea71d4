// A field's `deprecated` marker in the CRD. Kubernetes has no deprecation keyword for a field of a
// CRD (only whole versions are deprecated, with a warning the API server sends), so the marker goes
// where kubectl explain and generated clients read it: the description, prefixed the way
// Kubernetes' own API documents deprecated fields ("Deprecated: ..."). The TypeScript property
// gets @deprecated beside it (ts-types.ts).

/** The description of a deprecated field: the marker first, then what the field is. */
export function deprecatedDescription(message: string, description: string | undefined): string {
  const marker = `Deprecated: ${message.replace(/\.$/, "")}.`;
  return description ? `${marker} ${description}` : marker;
}
