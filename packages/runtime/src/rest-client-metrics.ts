// rest_client_requests_total{code,method,host} and rest_client_request_duration_seconds{verb,host}
// for every request the operator makes, watches included, as client-go counts and times them.
// Every API call and every list and watch goes through the KubeConfig's one transport
// (transport.ts), which reports each request's status (or "<error>" when no response came) and
// its time to the response's headers to its observers.

import type { KubeConfig } from "@kubernetes/client-node";
import type { Counter, Histogram } from "prom-client";
import { KubeTransport } from "./transport.ts";

/** Counts every request sent with `kubeConfig` from now on into `requests`, and times it into `duration`. */
export function instrumentKubeConfig(
  kubeConfig: KubeConfig,
  requests: Counter,
  duration?: Histogram,
): void {
  KubeTransport.for(kubeConfig).observe(({ code, method, host, seconds }) => {
    requests.inc({ code, method, host });
    duration?.observe({ verb: method, host }, seconds);
  });
}
