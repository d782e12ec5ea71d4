// Renders docs/spec-reference.md from the spec format's JSON Schema, so the reference can never
// drift from what the generator validates: the schema is the one source for both.

interface SchemaNode {
  description?: string;
  type?: string;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  required?: string[];
  definitions?: Record<string, SchemaNode>;
}

export function renderSpecReference(schema: SchemaNode): string {
  const lines = [
    "# operator.yaml reference",
    "",
    "Generated from `schema/operator-spec.schema.json` by `npm run docs`; do not edit by hand.",
    "",
    schema.description ?? "",
    "",
    "| path | type | required | description |",
    "|---|---|---|---|",
  ];
  const seen = new Set<string>();
  const walk = (node: SchemaNode, path: string, required: boolean, row = true): void => {
    const resolved = resolve(schema, node);
    if (path && row)
      lines.push(
        `| \`${path}\` | ${typeOf(resolved)} | ${required ? "yes" : ""} | ${escape(node.description ?? resolved.description ?? "")} |`,
      );
    // The field definition is recursive; document it once, under the generic `<field>` path.
    if (node.$ref && seen.has(node.$ref)) return;
    if (node.$ref) seen.add(node.$ref);
    for (const [key, child] of Object.entries(resolved.properties ?? {})) {
      walk(child, path ? `${path}.${key}` : key, resolved.required?.includes(key) ?? false);
    }
    // Array elements are described by their array's row; only their properties get rows.
    if (resolved.items) walk(resolved.items, `${path}[]`, false, false);
    if (typeof resolved.additionalProperties === "object")
      walk(resolved.additionalProperties, `${path}.<name>`, false, false);
  };
  walk(schema, "", true);
  return lines.join("\n") + "\n";
}

function resolve(root: SchemaNode, node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const name = node.$ref.replace("#/definitions/", "");
  return root.definitions?.[name] ?? node;
}

function typeOf(node: SchemaNode): string {
  if (node.const !== undefined) return `\`${String(node.const)}\``;
  if (node.enum) return node.enum.map((v) => `\`${String(v)}\``).join(" \\| ");
  return node.type ?? "any";
}

function escape(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
