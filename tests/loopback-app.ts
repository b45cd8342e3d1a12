import type { RequestListener } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/**
 * Serves a handler (an Express app, one middleware and a stand-in answer) on 127.0.0.1 for the calling test file,
 * and closes every server after each test. Returns the function that starts one and gives its base URL.
 */
export function useLoopbackApps() {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async (handler: RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
