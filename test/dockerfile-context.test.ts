// The Dockerfile's build stage copies from the build context, and .dockerignore starts by
// excluding everything: every path a COPY names must be let back in, or `docker build` fails
// ("not found"). Checked on every example's golden project (the golden test holds them equal to
// the render), since no container runtime runs here.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { exampleNames, REPO_ROOT } from "./support.ts";

/** The sources of the COPY instructions that read the build context (not --from another stage). */
function contextSources(dockerfile: string): string[] {
  return dockerfile
    .split("\n")
    .filter((line) => /^COPY\s/.test(line) && !/--from=/.test(line))
    .flatMap((line) => line.trim().split(/\s+/).slice(1, -1));
}

test("every path the Dockerfile copies is let back in by .dockerignore", () => {
  for (const name of exampleNames()) {
    const project = join(REPO_ROOT, "test/golden", name);
    const ignore = readFileSync(join(project, ".dockerignore"), "utf8").split("\n");
    assert.ok(ignore.includes("*"), `${name}: .dockerignore excludes everything first`);
    const included = ignore
      .filter((l) => l.startsWith("!"))
      .map((l) => l.slice(1).replace(/\/$/, ""));
    for (const source of contextSources(readFileSync(join(project, "Dockerfile"), "utf8")))
      assert.ok(
        included.includes(source.replace(/\/$/, "")),
        `${name}: COPY ${source} is excluded by .dockerignore`,
      );
  }
});
