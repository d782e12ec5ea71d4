// A fresh envtest control plane (the generated project's own harness) whose kube-apiserver writes
// an audit log: every request with its user, verb, resource and timestamps, so requests are
// counted per operator exactly, without a proxy in the path that would add latency. The harness
// starts the binaries it finds in KUBEBUILDER_ASSETS, so this points KUBEBUILDER_ASSETS at a
// directory whose kube-apiserver is a two-line wrapper adding the audit flags (exec keeps the pid).

import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findBinaries } from "../../packages/envtest/src/binaries.ts";
import { ControlPlane } from "../../packages/envtest/src/control-plane.ts";

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
  - level: Metadata
`;

export interface AuditedControlPlane {
  plane: ControlPlane;
  auditLog: string;
}

/** Starts a control plane with `crdDirectory` installed, auditing into `directory`/audit.log. */
export async function startAuditedControlPlane(
  directory: string,
  crdDirectory: string,
): Promise<AuditedControlPlane> {
  const real = findBinaries();
  const assets = join(directory, "assets");
  mkdirSync(assets, { recursive: true });
  const auditLog = join(directory, "audit.log");
  const policy = join(directory, "audit-policy.yaml");
  writeFileSync(policy, POLICY);
  symlinkSync(real.etcd, join(assets, "etcd"));
  const wrapper = join(assets, "kube-apiserver");
  writeFileSync(
    wrapper,
    [
      "#!/bin/sh",
      `exec ${JSON.stringify(real.kubeApiserver)} "$@" --audit-policy-file=${JSON.stringify(policy)} --audit-log-path=${JSON.stringify(auditLog)} --audit-log-format=json --audit-log-mode=blocking`,
      "",
    ].join("\n"),
  );
  chmodSync(wrapper, 0o755);
  const saved = { ...process.env };
  process.env.KUBEBUILDER_ASSETS = assets;
  delete process.env.TEST_ASSET_KUBE_APISERVER;
  delete process.env.TEST_ASSET_ETCD;
  try {
    const plane = await ControlPlane.start({ crdDirectory });
    return { plane, auditLog };
  } finally {
    if (saved.KUBEBUILDER_ASSETS === undefined) delete process.env.KUBEBUILDER_ASSETS;
    else process.env.KUBEBUILDER_ASSETS = saved.KUBEBUILDER_ASSETS;
    if (saved.TEST_ASSET_KUBE_APISERVER !== undefined)
      process.env.TEST_ASSET_KUBE_APISERVER = saved.TEST_ASSET_KUBE_APISERVER;
    if (saved.TEST_ASSET_ETCD !== undefined) process.env.TEST_ASSET_ETCD = saved.TEST_ASSET_ETCD;
  }
}
