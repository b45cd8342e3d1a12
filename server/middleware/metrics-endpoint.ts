import express from "express";
import { metricsAccess, metricsText } from "../../app/lib/metrics.server.ts";

/**
 * `/metrics` in the Prometheus text format (METRICS=1), to this machine or to the bearer of `token` (METRICS_TOKEN);
 * anyone else gets the site's own 404 page, as for an address that does not exist. Tested in server/metrics.test.ts.
 */
export function metricsEndpoint(token: string | undefined) {
  const router = express.Router();
  router.get("/metrics", async (req, res, next) => {
    res.locals.route = "/metrics";
    const access = metricsAccess(
      {
        remoteAddress: req.socket.remoteAddress,
        proxied: req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined,
        authorization: req.headers.authorization,
      },
      token,
    );
    if (access === 404) return next();
    res.set("Cache-Control", "no-store");
    if (access === 401) return res.status(401).set("WWW-Authenticate", "Bearer").end();
    const { contentType, body } = await metricsText();
    res.type(contentType).send(body);
  });
  return router;
}
