// The Helm chart deploys the image the deploy kit builds: `npm run image:build` tags
// <package name>:<package version> (defaultImage), so the chart's appVersion (the default image
// tag) is package.json's version, on `new` and after the user bumps it and runs `generate`.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { defaultImage } from "../packages/runtime/src/deploy/cli.ts";
import { databaseProject } from "./project-fixture.ts";
import { runCli } from "./support.ts";

function chartImage(project: string): string {
  const chart = parse(readFileSync(join(project, "chart/Chart.yaml"), "utf8")) as {
    appVersion: string;
  };
  const values = parse(readFileSync(join(project, "chart/values.yaml"), "utf8")) as {
    image: { repository: string; tag: string };
  };
  // The chart's Deployment template: an empty tag is the chart's appVersion.
  return `${values.image.repository}:${values.image.tag || chart.appVersion}`;
}

test("the chart's default image is the one image:build tags", () => {
  const project = databaseProject();
  assert.equal(chartImage(project), defaultImage(project, {}));
});

test("a version bump in package.json moves the chart's appVersion on generate", () => {
  const project = databaseProject();
  const path = join(project, "package.json");
  const pkg = JSON.parse(readFileSync(path, "utf8")) as { version: string };
  pkg.version = "0.4.2";
  writeFileSync(path, JSON.stringify(pkg, null, 2) + "\n");
  const result = runCli(["generate"], { cwd: project });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(chartImage(project), defaultImage(project, {}));
  assert.match(chartImage(project), /:0\.4\.2$/);
});
