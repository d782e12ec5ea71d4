// A rule's fieldPath must name a field of the schema the rule sits on, in the API server's small
// JSONPath dialect (pkg/apiserver/schema/cel/validation.go ValidFieldPath): `.name` and `['name']`
// steps through object fields and map keys. The server refuses the CRD otherwise.

import { isObject, obj, str, type RawObject } from "./raw-spec.ts";

/** undefined when the path is valid, else why not (in the server's words). */
export function fieldPathProblem(path: string, self: RawObject): string | undefined {
  const tokens = tokenize(path);
  let def: RawObject | undefined = self;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    let name: string;
    if (tok === "[") {
      const quoted = tokens[++i];
      if (quoted === undefined) return "unexpected end of JSON path";
      if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'"))
        return `expected single quoted string but got ${quoted}`;
      name = quoted.slice(1, -1).replace(/\\(.)/g, "$1");
      if (tokens[++i] !== "]") return `expected ] but got ${tokens[i] ?? "the end"}`;
    } else if (tok === ".") {
      const next = tokens[++i];
      if (next === undefined) return "unexpected end of JSON path";
      name = next;
    } else return `expected [ or . but got: ${tok}`;
    def = step(def, name);
    if (!def) return `${path} does not refer to a valid field`;
  }
  return undefined;
}

function step(def: RawObject | undefined, name: string): RawObject | undefined {
  const type = def?.type === undefined ? "object" : str(def.type);
  if (type === "object") {
    const field = obj(def?.fields)[name];
    return isObject(field) ? field : undefined;
  }
  if (type === "map") return isObject(def?.values) ? def.values : { type: "string" };
  return undefined;
}

/** The server's scanner: `.`, `[` and `]` are tokens, a single-quoted string is one token. */
function tokenize(path: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i]!;
    if (c === "'") {
      let j = i + 1;
      while (j < path.length && !(path[j] === "'" && path[j - 1] !== "\\")) j++;
      tokens.push(path.slice(i, j + 1));
      i = j + 1;
    } else if (c === "." || c === "[" || c === "]") {
      tokens.push(c);
      i++;
    } else {
      let j = i;
      while (j < path.length && !".[]".includes(path[j]!)) j++;
      tokens.push(path.slice(i, j));
      i = j;
    }
  }
  return tokens;
}
