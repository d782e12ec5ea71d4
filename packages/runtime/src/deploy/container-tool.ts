// `npm run image:build` and `image:push`: the image build with docker or podman, whichever is on
// PATH (docker first, as kubebuilder's Makefile does; CONTAINER_TOOL names another). The
// commands are the plain ones, so what runs is what a user would type.

import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export const CONTAINER_TOOLS = ["docker", "podman"] as const;

export class NoContainerToolError extends Error {
  override name = "NoContainerToolError";
}

function onPath(name: string, path: string): boolean {
  return path
    .split(delimiter)
    .filter((dir) => dir !== "")
    .some((dir) => {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** The container CLI to run: CONTAINER_TOOL when set, else docker, else podman, from PATH. */
export function containerTool(env: NodeJS.ProcessEnv = process.env): string {
  const path = env["PATH"] ?? "";
  const chosen = env["CONTAINER_TOOL"];
  if (chosen) {
    if (!onPath(chosen, path) && !chosen.includes("/"))
      throw new NoContainerToolError(`CONTAINER_TOOL is ${chosen}, which is not on PATH`);
    return chosen;
  }
  const found = CONTAINER_TOOLS.find((tool) => onPath(tool, path));
  if (found === undefined)
    throw new NoContainerToolError(
      "neither docker nor podman is on PATH: the image is built with one of them. Install Docker " +
        "(https://docs.docker.com/get-docker/) or Podman (https://podman.io/docs/installation), " +
        "or set CONTAINER_TOOL to another docker-compatible CLI, and run this again",
    );
  return found;
}

/** The arguments after the tool's name: `build -t <image> .` and `push <image>`. */
export function imageCommand(action: "build" | "push", image: string): string[] {
  return action === "build" ? ["build", "-t", image, "."] : ["push", image];
}
