// Where the operator's API client gets its cluster and credentials, in client-go's order: the
// files KUBECONFIG names, else ~/.kube/config, else the pod's service account. client-node's
// loadFromDefault falls back to http://localhost:8080 when none exists, so a manager started
// outside a cluster without a kubeconfig failed on its first request with "HTTP protocol is not
// allowed when skipTLSVerify is not set or false"; this says what is missing before any request.

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { KubeConfig } from "@kubernetes/client-node";

/** No usable Kubernetes configuration: the message names every place that was looked at. */
export class KubeConfigNotFoundError extends Error {
  override name = "KubeConfigNotFoundError";
}

/** The kubeconfig the manager runs with; throws KubeConfigNotFoundError naming what is missing. */
export function loadKubeConfig(env: NodeJS.ProcessEnv = process.env, home = homedir()): KubeConfig {
  const config = new KubeConfig();
  const named = (env["KUBECONFIG"] ?? "").split(delimiter).filter((file) => file !== "");
  const fallback = join(home, ".kube", "config");
  if (named.length > 0) {
    if (!named.some((file) => existsSync(file)))
      throw new KubeConfigNotFoundError(
        `KUBECONFIG names ${named.join(delimiter)}, and ${named.length === 1 ? "that file does" : "none of those files"} not exist`,
      );
    config.loadFromDefault();
  } else if (existsSync(fallback)) {
    config.loadFromFile(fallback);
  } else if (env["KUBERNETES_SERVICE_HOST"] && env["KUBERNETES_SERVICE_PORT"]) {
    config.loadFromCluster();
  } else {
    throw new KubeConfigNotFoundError(
      `no Kubernetes configuration: KUBECONFIG is not set, ${fallback} does not exist, and this ` +
        "is not a pod (KUBERNETES_SERVICE_HOST is not set); set KUBECONFIG to a kubeconfig " +
        "file, or run the operator in the cluster",
    );
  }
  if (config.getCurrentCluster() === null)
    throw new KubeConfigNotFoundError(
      `the kubeconfig's current context ${JSON.stringify(config.getCurrentContext())} names no cluster; ` +
        "choose one with kubectl config use-context",
    );
  return config;
}
