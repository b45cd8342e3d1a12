import type { NextFunction, Request, Response } from "express";
import type { RequestContext } from "../../app/db/request-context.server.ts";
import { log } from "../../app/lib/log.server.ts";
import { metrics } from "../../app/lib/metrics.server.ts";
import { unavailableCauseOf } from "../answers.ts";

/** The methods counted by name in the metrics; any other is `other` (a client may send any word). */
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

/**
 * One log line per answered request (assets aside: they are only counted), with a 503's cause, and the request
 * counted in /metrics by its route's pattern, never its URL: one series per page, not one per address asked for.
 */
export function logRequests({
  routeOf,
  replicaConfigured,
}: {
  routeOf?: (path: string) => string | undefined;
  replicaConfigured: boolean;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const asset = req.path.startsWith("/assets/");
    res.on("finish", () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      // The Express layer's own answers (health checks, /metrics, files) name their route themselves and read no database.
      const ownAnswer = res.locals.route as string | undefined;
      const route = asset ? "/assets/*" : (ownAnswer ?? routeOf?.(req.path) ?? "other");
      metrics.requests.inc({ route, method: METHODS.has(req.method) ? req.method : "other", status: String(res.statusCode) });
      metrics.requestSeconds.observe({ route }, ms / 1000);
      if (asset) return;
      const context = res.locals.requestContext as RequestContext | undefined;
      if (context?.fromReplica) metrics.reads.inc({ database: context.database?.name ?? "replica" });
      else if (replicaConfigured && !ownAnswer) metrics.reads.inc({ database: "primary" });
      const cause = unavailableCauseOf(res);
      const fields = {
        requestId: req.headers["x-request-id"],
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms,
        ...(cause ? { unavailableCause: cause } : {}),
      };
      if (res.statusCode >= 500) log.error("request", fields);
      else log.info("request", fields);
    });
    next();
  };
}
