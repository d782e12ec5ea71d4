// Rewrites packages/runtime/test/fixtures/tenancy-cel-oracle.json: builds cel-oracle (Go,
// Kubernetes 1.36's CEL environment) and records its answer for every expression of
// tenancy-cel-corpus.ts. Needs a Go toolchain and the modules go.mod pins (no network once they
// are in the module cache). Run after changing the corpus: node scripts/cel-oracle/update.ts

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "prettier";
import { CORPUS } from "../../packages/runtime/test/fixtures/tenancy-cel-corpus.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const target = fileURLToPath(
  new URL("../../packages/runtime/test/fixtures/tenancy-cel-oracle.json", import.meta.url),
);
const dir = mkdtempSync(join(tmpdir(), "cel-oracle-"));
try {
  const binary = join(dir, "cel-oracle");
  execFileSync("go", ["build", "-o", binary, "."], {
    cwd: here,
    stdio: "inherit",
    env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" },
  });
  const lines = execFileSync(binary, { input: `${CORPUS.join("\n")}\n`, encoding: "utf8" });
  const results = lines
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as unknown);
  if (results.length !== CORPUS.length) throw new Error("cel-oracle skipped an expression");
  writeFileSync(target, await format(JSON.stringify(results), { parser: "json" }));
  console.log(`${results.length} expressions -> ${target}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
