// The build and dependency chain of every generated project, checked on the examples' golden
// projects (the golden test holds them equal to the render): exact versions, base images pinned by
// digest, and an SBOM of the image's contents made by the image build.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BASE_IMAGES } from "../generator/render/sources/base-images.ts";
import { hubReference, withDigest } from "../scripts/base-images.ts";
import { exampleNames, REPO_ROOT } from "./support.ts";

const golden = (name: string, file: string) =>
  readFileSync(join(REPO_ROOT, "test/golden", name, file), "utf8");

/** A version npm installs exactly: x.y.z (with a pre-release), or a vendored tarball. */
const EXACT = /^(\d+\.\d+\.\d+(-[\w.]+)?|file:vendor\/[\w.-]+\.tgz)$/;

test("every dependency of every generated project, and of the libraries it installs, is exact", () => {
  for (const name of exampleNames()) {
    const pkg = JSON.parse(golden(name, "package.json"));
    for (const [dep, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }))
      assert.match(String(version), EXACT, `${name}: ${dep} ${version}`);
  }
  // The libraries' own dependencies come into the project's lock as they declare them. Their peer
  // dependency on client-node stays a range on purpose: the project's exact pin satisfies it.
  for (const library of ["packages/runtime", "packages/envtest"]) {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, library, "package.json"), "utf8"));
    for (const [dep, version] of Object.entries(pkg.dependencies ?? {}))
      assert.match(String(version), EXACT, `${library}: ${dep} ${version}`);
  }
});

test("the Dockerfile's base images are pinned by digest, the tag kept for the reader", () => {
  for (const name of exampleNames()) {
    const froms = golden(name, "Dockerfile")
      .split("\n")
      .filter((line) => line.startsWith("FROM "));
    assert.equal(froms.length, 2, `${name}: a build and a runtime stage`);
    for (const from of froms)
      assert.match(
        from,
        /^FROM [\w.-]+:[\w.-]+@sha256:[0-9a-f]{64}( AS \w+)?$/,
        `${name}: ${from}`,
      );
  }
});

test("the image build writes a CycloneDX SBOM of what it installed and ships it", () => {
  for (const name of exampleNames()) {
    const dockerfile = golden(name, "Dockerfile");
    const [build, runtime] = dockerfile.split(/^FROM /m).slice(1);
    assert.match(build!, /^RUN npm sbom --sbom-format cyclonedx > sbom\.cdx\.json$/m);
    assert.ok(build!.indexOf("npm sbom") > build!.indexOf("RUN npm ci"), `${name}: after npm ci`);
    assert.match(runtime!, /^COPY --from=build \/app\/sbom\.cdx\.json \.\/sbom\.cdx\.json$/m);
  }
});

test("base-images:update rewrites exactly the digest beside its tag", () => {
  assert.deepEqual(hubReference("node:24-alpine"), {
    repository: "library/node",
    tag: "24-alpine",
  });
  const source = readFileSync(join(REPO_ROOT, "generator/render/sources/base-images.ts"), "utf8");
  const moved = `sha256:${"a".repeat(64)}`;
  const next = withDigest(source, BASE_IMAGES.runtime.tag, moved);
  assert.ok(next.includes(moved));
  assert.ok(next.includes(BASE_IMAGES.build.digest), "the other pin is left alone");
  assert.ok(!next.includes(BASE_IMAGES.runtime.digest));
  assert.throws(() => withDigest(source, "node:99", moved), /not pinned/);
  assert.throws(() => withDigest(source, BASE_IMAGES.runtime.tag, "latest"), /not a sha256/);
});
