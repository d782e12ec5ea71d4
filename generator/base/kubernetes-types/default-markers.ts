// The `+default=` markers of Kubernetes Go API types, which controller-gen turns into schema
// defaults (`protocol: default: TCP`). openapi-gen also writes the zero value of every
// non-pointer field as a default (`default: ""`, `default: 0`), which controller-gen does not;
// reading the markers from the Go source tells the two apart.

/** Definition key (io.k8s.api.core.v1.ContainerPort) → JSON field name → default. */
export type DefaultMarkers = Map<string, Map<string, unknown>>;

/**
 * Definition key → the definitions it embeds inline (`LocalObjectReference \`json:",inline"\``):
 * controller-gen flattens them with their markers, openapi-gen copies only their properties.
 */
export type InlineEmbeds = Map<string, string[]>;

/** Definition keys whose Go type says `+structType=atomic`. */
export type AtomicStructs = Set<string>;

export interface GoMarkers {
  defaults: DefaultMarkers;
  embeds: InlineEmbeds;
  atomic: AtomicStructs;
}

export function emptyMarkers(): GoMarkers {
  return { defaults: new Map(), embeds: new Map(), atomic: new Set() };
}

/**
 * @param source a Go file of API types
 * @param definitionPrefix the OpenAPI definition prefix of its package, e.g. io.k8s.api.core.v1.
 */
export function goMarkers(
  source: string,
  definitionPrefix: string,
  into: GoMarkers = emptyMarkers(),
): GoMarkers {
  let struct: string | undefined;
  let pending: unknown[] = [];
  let atomicNext = false;
  for (const line of source.split("\n")) {
    const opened = /^type (\w+) struct \{/.exec(line);
    if (opened) {
      struct = opened[1];
      if (atomicNext) into.atomic.add(definitionPrefix + struct);
      atomicNext = false;
      pending = [];
      continue;
    }
    if (!struct) {
      if (/^\/\/\s*\+structType=atomic/.test(line)) atomicNext = true;
      else if (!line.startsWith("//")) atomicNext = false;
      continue;
    }
    if (line === "}") {
      struct = undefined;
      continue;
    }
    const marker = /^\s*\/\/\s*\+(?:kubebuilder:)?default=(.*)$/.exec(line);
    if (marker) {
      const value = literal(marker[1]!.trim());
      if (value !== undefined) pending.push(value.value);
      continue;
    }
    if (/^\s*\/\//.test(line)) continue;
    const key = definitionPrefix + struct;
    const embedded = /^\s+(\w+)\s+`[^`]*json:",inline"/.exec(line);
    if (embedded)
      into.embeds.set(key, [...(into.embeds.get(key) ?? []), definitionPrefix + embedded[1]]);
    const field = /^\s+\w+\s+[^`]*`[^`]*json:"([^,"]+)/.exec(line);
    if (field && pending.length > 0) {
      if (!into.defaults.has(key)) into.defaults.set(key, new Map());
      into.defaults.get(key)!.set(field[1]!, pending[pending.length - 1]);
    }
    pending = [];
  }
  return into;
}

/** A JSON literal marker value; `ref(SomeConstant)` (which controller-gen skips) is undefined. */
function literal(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
