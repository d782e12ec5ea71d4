// Every place a generated project names the operator's image names the same one: the deploy kit's
// default (what `image:build` tags and `image:push` pushes), dist/install.yaml, the Helm chart's
// default, config/manager/manager.yaml (`kubectl apply -k config/default`) and the README. With
// metadata.imageRegistry or metadata.image set the repository is the spec's, not the package name;
// the tag is package.json's version unless metadata.image writes one, and `generate` follows a
// version bump everywhere.

import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { parse, parseAllDocuments } from "yaml";
import { main as operatorKit } from "../packages/runtime/src/deploy/cli.ts";
import { defaultImage } from "../packages/runtime/src/deploy/project-image.ts";
import { examplePath, runCli, tempDir } from "./support.ts";

interface Deployment {
  kind: string;
  spec: { template: { spec: { containers: { name: string; image: string }[] } } };
}

const managerImage = (docs: Deployment[]) =>
  docs.find((d) => d?.kind === "Deployment")!.spec.template.spec.containers[0]!.image;

function chartImage(project: string): string {
  const chart = parse(readFileSync(join(project, "chart/Chart.yaml"), "utf8")) as {
    appVersion: string;
  };
  const values = parse(readFileSync(join(project, "chart/values.yaml"), "utf8")) as {
    image: { repository: string; tag: string; digest: string };
  };
  // The chart's Deployment template: an empty tag is the chart's appVersion.
  const digest = values.image.digest ? `@${values.image.digest}` : "";
  return `${values.image.repository}:${values.image.tag || chart.appVersion}${digest}`;
}

/** Every image the project names, by where it is named. */
async function imagesOf(project: string): Promise<Record<string, string>> {
  const read = (path: string) => readFileSync(join(project, path), "utf8");
  const kit = defaultImage(project, {});
  const quiet = process.stdout.write;
  process.stdout.write = () => true;
  try {
    assert.equal(await operatorKit(["installer"], project), 0);
  } finally {
    process.stdout.write = quiet;
  }
  const all = (path: string) => parseAllDocuments(read(path)).map((d) => d.toJS() as Deployment);
  const readme = /IMG=\S+ +# default: `?([^`\s]+)/.exec(read("README.md"))?.[1] ?? "(none)";
  return {
    "deploy kit default": kit,
    "dist/install.yaml": managerImage(all("dist/install.yaml")),
    chart: chartImage(project),
    "config/manager/manager.yaml": managerImage(all("config/manager/manager.yaml")),
    README: readme,
  };
}

const made: string[] = [];
after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(metadata: string): string {
  const dir = tempDir("operator-image");
  made.push(dir);
  const spec = readFileSync(examplePath("database"), "utf8").replace(
    "  name: database-operator\n",
    `  name: database-operator\n${metadata}`,
  );
  writeFileSync(join(dir, "operator.yaml"), spec);
  const result = runCli(["new", join(dir, "db"), "--spec", join(dir, "operator.yaml")]);
  assert.equal(result.status, 0, result.stderr);
  return join(dir, "db");
}

const same = (images: Record<string, string>, expected: string) =>
  assert.deepEqual(
    images,
    Object.fromEntries(Object.keys(images).map((k) => [k, expected])),
    "every place names one image",
  );

test("with metadata.imageRegistry every place names <registry>/<name>:<version>", async () => {
  const dir = project("  imageRegistry: registry.acme.internal/platform\n");
  same(await imagesOf(dir), "registry.acme.internal/platform/database-operator:0.1.0");
  const path = join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(path, "utf8")) as { version: string };
  pkg.version = "0.4.2";
  writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");
  const result = runCli(["generate"], { cwd: dir });
  assert.equal(result.status, 0, result.stderr);
  same(await imagesOf(dir), "registry.acme.internal/platform/database-operator:0.4.2");
});

test("metadata.image without a tag is the repository; package.json's version is the tag", async () => {
  const dir = project("  image: ghcr.io/example/db-operator\n");
  same(await imagesOf(dir), "ghcr.io/example/db-operator:0.1.0");
});

test("a tag metadata.image writes is the tag everywhere", async () => {
  const dir = project("  image: ghcr.io/example/db-operator:2.0.0-rc.1\n");
  same(await imagesOf(dir), "ghcr.io/example/db-operator:2.0.0-rc.1");
});

test("without either, the image is <name>:<version>", async () => {
  const dir = project("");
  same(await imagesOf(dir), "database-operator:0.1.0");
});
