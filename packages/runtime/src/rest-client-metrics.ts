// rest_client_requests_total{code,method,host} for every request the operator makes, watches
// included, as client-go counts them. Every API call and every list and watch goes through the
// KubeConfig's one transport (transport.ts), which reports each request's status (or "<error>"
// when no response came) to its observers.

import type { KubeConfig } from "@kubernetes/client-node";
import type { Counter } from "prom-client";
import { KubeTransport } from "./transport.ts";

/** Counts every request sent with `kubeConfig` from now on into `requests`. */
export function instrumentKubeConfig(kubeConfig: KubeConfig, requests: Counter): void {
  KubeTransport.for(kubeConfig).observe(({ code, method, host }) =>
    requests.inc({ code, method, host }),
  );
}
