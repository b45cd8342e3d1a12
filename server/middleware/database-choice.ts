import type { NextFunction, Request, Response } from "express";
import type { OpenDatabase } from "../../app/db/client.server.ts";
import { newRequestContext, runInRequestContext } from "../../app/db/request-context.server.ts";
import { log } from "../../app/lib/log.server.ts";
import { isWrite, mayReadReplica, type SessionCheck, wroteCookie } from "../read-routing.ts";

/**
 * The request's databases (docs/decisions/0034, 0042): a replica only for a page it may serve to a browser that
 * proved no recent write and no session (server/read-routing.ts), the session confirmed on the primary; a write
 * answers with the signed cookie that sends this browser's next few pages to the primary, so the page a save
 * redirects to shows it. Tested through the whole app in server/read-routing.test.ts.
 */
export function chooseDatabases({
  database,
  replica,
  isSignedIn = async () => false,
  httpsOrigin,
}: {
  database?: () => OpenDatabase | undefined;
  replica?: () => OpenDatabase | undefined;
  isSignedIn?: SessionCheck;
  httpsOrigin: boolean;
}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (replica && isWrite(req.method)) res.append("Set-Cookie", wroteCookie(httpsOrigin));
    const primary = database?.();
    let chosen: OpenDatabase | undefined;
    try {
      const readsReplica =
        replica !== undefined &&
        (await mayReadReplica(req, (checked) => runInRequestContext(newRequestContext(primary), () => isSignedIn(checked))));
      chosen = readsReplica ? replica?.() : undefined;
    } catch (error) {
      // The session could not be checked (the primary does not answer): the request reads the primary, whose
      // failure the page then answers as usual (a 503 when it is down).
      log.warn("read routing: session check failed", { requestId: req.headers["x-request-id"], error });
    }
    res.locals.requestContext = newRequestContext(primary, chosen);
    next();
  };
}
