// The image the deploy kit uses when IMG is unset: the one config/default's manager container
// names. The generator pins it there (config/manager/manager.yaml) to the operator's repository
// (operator.yaml's metadata.image or imageRegistry, else the project's name) and package.json's
// version, or the tag operator.yaml writes, and derives the Helm chart's default from the same
// function; so `image:build` tags, `image:push` pushes, dist/install.yaml and `deploy` set,
// `kubectl apply -k config/default` runs and `helm install` deploys one image.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MANAGER_CONTAINER } from "./installer.ts";
import { kustomizationObjects } from "./kustomization.ts";

interface PodTemplateOwner {
  kind: string;
  spec?: { template?: { spec?: { containers?: { name: string; image?: string }[] } } };
}

/** The manager container's image in config/default, as `kubectl apply -k config/default` runs it. */
export function managerImage(projectRoot: string): string {
  const objects = kustomizationObjects(join(projectRoot, "config", "default"), [], projectRoot);
  for (const object of objects as PodTemplateOwner[]) {
    if (object.kind !== "Deployment") continue;
    const manager = object.spec?.template?.spec?.containers?.find(
      (c) => c.name === MANAGER_CONTAINER,
    );
    if (manager?.image) return manager.image;
  }
  throw new Error(
    `config/default holds no Deployment with a container named "${MANAGER_CONTAINER}" and an image: set IMG`,
  );
}

function readVersion(file: string, pattern: RegExp): string | undefined {
  if (!existsSync(file)) return undefined;
  return pattern.exec(readFileSync(file, "utf8"))?.[1];
}

/**
 * $IMG, else the manager image config/default names. Refuses when package.json's version moved
 * since the last `generate` (the chart's appVersion is the version it rendered): the pinned image
 * would still carry the old tag, and a build or deploy of it is rarely what a bump meant.
 */
export function defaultImage(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env["IMG"]) return env["IMG"];
  const packageFile = join(projectRoot, "package.json");
  if (!existsSync(packageFile))
    throw new Error(
      `no package.json in ${projectRoot}: run operator-kit in the project's root (npm run does)`,
    );
  const version = (JSON.parse(readFileSync(packageFile, "utf8")) as { version?: string }).version;
  const generated = readVersion(
    join(projectRoot, "chart", "Chart.yaml"),
    /^appVersion:\s*["']?([^"'\s]+)/m,
  );
  if (version !== undefined && generated !== undefined && generated !== version)
    throw new Error(
      `package.json's version is ${version}, but the project was generated at ${generated}: ` +
        "run `npx create-operator generate` so config/manager, the chart and the default image " +
        "follow it (or set IMG to the image to use)",
    );
  return managerImage(projectRoot);
}
