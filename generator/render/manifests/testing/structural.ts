// Test support: checks that a CRD schema is structural in the API server's sense, with the
// server's rules for list and map types, plus this generator's own rules (every array states its
// list type). Returns every problem found.

export function structuralProblems(
  schema: Record<string, any>,
  path = "openAPIV3Schema",
): string[] {
  const problems: string[] = [];
  const intOrString = schema["x-kubernetes-int-or-string"] === true;
  const preserve = schema["x-kubernetes-preserve-unknown-fields"] === true;
  if (!schema.type && !intOrString && !preserve) problems.push(`${path}: no type`);
  if (schema.properties && schema.additionalProperties)
    problems.push(`${path}: both properties and additionalProperties`);
  for (const keyword of ["anyOf", "allOf", "oneOf", "not", "$ref"])
    if (keyword in schema && !(keyword === "anyOf" && intOrStringAnyOf(schema)))
      problems.push(`${path}: ${keyword} is not generated`);
  if (schema.type === "array") {
    if (!schema.items) problems.push(`${path}: array without items`);
    if (!schema["x-kubernetes-list-type"])
      problems.push(`${path}: array without x-kubernetes-list-type`);
  }
  if (schema["x-kubernetes-list-map-keys"]) {
    if (schema["x-kubernetes-list-type"] !== "map")
      problems.push(`${path}: list-map-keys without list-type map`);
    for (const key of schema["x-kubernetes-list-map-keys"]) {
      const keySchema = schema.items?.properties?.[key];
      if (!keySchema) problems.push(`${path}: list-map key ${key} is not a property of the items`);
      else if (!(schema.items.required ?? []).includes(key) && keySchema.default === undefined)
        problems.push(`${path}: list-map key ${key} is neither required nor defaulted`);
      else if (keySchema.nullable) problems.push(`${path}: list-map key ${key} is nullable`);
    }
  }
  const mapType = schema["x-kubernetes-map-type"];
  if (
    mapType !== undefined &&
    (schema.type !== "object" || !["atomic", "granular"].includes(mapType))
  )
    problems.push(`${path}: x-kubernetes-map-type ${mapType} on type ${schema.type}`);
  // The API server admits atomic objects and lists as set items; server-side apply does not.
  if (
    schema["x-kubernetes-list-type"] === "set" &&
    ["object", "array"].includes(schema.items?.type)
  )
    problems.push(
      `${path}: set items are ${schema.items.type}s, which server-side apply cannot key`,
    );
  if (schema.type !== "object" && (schema.properties || schema.additionalProperties))
    problems.push(`${path}: properties on a non-object`);
  for (const name of schema.required ?? [])
    if (!schema.properties?.[name]) problems.push(`${path}: required ${name} is not a property`);
  for (const [name, child] of Object.entries<Record<string, any>>(schema.properties ?? {}))
    problems.push(...structuralProblems(child, `${path}.${name}`));
  if (schema.items) problems.push(...structuralProblems(schema.items, `${path}[]`));
  if (schema.additionalProperties && typeof schema.additionalProperties === "object")
    problems.push(...structuralProblems(schema.additionalProperties, `${path}{}`));
  return problems;
}

/**
 * controller-gen's int-or-string (embedded Quantity, IntOrString): anyOf integer or string
 * beside x-kubernetes-int-or-string, the one anyOf a structural schema allows at that node.
 */
function intOrStringAnyOf(schema: Record<string, any>): boolean {
  return (
    schema["x-kubernetes-int-or-string"] === true &&
    JSON.stringify(schema.anyOf) === JSON.stringify([{ type: "integer" }, { type: "string" }])
  );
}

/** Every schema node with its path, depth first. */
export function schemaNodes(
  schema: Record<string, any>,
  path = "",
): [string, Record<string, any>][] {
  return [
    [path, schema],
    ...Object.entries<Record<string, any>>(schema.properties ?? {}).flatMap(([name, child]) =>
      schemaNodes(child, path ? `${path}.${name}` : name),
    ),
    ...(schema.items ? schemaNodes(schema.items, `${path}[]`) : []),
    ...(schema.additionalProperties ? schemaNodes(schema.additionalProperties, `${path}{}`) : []),
  ];
}
