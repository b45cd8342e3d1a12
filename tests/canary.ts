import type http from "node:http";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type LocalServer, setAllowHosts, startServer } from "./network.ts";

/** A server started in beforeAll, read through getters so a test file can name it at the top. */
function startedLater(get: () => LocalServer | undefined): LocalServer {
  const server = () => {
    const started = get();
    if (!started) throw new Error("the test servers start in beforeAll");
    return started;
  };
  return {
    get port() {
      return server().port;
    },
    get origin() {
      return server().origin;
    },
    get requests() {
      return server().requests;
    },
    connections: () => server().connections(),
    close: () => server().close(),
  };
}

/**
 * For a Vitest file that tests the outbound fetcher: a canary on 127.0.0.1 that nothing may ever reach and a shop
 * that answers with `shopHandler`, both for the whole file. After every test the private-host allowance is reset and
 * the canary must have had no connection at all.
 */
export function useCanaryAndShop(shopHandler: http.RequestListener): { canary: LocalServer; shop: LocalServer } {
  let canary: LocalServer | undefined;
  let shop: LocalServer | undefined;
  beforeAll(async () => {
    canary = await startServer();
    shop = await startServer(shopHandler);
  });
  afterAll(async () => {
    await canary?.close();
    await shop?.close();
  });
  afterEach(() => {
    setAllowHosts("");
    expect(canary?.connections(), "connections to the canary").toBe(0);
  });
  return { canary: startedLater(() => canary), shop: startedLater(() => shop) };
}
