// A CRD the API server has created is not usable at once: wait until it is Established and its
// kind is listed in discovery, or say why it never gets there (names refused, a timeout).

import type { OperatorModel } from "../model/types.ts";
import type { Call } from "./api-client.ts";
import { pollUntil } from "./control-plane.ts";

/** What a CRD's names are, enough to find it and its kind in discovery. */
export type ServedNames = Pick<
  OperatorModel["api"],
  "crdName" | "kind" | "group" | "version" | "plural"
>;

/** Established and listed in discovery, or why not. */
export async function servedOrWhy(
  call: Call,
  model: { api: ServedNames },
  timeoutMs: number,
): Promise<string | undefined> {
  let why = `the CRD ${model.api.crdName} did not become Established within ${timeoutMs} ms`;
  const crdPath = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${model.api.crdName}`;
  try {
    await pollUntil(
      Date.now() + timeoutMs,
      25,
      async () => {
        const got = await call("GET", crdPath);
        const conditions =
          (got.body as { status?: { conditions?: Condition[] } }).status?.conditions ?? [];
        const refused = conditions.find((c) => c.type === "NamesAccepted" && c.status === "False");
        if (refused)
          throw new NotServed(
            `the API server does not accept the CRD's names: ${refused.message ?? refused.reason}`,
          );
        if (!conditions.some((c) => c.type === "Established" && c.status === "True")) return false;
        why = `the kind ${model.api.kind} is not served at /apis/${model.api.group}/${model.api.version} within ${timeoutMs} ms`;
        const discovery = await call("GET", `/apis/${model.api.group}/${model.api.version}`);
        const resources =
          (discovery.body as { resources?: Array<{ name: string }> }).resources ?? [];
        return resources.some((r) => r.name === model.api.plural);
      },
      () => why,
    );
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

class NotServed extends Error {}
