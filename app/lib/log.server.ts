/**
 * The one logger: one JSON object per line (`time`, `level`, `msg`, then fields) on stdout, errors and
 * warnings on stderr; lines below LOG_LEVEL (`debug`, `info`, `warn`, `error`; default `info`) are dropped.
 * An error's message and stack go to the log only, never to a page. Passwords, cookies and form bodies are
 * never passed here, and a failed query is logged without its parameters (redactedMessage), whichever error
 * wraps it.
 *
 * Written out instead of pino (docs/decisions/0006): the lines are small, synchronous writes keep the
 * last line before `process.exit`, and server.ts, the app bundle and the scripts share this module.
 */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LOG_LEVELS)[number];
type Fields = Record<string, unknown> & {
  /** The request being served: its id (server.ts sets `x-request-id`) and path are logged. */
  request?: Request;
  /** A caught error: message and stack are logged, plus PostgreSQL's own code and detail when present. */
  error?: unknown;
};

/** The error and the errors it wraps (`cause`), outermost first. */
function chainOf(error: Error): Error[] {
  const chain = [error];
  for (
    let cause = (error as { cause?: unknown }).cause;
    cause instanceof Error && chain.length < 6;
    cause = (cause as { cause?: unknown }).cause
  ) {
    chain.push(cause);
  }
  return chain;
}

/**
 * An error's message without query parameters. Drizzle's "Failed query" message ends with them after
 * "params:" (a session token, an e-mail, a password hash: a PostgreSQL outage once put 2,679 session tokens
 * in the log this way); the SQL text alone says what failed.
 */
export function redactedMessage(error: Error): string {
  const query = (error as { query?: unknown }).query;
  if (typeof query === "string" && "params" in error) return `Failed query: ${query}`;
  return error.message.replace(/\nparams: [\s\S]*$/, "");
}

/** The stack with the redacted message in place of the message it starts with. */
function redactedStack(error: Error): string | undefined {
  if (!error.stack) return undefined;
  const message = redactedMessage(error);
  if (message === error.message) return error.stack;
  if (error.stack.includes(error.message)) return error.stack.replace(error.message, message);
  return error.stack.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "");
}

/**
 * PostgreSQL's detail without the values it quotes: a refused key ("Key (token)=(…) already exists.") or a
 * refused row ("Failing row contains (…).") can be a session token or an e-mail.
 */
function redactedDetail(detail: string): string {
  return detail
    .replace(/\)=\([\s\S]*\)(?= already exists| is not present| is still referenced| conflicts with)/, ")=(…)")
    .replace(/Failing row contains \([\s\S]*\)/, "Failing row contains (…)");
}

function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { error: String(error) };
  const [, ...causes] = chainOf(error);
  const message = redactedMessage(error);
  const causeMessages = causes.map(redactedMessage).filter((text) => text && text !== message);
  // The innermost code is the driver's (PostgreSQL's SQLSTATE or Node's ECONNREFUSED), under any wrapper's own.
  const pg = chainOf(error)
    .reverse()
    .find((e) => typeof (e as { code?: unknown }).code === "string") as { code?: string; detail?: unknown } | undefined;
  return {
    error: message,
    ...(causeMessages.length > 0 ? { cause: causeMessages.join(" / ") } : {}),
    ...(pg?.code ? { code: pg.code } : {}),
    ...(typeof pg?.detail === "string" ? { detail: redactedDetail(pg.detail) } : {}),
    stack: redactedStack(error),
  };
}

let threshold: { setting: string | undefined; rank: number } | undefined;

/**
 * Whether LOG_LEVEL keeps lines of `level`. Read here rather than through env(): the logger must work before the
 * settings are validated (a start-up error is logged) and must never fail itself; env() refuses an unknown value
 * at start, and until then the default, `info`, holds.
 */
function keeps(level: Level) {
  const setting = process.env.LOG_LEVEL;
  if (!threshold || threshold.setting !== setting) {
    const rank = LOG_LEVELS.indexOf((setting ?? "") as Level);
    threshold = { setting, rank: rank === -1 ? LOG_LEVELS.indexOf("info") : rank };
  }
  return LOG_LEVELS.indexOf(level) >= threshold.rank;
}

function write(level: Level, msg: string, { request, error, ...rest }: Fields = {}) {
  if (!keeps(level)) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(request ? { requestId: request.headers.get("x-request-id") ?? undefined, path: new URL(request.url).pathname } : {}),
    ...rest,
    ...(error === undefined ? {} : errorFields(error)),
  });
  if (level === "info" || level === "debug") process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
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
    return `${redactedMessage(cause)}${typeof code === "string" ? ` (${code})` : ""}`;
  }
  return redactedMessage(error);
}

/** A process (the web server, the worker) logs an error nothing caught and exits, so its supervisor restarts it. */
export function exitOnUncaughtErrors() {
  process.on("uncaughtException", (error) => {
    log.error("uncaught exception", { error });
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    log.error("unhandled rejection", { error: reason });
    process.exit(1);
  });
}
