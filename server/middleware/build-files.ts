import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";

/**
 * The production build's files: hashed assets cached for a year (their content never changes under a name), the
 * other files of `client/` (icons, robots.txt's neighbours) for an hour and counted as `static`; a miss goes on
 * to the app.
 */
export function buildFiles(buildDir: string) {
  const router = express.Router();
  router.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use((_req: Request, res: Response, next: NextFunction) => {
    res.locals.route = "static";
    next();
  });
  router.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  router.use((_req: Request, res: Response, next: NextFunction) => {
    res.locals.route = undefined;
    next();
  });
  return router;
}
