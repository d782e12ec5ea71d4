// Liveness and readiness for the kubelet. /healthz answers while the event loop runs; /readyz
// as `isReady` says: the generated main.ts passes Controller.ready, true once the informer caches
// synced and false while they cannot reach the API server past a grace period (watch-health.ts),
// so a rollout waits for a replica that can actually see its objects.

import { createServer, type Server } from "node:http";

export interface HealthServerOptions {
  port: number;
  isReady: () => boolean;
}

export async function startHealthServer(options: HealthServerOptions): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path === "/healthz") {
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    } else if (path === "/readyz") {
      const ready = options.isReady();
      response
        .writeHead(ready ? 200 : 503, { "content-type": "text/plain" })
        .end(ready ? "ok" : "not ready");
    } else {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

/** Stops accepting connections and resolves once open ones are closed (HTTP or HTTPS). */
export async function stopServer(server: Pick<Server, "close">): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
