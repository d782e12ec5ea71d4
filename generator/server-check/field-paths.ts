// Kubernetes field paths as the API server writes them in a Status cause:
// `spec.validation.openAPIV3Schema.properties[spec].properties[size].x-kubernetes-validations[0].rule`,
// `spec.backup.retentionDays`, `spec.tags[team]`, `spec.allowedCIDRs[3]`.

export type Segment = { name: string } | { key: string };

/** Splits a field path into names (`.x`) and subscripts (`[x]`); a subscript may hold dots. */
export function parseFieldPath(path: string): Segment[] {
  const segments: Segment[] = [];
  let i = 0;
  while (i < path.length) {
    const char = path[i]!;
    if (char === ".") {
      i++;
    } else if (char === "[") {
      const end = path.indexOf("]", i);
      const stop = end === -1 ? path.length : end;
      segments.push({ key: path.slice(i + 1, stop) });
      i = stop + 1;
    } else {
      let end = i;
      while (end < path.length && path[end] !== "." && path[end] !== "[") end++;
      segments.push({ name: path.slice(i, end) });
      i = end;
    }
  }
  return segments;
}

/** The first field path at the start of a server message ("spec.x: Invalid value: ..."), if any. */
export function leadingFieldPath(message: string): { field: string; rest: string } | undefined {
  const match = /^([A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*|\[[^\]]*\])*): (.*)$/s.exec(message);
  return match ? { field: match[1]!, rest: match[2]! } : undefined;
}
