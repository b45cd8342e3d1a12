/**
 * The one logger: one JSON object per line (`time`, `level`, `msg`, then fields) on stdout, errors and
 * warnings on stderr. An error's message and stack go to the log only, never to a page. Passwords,
 * cookies and form bodies are never passed here.
 *
 * Written out instead of pino (docs/decisions/0006): the lines are small, synchronous writes keep the
 * last line before `process.exit`, and server.ts, the app bundle and the scripts share this module.
 */
type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown> & {
  /** The request being served: its id (server.ts sets `x-request-id`) and path are logged. */
  request?: Request;
  /** A caught error: message and stack are logged, plus PostgreSQL's own code and detail when present. */
  error?: unknown;
};

function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { error: String(error) };
  const cause = (error as { cause?: unknown }).cause;
  const pg = (cause ?? error) as { code?: unknown; detail?: unknown };
  return {
    error: error.message,
    ...(cause instanceof Error && cause.message !== error.message ? { cause: cause.message } : {}),
    ...(typeof pg.code === "string" ? { code: pg.code } : {}),
    ...(typeof pg.detail === "string" ? { detail: pg.detail } : {}),
    stack: error.stack,
  };
}

function write(level: Level, msg: string, { request, error, ...rest }: Fields = {}) {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(request ? { requestId: request.headers.get("x-request-id") ?? undefined, path: new URL(request.url).pathname } : {}),
    ...rest,
    ...(error === undefined ? {} : errorFields(error)),
  });
  if (level === "info") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

export const log = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/** The one-line reason of a failure for a person reading a terminal (start-up errors, scripts). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  // drizzle wraps driver errors as "Failed query: <sql>"; PostgreSQL's own words are in the cause.
  if (cause instanceof Error && cause.message && cause.message !== error.message) {
    const code = (cause as { code?: unknown }).code;
    return `${cause.message}${typeof code === "string" ? ` (${code})` : ""}`;
  }
  return error.message;
}
