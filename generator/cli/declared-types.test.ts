import assert from "node:assert/strict";
import { test } from "node:test";
import { declarationsChanged, declaredTypes } from "./declared-types.ts";

const PROVIDER = `// Generated.
import type { Database } from "../api/v1alpha1/database-types.ts";

/** What the cloud should hold. */
export interface InstanceDesired {
  /** Size in GB. */
  storageGB: number;
  tags: { [key: string]: string };
}

export type Phase =
  | "Pending"
  | "Ready";

export function desiredInstance(obj: Database): InstanceDesired {
  return {
    storageGB: obj.spec?.storageGB ?? 20,
    tags: {},
  };
}
`;

test("the declarations are the imports, interfaces, types and exported signatures", () => {
  const declared = declaredTypes(PROVIDER);
  assert.match(declared, /^import type \{ Database \}/);
  assert.match(
    declared,
    /export interface InstanceDesired \{\n {2}storageGB: number;\n {2}tags: \{ \[key: string\]: string \};\n\}/,
  );
  assert.match(declared, /export type Phase =\n {2}\| "Pending"\n {2}\| "Ready";/);
  assert.match(declared, /export function desiredInstance\(obj: Database\): InstanceDesired$/m);
  assert.doesNotMatch(declared, /storageGB \?\? 20|Size in GB|Generated/);
});

test("a default in a body or a comment is no change; a field, a type or a signature is", () => {
  const change = (from: string, to: string) =>
    declarationsChanged(PROVIDER, PROVIDER.replace(from, to));
  assert.equal(change("?? 20", "?? 30"), false);
  assert.equal(change("Size in GB.", "Size in GiB."), false);
  assert.equal(change("  tags:", "  region: string;\n  tags:"), true);
  assert.equal(change('| "Ready";', '| "Ready"\n  | "Failed";'), true);
  assert.equal(change("(obj: Database)", "(obj: Database, now: Date)"), true);
  assert.equal(change("import type { Database }", "import type { Database, Other }"), true);
});
