// Regeneration from a spec with one child of a kind to several, through the compiled CLI: the
// user's builder is never lost. A second child with an id beside the old one leaves the old
// builder in use; ids on every child of the kind leave it unused, kept, excluded from compilation,
// and `generate` says which new builders its code belongs in.

import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { examplePath, runCli, tempDir } from "./support.ts";

const MARK = "// the user's own Service code";

function newProject(name: string): string {
  const root = join(tempDir("regen-child-ids"), name);
  const created = runCli(["new", root, "--spec", examplePath("web-app")]);
  assert.equal(created.status, 0, created.stderr);
  const builder = join(root, "src/children/service.ts");
  writeFileSync(builder, `${readFileSync(builder, "utf8")}${MARK}\n`);
  return root;
}

/** operator.yaml with the web-app's one Service child replaced by `services`. */
function withServices(root: string, services: string): void {
  const spec = join(root, "operator.yaml");
  const text = readFileSync(spec, "utf8");
  const one = "  - apiVersion: v1\n    kind: Service\n";
  assert.ok(text.includes(one));
  writeFileSync(spec, text.replace(one, services));
}

test("a second Service child with an id: the old builder stays in use, the new one is scaffolded", () => {
  const root = newProject("beside");
  withServices(
    root,
    "  - apiVersion: v1\n    kind: Service\n  - apiVersion: v1\n    kind: Service\n    id: admin\n",
  );
  const result = runCli(["generate"], { cwd: root });
  assert.equal(result.status, 0, result.stderr);
  assert.ok(readFileSync(join(root, "src/children/service.ts"), "utf8").includes(MARK));
  assert.ok(existsSync(join(root, "src/children/admin-service.ts")));
  assert.match(
    readFileSync(join(root, "src/children/index.ts"), "utf8"),
    /import \{ desiredService \} from "\.\/service\.ts";[\s\S]*desiredAdminService/,
  );
  assert.doesNotMatch(result.stdout, /no longer used/);
});

test("ids on every Service child: the old builder is kept, excluded, and generate says where its code goes", () => {
  const root = newProject("split");
  withServices(
    root,
    "  - apiVersion: v1\n    kind: Service\n    id: web\n  - apiVersion: v1\n    kind: Service\n    id: admin\n",
  );
  const result = runCli(["generate"], { cwd: root });
  assert.equal(result.status, 0, result.stderr);
  assert.ok(readFileSync(join(root, "src/children/service.ts"), "utf8").includes(MARK));
  assert.match(
    result.stdout,
    /src\/children\/service\.ts is no longer used by the spec: its kind's children now have ids, each with its own builder; move its code into src\/children\/web-service\.ts, src\/children\/admin-service\.ts/,
  );
  const tsconfig = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")) as {
    exclude?: string[];
  };
  assert.ok(tsconfig.exclude?.includes("src/children/service.ts"), JSON.stringify(tsconfig));
});
