// The public API of @create-operator/envtest: a real kube-apiserver and etcd for an operator's
// tests. The rest of src/ is internal; `exports` makes only this module and ./global-setup
// reachable.

// One control plane per test run, shared by every test file (see ./global-setup).
export { ControlPlane, PROJECT_ROOT, sharedControlPlane } from "./control-plane.ts";
export type { ControlPlaneOptions } from "./control-plane.ts";
export { findBinaries, KUBERNETES_VERSION } from "./binaries.ts";
export type { Binaries } from "./binaries.ts";
export { applyObjects, FIELD_MANAGER, readManifests, yamlFilesIn } from "./manifests.ts";

// Faults between an operator and the API server.
export { FaultProxy } from "./fault-proxy.ts";
export type {
  Fault,
  FaultMatch,
  FaultProxyOptions,
  FaultRule,
  InjectedFault,
} from "./fault-proxy.ts";
export type { ApiRequest, Verb } from "./api-request.ts";

// Small helpers the suites share.
export { pollUntil, sendRequest } from "./https-client.ts";
export { registerForCleanup } from "./cleanup.ts";
export { freePort } from "./processes.ts";
export { watchEventLoop } from "./event-loop-watchdog.ts";
export type { EventLoopWatchdog } from "./event-loop-watchdog.ts";
