// Renders docs/spec-reference.md from the spec format's JSON Schema, so the reference can never
// drift from what the generator validates: the schema is the one source for both.

interface SchemaNode {
  $id?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  title?: string;
  anyOf?: SchemaNode[];
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  required?: string[];
  definitions?: Record<string, SchemaNode>;
}

export interface ReferenceOptions {
  title: string;
  source: string;
  /** Schemas a `$ref` may name by `$id` (the preset schema refers to the spec schema). */
  others?: SchemaNode[];
}

const SPEC_REFERENCE: ReferenceOptions = {
  title: "operator.yaml reference",
  source: "schema/operator-spec.schema.json",
};

/** The preset format's reference; its defaults refer into the spec schema. */
export const PRESET_REFERENCE = (specSchema: SchemaNode): ReferenceOptions => ({
  title: "preset.yaml reference",
  source: "schema/preset.schema.json",
  others: [specSchema],
});

export function renderSpecReference(
  schema: SchemaNode,
  options: ReferenceOptions = SPEC_REFERENCE,
): string {
  const resolve = (root: SchemaNode, node: SchemaNode) =>
    resolveRef(root, node, options.others ?? []);
  const lines = [
    `# ${options.title}`,
    "",
    `Generated from \`${options.source}\` by \`npm run docs\`; do not edit by hand.`,
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

function resolveRef(root: SchemaNode, node: SchemaNode, others: SchemaNode[]): SchemaNode {
  if (!node.$ref) return node;
  const [id, pointer = ""] = node.$ref.split("#");
  const base = id ? others.find((o) => o.$id === id) : root;
  if (!base) return node;
  let found: unknown = base;
  for (const segment of pointer.split("/").filter((s) => s !== ""))
    found = (found as Record<string, unknown> | undefined)?.[segment];
  const target = (found as SchemaNode | undefined) ?? node;
  // A definition refers to its own schema's definitions.
  return target.$ref && !id ? resolveRef(root, target, others) : target;
}

function typeOf(node: SchemaNode): string {
  if (node.const !== undefined) return `\`${String(node.const)}\``;
  if (node.enum) return node.enum.map((v) => `\`${String(v)}\``).join(" \\| ");
  if (Array.isArray(node.type)) return node.type.join(" or ");
  // Alternatives, e.g. the format's own field types or a Kubernetes type name (by its title).
  if (node.anyOf) return node.anyOf.map((n) => n.title ?? typeOf(n)).join(" \\| ");
  return node.type ?? "any";
}

function escape(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
