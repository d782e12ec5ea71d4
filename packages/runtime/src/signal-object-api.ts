// The generic object client (KubernetesObjectApi) with a per-call AbortSignal. It reads and writes
// any kind by apiVersion and kind, so the runtime needs no typed group client for the few core
// objects it touches (a ConfigMap, a Secret): CoreV1Api alone would add about 3 MB to every
// operator's bundle (test/bundle-cost.test.ts).

import { KubernetesObjectApi, type KubeConfig } from "@kubernetes/client-node";
import { makeApiClient } from "./transport.ts";

/**
 * KubernetesObjectApi takes no per-call middleware, but builds its request from the configuration
 * a call passes: one whose request contexts carry the signal cancels the request at the deadline.
 */
type ObjectApiConfiguration = NonNullable<Parameters<KubernetesObjectApi["patch"]>[6]>;
type Method = Parameters<ObjectApiConfiguration["baseServer"]["makeRequestContext"]>[1];

export class SignalObjectApi extends KubernetesObjectApi {
  static forConfig(kubeConfig: KubeConfig): SignalObjectApi {
    const api = makeApiClient(kubeConfig, SignalObjectApi);
    api.setDefaultNamespace(kubeConfig);
    return api;
  }

  configurationWithSignal(signal: AbortSignal | undefined): ObjectApiConfiguration | undefined {
    if (signal === undefined) return undefined;
    const base = this.configuration;
    return {
      ...base,
      baseServer: {
        makeRequestContext: (endpoint: string, method: Method) => {
          const context = base.baseServer.makeRequestContext(endpoint, method);
          context.setSignal(signal);
          return context;
        },
      },
    };
  }
}
