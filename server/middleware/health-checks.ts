import express from "express";
import { noteUnavailable } from "../answers.ts";

/**
 * `/healthz`: the process answers. `/readyz`: it should get traffic: not draining, and its database (and picture
 * bucket) answer; else 503 with Retry-After and the cause in the request log.
 */
export function healthChecks({ isDraining, checkReady }: { isDraining: () => boolean; checkReady: () => Promise<boolean> }) {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.locals.route = "/readyz";
    const draining = isDraining();
    const ready = !draining && (await checkReady());
    res.set("Cache-Control", "no-store");
    if (!ready) noteUnavailable(res, draining ? "draining" : "database down");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });
  return router;
}
