// The two HTTP calls an informer makes, on any collection path: one page of a LIST (limit and
// continue, like client-go's pager) and a WATCH stream read line by line. Written on the
// runtime's transport rather than client-node's Watch because that one aborts any stream quiet
// for 30 s (a private, fixed timeout shorter than the API server's one-minute bookmarks) and
// drops lines it cannot parse; here the stream lasts as long as the server's timeoutSeconds, and
// a stream that goes silent for longer than `idleTimeoutMs` (watch-health.ts: the server's
// bookmarks stopped) is cut as a half-open connection with a WatchStalledError.

import type { KubeConfig } from "@kubernetes/client-node";
import {
  AnnotationFilter,
  LIST_ANNOTATIONS,
  readFiltered,
  WATCH_ANNOTATIONS,
} from "./annotation-filter.ts";
import { apiRequest } from "./api-request.ts";
import { readAll } from "./transport.ts";

/** A watch that heard nothing, not even a bookmark, for `idleMs`: its connection is presumed dead. */
export class WatchStalledError extends Error {
  readonly idleMs: number;

  constructor(path: string, idleMs: number) {
    super(`watch ${path} sent neither events nor bookmarks for ${idleMs} ms`);
    this.name = "WatchStalledError";
    this.idleMs = idleMs;
  }
}

export interface ListedPage<T> {
  items: T[];
  resourceVersion: string;
  /** Set when more pages follow. */
  continueToken: string | undefined;
}

export interface WatchEvent<T> {
  type: "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";
  object: T;
}

export async function listPage<T>(
  kubeConfig: KubeConfig,
  path: string,
  options: {
    limit: number;
    continueToken?: string;
    labelSelector?: string;
    /** The only annotations the caller keeps: the others' values are dropped as bytes arrive. */
    keptAnnotations?: readonly string[];
    signal: AbortSignal;
  },
): Promise<ListedPage<T>> {
  const response = await apiRequest(
    kubeConfig,
    path,
    {
      limit: String(options.limit),
      continue: options.continueToken,
      labelSelector: options.labelSelector,
    },
    { signal: options.signal },
  );
  const bytes =
    options.keptAnnotations === undefined
      ? await readAll(response.body, options.signal)
      : await readFiltered(
          response.body,
          new AnnotationFilter(options.keptAnnotations, LIST_ANNOTATIONS),
          options.signal,
        );
  const body = JSON.parse(bytes.toString("utf8")) as {
    items?: T[];
    metadata?: { resourceVersion?: string; continue?: string };
  };
  return {
    items: body.items ?? [],
    resourceVersion: body.metadata?.resourceVersion ?? "",
    continueToken: body.metadata?.continue || undefined,
  };
}

/**
 * Streams a watch from `resourceVersion` with bookmarks, calling `onEvent` per event, until the
 * server ends it (resolves) or it fails, goes idle or is aborted (rejects).
 */
export async function watchStream<T>(
  kubeConfig: KubeConfig,
  path: string,
  options: {
    resourceVersion: string;
    timeoutSeconds: number;
    idleTimeoutMs: number;
    labelSelector?: string;
    /** The only annotations the caller keeps: the others' values are dropped as bytes arrive. */
    keptAnnotations?: readonly string[];
    signal: AbortSignal;
    /** The server accepted the watch (200): it is reachable. */
    onOpen?: () => void;
    onEvent: (event: WatchEvent<T>) => void;
  },
): Promise<void> {
  const idle = new AbortController();
  const signal = AbortSignal.any([options.signal, idle.signal]);
  let timer: NodeJS.Timeout | undefined;
  const armIdleTimer = (): void => {
    clearTimeout(timer);
    timer = setTimeout(
      () => idle.abort(new WatchStalledError(path, options.idleTimeoutMs)),
      options.idleTimeoutMs,
    );
    timer.unref();
  };
  armIdleTimer();
  try {
    const response = await apiRequest(
      kubeConfig,
      path,
      {
        watch: "true",
        allowWatchBookmarks: "true",
        resourceVersion: options.resourceVersion,
        timeoutSeconds: String(options.timeoutSeconds),
        labelSelector: options.labelSelector,
      },
      { signal },
    );
    options.onOpen?.();
    const decoder = new TextDecoder();
    const filter =
      options.keptAnnotations === undefined
        ? undefined
        : new AnnotationFilter(options.keptAnnotations, WATCH_ANNOTATIONS);
    let buffered = "";
    for await (const chunk of response.body) {
      armIdleTimer();
      if (filter !== undefined) filter.write(chunk as Buffer);
      buffered += decoder.decode(filter === undefined ? (chunk as Buffer) : filter.take(), {
        stream: true,
      });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        // A line that is not JSON is a broken stream, not something to skip silently.
        if (line !== "") options.onEvent(JSON.parse(line) as WatchEvent<T>);
      }
    }
  } catch (err) {
    // An abort surfaces as the reason we gave it (stop, or the idle timer), not a DOMException.
    if (signal.aborted) throw signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
