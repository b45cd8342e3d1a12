/**
 * Opens the configured database for a command-line task (DATABASE_URL, or the embedded one in DATA_DIR;
 * the benchmarks pass their own),
 * runs it, closes the database. On the embedded database the DATA_DIR lock makes the task refuse to run
 * while a server holds the folder, instead of silently losing the server's writes.
 */
import { openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { env } from "#app/lib/env.server.ts";

export async function withDatabase<T>(task: () => Promise<T>, target?: { DATABASE_URL?: string; DATA_DIR?: string }): Promise<T> {
  const { DATABASE_URL, DATA_DIR } = target ?? env();
  const open = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  setCurrentDatabase(open);
  try {
    return await task();
  } finally {
    setCurrentDatabase(undefined);
    await open.close();
  }
}

/** Runs a script's main function: a one-line error and exit code 1 on failure. */
export function runScript(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
