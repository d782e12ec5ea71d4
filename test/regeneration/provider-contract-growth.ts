// What a user of a 0.1.0 project does after regenerating: the provider contract has grown since
// (listByOwnerTag, for the orphan sweep), tsc names the scaffold-once cloud provider as the one
// file that no longer compiles, and the user adds the method. ensure() has grown a fourth
// argument too (the create's idempotency token): an ensure() with three parameters still
// implements it, so that step is optional for compiling and the generator's list names it.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Adds the method the 0.2.0 contract asks of the Database project's instance provider. */
export function implementListByOwnerTag(dir: string): void {
  const cloud = join(dir, "src/providers/instance-cloud.ts");
  const source = readFileSync(cloud, "utf8");
  const opening = "implements InstanceProvider {\n";
  assert.ok(source.includes(opening), "the provider class is where 0.1.0 scaffolded it");
  const method = `
  async listByOwnerTag(): Promise<Array<{ ownerUid: string; providerId: string }>> {
    throw new Error("listByOwnerTag is not implemented");
  }
`;
  writeFileSync(cloud, source.replace(opening, opening + method));
}
