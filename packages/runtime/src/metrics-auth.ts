// Who may read /metrics, decided by the API server as kubebuilder's secure metrics do
// (controller-runtime's filters.WithAuthenticationAndAuthorization): the bearer token is checked
// with a TokenReview, then the user it names is checked with a SubjectAccessReview for the
// non-resource URL (`get /metrics`). Grant it with the generated metrics-reader ClusterRole.
// Answers are cached for a few seconds (by a hash of the token, never the token itself), so a
// scrape every 15 s costs the API server at most two small requests.

import { createHash } from "node:crypto";
import { AuthenticationV1Api, AuthorizationV1Api, type KubeConfig } from "@kubernetes/client-node";
import { errorMessage } from "./errors.ts";
import { makeApiClient } from "./transport.ts";

export type AuthDecision =
  { allowed: true; user: string } | { allowed: false; status: 401 | 403 | 500; reason: string };

export interface MetricsAuthorizer {
  /** Decides a request for `path` with `verb` carrying this Authorization header. */
  authorize(authorization: string | undefined, verb: string, path: string): Promise<AuthDecision>;
}

export interface KubeMetricsAuthorizerOptions {
  /** How long an answer is reused; failures to reach the API server are never cached. */
  cacheTtlMs?: number;
  maxCacheEntries?: number;
  now?: () => number;
}

export class KubeMetricsAuthorizer implements MetricsAuthorizer {
  readonly #authn: AuthenticationV1Api;
  readonly #authz: AuthorizationV1Api;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #cache = new Map<string, { decision: AuthDecision; expires: number }>();

  constructor(kubeConfig: KubeConfig, options: KubeMetricsAuthorizerOptions = {}) {
    this.#authn = makeApiClient(kubeConfig, AuthenticationV1Api);
    this.#authz = makeApiClient(kubeConfig, AuthorizationV1Api);
    this.#ttlMs = options.cacheTtlMs ?? 10_000;
    this.#maxEntries = options.maxCacheEntries ?? 1_000;
    this.#now = options.now ?? (() => performance.now());
  }

  async authorize(
    authorization: string | undefined,
    verb: string,
    path: string,
  ): Promise<AuthDecision> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    if (!match) return { allowed: false, status: 401, reason: "a bearer token is required" };
    const key = `${verb} ${path} ${createHash("sha256").update(match[1]!).digest("hex")}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined && cached.expires > this.#now()) return cached.decision;
    let decision: AuthDecision;
    try {
      decision = await this.#review(match[1]!, verb, path);
    } catch (err) {
      return {
        allowed: false,
        status: 500,
        reason: `could not ask the API server: ${errorMessage(err)}`,
      };
    }
    this.#cache.delete(key);
    this.#cache.set(key, { decision, expires: this.#now() + this.#ttlMs });
    // Oldest first: a Map iterates in insertion order.
    while (this.#cache.size > this.#maxEntries)
      this.#cache.delete(this.#cache.keys().next().value!);
    return decision;
  }

  async #review(token: string, verb: string, path: string): Promise<AuthDecision> {
    const review = await this.#authn.createTokenReview({
      body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } },
    });
    const user = review.status?.user;
    if (review.status?.authenticated !== true || user?.username === undefined) {
      return { allowed: false, status: 401, reason: review.status?.error || "invalid token" };
    }
    const access = await this.#authz.createSubjectAccessReview({
      body: {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SubjectAccessReview",
        spec: {
          user: user.username,
          ...(user.uid ? { uid: user.uid } : {}),
          ...(user.groups ? { groups: user.groups } : {}),
          ...(user.extra ? { extra: user.extra } : {}),
          nonResourceAttributes: { path, verb },
        },
      },
    });
    if (access.status?.allowed === true) return { allowed: true, user: user.username };
    const why = access.status?.reason ? `: ${access.status.reason}` : "";
    return {
      allowed: false,
      status: 403,
      reason: `${user.username} may not ${verb} ${path}${why}`,
    };
  }
}
