// `npm run image:build` and `image:push`: the image build with docker or podman, whichever is on
// PATH (docker first, as kubebuilder's Makefile does; CONTAINER_TOOL names another). The
// commands are the plain ones, so what runs is what a user would type.

import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { basename, delimiter, join } from "node:path";

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

/**
 * containerTool, checked: docker's client runs without its daemon until a command needs it, and
 * then prints only its own error. So docker's daemon is asked first (`docker version`, which fails
 * at once when nothing listens); without an answer, podman (which needs no daemon) is used when
 * it is on PATH and CONTAINER_TOOL did not name docker, else the error says what to do.
 */
export function usableContainerTool(
  env: NodeJS.ProcessEnv = process.env,
  report: (line: string) => void = () => {},
): string {
  const tool = containerTool(env);
  if (basename(tool) !== "docker") return tool;
  const probe = spawnSync(tool, ["version", "--format", "{{.Server.Version}}"], {
    encoding: "utf8",
    env,
    timeout: 30_000,
  });
  if (probe.status === 0) return tool;
  const reason =
    `${probe.stderr ?? ""}`
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? (probe.error ? String(probe.error) : "no answer");
  if (!env["CONTAINER_TOOL"] && onPath("podman", env["PATH"] ?? "")) {
    report(`docker's daemon does not answer (${reason}): using podman, which needs none`);
    return "podman";
  }
  throw new NoContainerToolError(
    `docker is on PATH but its daemon does not answer (${reason}). Start it (Docker Desktop, or ` +
      "`sudo systemctl start docker` on Linux; DOCKER_HOST for a remote one), or install Podman, " +
      "which needs no daemon (https://podman.io/docs/installation), and run this again",
  );
}

/** The arguments after the tool's name: `build -t <image> .` and `push <image>`. */
export function imageCommand(action: "build" | "push", image: string): string[] {
  return action === "build" ? ["build", "-t", image, "."] : ["push", image];
}
