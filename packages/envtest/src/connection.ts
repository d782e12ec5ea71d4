// How a running control plane is handed from the test run's global setup to the test files,
// wherever node --test runs them (its own process or, with --test-isolation=process, one each):
// one file in the run directory, readable by this user only, named by an environment variable.
// It holds the CA's key because tests sign client certificates for the users they act as.

import { readFile, writeFile } from "node:fs/promises";
import { CertificateAuthority, type KeyPairPem } from "./certificates.ts";

/** Names the connection file of the run's control plane; set by test/envtest/global-setup.ts. */
export const CONNECTION_ENV = "ENVTEST_CONNECTION";

export interface Connection {
  /** https://127.0.0.1:<port> */
  server: string;
  /** The run directory; removed, with everything in it, when the control plane stops. */
  directory: string;
  /** etcd and kube-apiserver. */
  pids: number[];
  /** etcd's client URL, for tests that read what the API server stored. */
  etcdUrl: string;
  ca: CertificateAuthority;
  /** A system:masters client certificate. */
  admin: KeyPairPem;
}

interface ConnectionFile {
  server: string;
  directory: string;
  pids: number[];
  etcdUrl: string;
  ca: KeyPairPem;
  admin: KeyPairPem;
}

export async function writeConnection(path: string, connection: Connection): Promise<string> {
  const file: ConnectionFile = { ...connection, ca: await connection.ca.exportPem() };
  await writeFile(path, JSON.stringify(file), { mode: 0o600 });
  return path;
}

export async function readConnection(path: string): Promise<Connection> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(
      `envtest: ${CONNECTION_ENV}=${path} names no readable connection file (${(error as Error).message}). ` +
        "It is set by the test run's global setup and removed when its control plane stops; " +
        `unset it to let this file start its own control plane.`,
    );
  }
  const file = JSON.parse(text) as ConnectionFile;
  return { ...file, ca: await CertificateAuthority.fromPem(file.ca) };
}
