// operator-kit: the deploy kit behind a generated project's npm scripts (the ecosystem's Makefile).
//   operator-kit installer [--component <name>]...   writes dist/install.yaml
//   operator-kit deploy|undeploy [--component <name>]...
//   operator-kit uninstall [--force]
//   operator-kit image build|push
// Run in the project's root. The image is $IMG, else the one config/manager pins (project-image.ts);
// the cluster is the current kubeconfig's (KUBECONFIG, else ~/.kube/config).

import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { imageCommand, usableContainerTool } from "./container-tool.ts";

export const INSTALLER_PATH = "dist/install.yaml";

const USAGE = `usage: operator-kit <command> [options]
  installer             write ${INSTALLER_PATH}: CRDs, namespace, RBAC, the Deployment with $IMG
  deploy                apply the installer to the current kubeconfig's cluster (server-side apply)
  undeploy              remove the operator; keep CRDs, custom resources and the namespace
  uninstall [--force]   remove everything; refuses while custom resources carry finalizers
  image build|push      build or push $IMG with docker or podman
options:
  --out <path>          where installer writes (default: ${INSTALLER_PATH})
  --component <name>    add an opt-in component under config/ (monitoring, network-policy); repeatable
environment:
  IMG                   the image (default: config/manager's, <repository>:<package version>)
  KUBECONFIG            the kubeconfig (default: ~/.kube/config)
  CONTAINER_TOOL        the container CLI (default: docker when its daemon answers, else podman)`;

export async function main(argv: string[], projectRoot = process.cwd()): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      component: { type: "string", multiple: true, default: [] },
      force: { type: "boolean", default: false },
      out: { type: "string", default: INSTALLER_PATH },
      help: { type: "boolean", default: false },
    },
  });
  const [command, action] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  // The default image needs config/default read, which loads client-node (seconds on a busy
  // machine); with IMG set, `image build` starts the container CLI at once.
  const projectImage = async () =>
    process.env["IMG"] || (await import("./project-image.ts")).defaultImage(projectRoot);
  const report = (line: string) => process.stdout.write(`${line}\n`);
  if (command === "image" && (action === "build" || action === "push")) {
    const image = await projectImage();
    const tool = usableContainerTool(process.env, report);
    const args = imageCommand(action, image);
    report(`${tool} ${args.join(" ")}`);
    const run = spawnSync(tool, args, { cwd: projectRoot, stdio: "inherit" });
    if (run.error) throw run.error;
    return run.status ?? 1;
  }
  if (!["installer", "deploy", "undeploy", "uninstall"].includes(command)) {
    process.stderr.write(`operator-kit: unknown command ${positionals.join(" ")}\n${USAGE}\n`);
    return 2;
  }
  // client-node loads in seconds on a busy machine: only the commands that talk YAML or to a
  // cluster load it, so `image build` with IMG set (above) starts the container CLI at once.
  const { installerObjects, installerYaml } = await import("./installer.ts");
  // undeploy and uninstall delete by name: the image is irrelevant, and a version bump since the
  // last generate must not stop them (project-image.ts refuses that for what deploys an image).
  const image =
    command === "undeploy" || command === "uninstall"
      ? process.env["IMG"] || (await import("./project-image.ts")).managerImage(projectRoot)
      : await projectImage();
  const installer = () => installerObjects({ projectRoot, image, components: values.component });
  const cluster = async () => ({
    config: (await import("../kube-config.ts")).loadKubeConfig(),
    ...(await import("./lifecycle.ts")),
  });
  switch (command) {
    case "installer": {
      const path = resolve(projectRoot, values.out);
      mkdirSync(dirname(path), { recursive: true });
      const objects = installer();
      writeFileSync(path, installerYaml(objects, image));
      report(`wrote ${values.out}: ${objects.length} objects, image ${image}`);
      return 0;
    }
    case "deploy": {
      const { config, deploy } = await cluster();
      await deploy(config, installer(), report);
      report(`deployed ${image}`);
      return 0;
    }
    case "undeploy": {
      const { config, undeploy } = await cluster();
      await undeploy(config, installer(), report);
      report("undeployed: the CRDs, their custom resources and the namespace are kept");
      return 0;
    }
    case "uninstall": {
      const { config, uninstall } = await cluster();
      await uninstall(config, installer(), { force: values.force, report });
      return 0;
    }
  }
  process.stderr.write(`operator-kit: unknown command ${positionals.join(" ")}\n${USAGE}\n`);
  return 2;
}
