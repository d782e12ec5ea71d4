// One apiextensions.k8s.io/v1 ConversionReview: the request the API server sends whenever a client
// reads or writes a custom resource in a version other than the stored one. Either every object
// converts or the review fails as a whole, with a message the API server passes on to the client
// ("conversion webhook for example.com/v1, Kind=Database failed: ...").

import type { ConversionMetrics } from "../metrics.ts";
import { ConversionFailure, type ConversionRegistry, type JsonObject } from "./converters.ts";

const REVIEW_API_VERSION = "apiextensions.k8s.io/v1" as const;

export interface ConversionResponse {
  apiVersion: typeof REVIEW_API_VERSION;
  kind: "ConversionReview";
  response: {
    uid: string;
    convertedObjects: JsonObject[];
    result: { status: "Success" } | { status: "Failure"; message: string };
  };
}

/** Not a ConversionReview the webhook can answer at all (HTTP 400). */
export class MalformedReview extends Error {}

/**
 * The response to `review` (parsed JSON). Throws MalformedReview when the request has no uid to
 * answer to; a conversion that fails is a Failure response, never an exception.
 */
export async function answerReview(
  review: unknown,
  registry: ConversionRegistry,
  metrics: ConversionMetrics,
): Promise<ConversionResponse> {
  const request = requestOf(review);
  const started = performance.now();
  const kind = kindOf(request.objects);
  const respond = (
    result: ConversionResponse["response"]["result"],
    objects: JsonObject[],
  ): ConversionResponse => {
    metrics.observe({
      kind,
      desiredApiVersion: request.desiredAPIVersion,
      objects: request.objects.length,
      seconds: (performance.now() - started) / 1000,
      failed: result.status === "Failure",
    });
    return {
      apiVersion: REVIEW_API_VERSION,
      kind: "ConversionReview" as const,
      response: { uid: request.uid, convertedObjects: objects, result },
    };
  };
  try {
    const converted: JsonObject[] = [];
    for (const object of request.objects)
      converted.push(await registry.convert(object, request.desiredAPIVersion));
    return respond({ status: "Success" }, converted);
  } catch (err) {
    const message =
      err instanceof ConversionFailure
        ? err.message
        : `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
    return respond({ status: "Failure", message }, []);
  }
}

interface ReviewRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: unknown[];
}

function requestOf(review: unknown): ReviewRequest {
  const body = review as { apiVersion?: unknown; kind?: unknown; request?: Partial<ReviewRequest> };
  if (typeof review !== "object" || review === null || body.kind !== "ConversionReview")
    throw new MalformedReview("not a ConversionReview");
  if (body.apiVersion !== REVIEW_API_VERSION)
    throw new MalformedReview(`ConversionReview ${String(body.apiVersion)} is not supported`);
  const request = body.request;
  if (typeof request?.uid !== "string" || request.uid === "")
    throw new MalformedReview("ConversionReview without request.uid");
  if (typeof request.desiredAPIVersion !== "string")
    throw new MalformedReview("ConversionReview without request.desiredAPIVersion");
  return {
    uid: request.uid,
    desiredAPIVersion: request.desiredAPIVersion,
    objects: Array.isArray(request.objects) ? request.objects : [],
  };
}

/** The group/kind a review converts, for metric labels (the API server sends one kind per review). */
function kindOf(objects: unknown[]): string {
  const first = objects[0] as { kind?: unknown; apiVersion?: unknown } | undefined;
  if (typeof first?.kind !== "string" || typeof first.apiVersion !== "string") return "";
  return `${first.kind}.${first.apiVersion.split("/")[0]}`;
}
