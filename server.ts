/**
 * The one process: reads the settings (app/lib/env.server.ts), starts the app of the server build
 * (server/entry.ts: the database, the jobs, the Express app) and listens with the limits of
 * server/http-server.ts. `node server.ts` serves the production build; `node server.ts --dev` serves through Vite.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env } from "./app/lib/env.server.ts";
import { exitOnUncaughtErrors, log, reasonOf } from "./app/lib/log.server.ts";
import { placeholderNotice } from "./app/lib/site-config.server.ts";
import { createHttpServer } from "./server/http-server.ts";

/** What the server build exports (server/entry.ts), in production and, through Vite, in development. */
type ServerEntry = typeof import("./server/entry.ts");

const dev = process.argv.includes("--dev");
const DRAIN_DEADLINE_MS = 10_000;

exitOnUncaughtErrors();

let draining = false;
let entry: ServerEntry | undefined;

async function loadEntry(): Promise<{ entry: ServerEntry; devAssets?: import("express").RequestHandler }> {
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    // Vite types every module it loads as a record of anything.
    const loaded = (await viteServer.ssrLoadModule("./server/entry.ts")) as ServerEntry;
    return { entry: loaded, devAssets: viteServer.middlewares };
  }
  const buildDir = path.resolve(env().BUILD_DIR);
  try {
    const loaded: ServerEntry = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    return { entry: loaded };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new Error(`No production build in ${buildDir}: run "npm run build" first (빌드가 없습니다).`);
  }
}

async function main() {
  const config = env();
  const loaded = await loadEntry();
  entry = loaded.entry;
  const started = await entry.startServerApp({ dev, isDraining: () => draining, devAssets: loaded.devAssets });

  const server = createHttpServer(started.app, {
    maxConnections: config.MAX_CONNECTIONS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: config.KEEP_ALIVE_SECONDS * 1000,
  });
  server.on("error", (error) => {
    console.error(`Start-up failed: cannot listen on ${config.HOST}:${config.PORT}: ${error.message} (포트를 사용할 수 없습니다)`);
    void started.stop().finally(() => process.exit(1));
  });
  server.listen(config.PORT, config.HOST, () => {
    const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    const url = `http://${host}:${config.PORT}`;
    const notice = placeholderNotice();
    if (notice) log.warn("placeholder business details in the footer; set SITE_CONFIG", { notice });
    log.info("listening", { url, database: started.databaseKind });
    // The last start-up line is the address to open, alone, for a person reading the terminal.
    process.stdout.write(`\n도매온이 준비되었습니다. 브라우저에서 아래 주소를 여세요.\n${url}\n`);
  });

  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.warn("drain deadline passed; exiting");
      process.exit(1);
    }, DRAIN_DEADLINE_MS);
    force.unref();
    server.close(async () => {
      await started.stop().catch((error: unknown) => log.error("closing the database failed", { error }));
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch(async (error: unknown) => {
  // One line naming the setting and, for a database failure, PostgreSQL's own reason; no stack.
  console.error(`Start-up failed: ${reasonOf(error)}`);
  await entry?.stopApp().catch(() => {});
  process.exit(1);
});
