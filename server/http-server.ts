/**
 * The Node HTTP server around the Express app, with the limits that hold before Express sees anything: how
 * many connections may be open at once, and how long a client may take to send its headers and its whole
 * request. Requests Node refuses itself (a request line or headers past its 16 KB limit, e.g. /compare?ids=
 * with thousands of ids, a malformed request, one that took too long) get a short Korean answer, not an
 * empty one. server.ts listens with it; server/app.test.ts tests it.
 */
import http from "node:http";
import { log } from "../app/lib/log.server.ts";

export type HttpServerSettings = {
  /** MAX_CONNECTIONS: connections open at once; a further one is closed as soon as it is accepted. */
  maxConnections: number;
  /** REQUEST_TIMEOUT_SECONDS, in ms: the time to send one whole request, headers and body. */
  requestTimeoutMs: number;
  /**
   * KEEP_ALIVE_SECONDS, in ms: how long an idle connection stays open for the next request. It must be longer
   * than the load balancer's idle timeout (AWS ALB 60 s, nginx upstream keepalive_timeout 60 s): otherwise the
   * server closes a connection just as the balancer sends a request on it, and that request gets a 502.
   * Node's default is 5 s.
   */
  keepAliveTimeoutMs?: number;
  /** How often Node looks for requests past their time (its default, 30 s, would let them overstay by as much). */
  checkEveryMs?: number;
};

/** The headers of a request must come within 20 s (or the whole request's time, if shorter). */
const HEADERS_TIMEOUT_MS = 20_000;
/** Refused connections are logged at most once a minute, with how many there were. */
const DROP_LOG_EVERY_MS = 60_000;

const ANSWERS: Record<string, { status: string; body: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: "431 Request Header Fields Too Large",
    body: "요청 주소나 헤더가 너무 깁니다. 주소를 줄여서 다시 시도해 주세요.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: "408 Request Timeout", body: "요청을 받는 데 시간이 너무 오래 걸렸습니다. 다시 시도해 주세요." },
};
const BAD_REQUEST = { status: "400 Bad Request", body: "잘못된 요청입니다." };

export function createHttpServer(listener: http.RequestListener, settings: HttpServerSettings): http.Server {
  const server = http.createServer(
    {
      requestTimeout: settings.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, settings.requestTimeoutMs),
      connectionsCheckingInterval: settings.checkEveryMs ?? 2_000,
    },
    listener,
  );
  server.maxConnections = settings.maxConnections;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs ?? 65_000;

  let dropped = 0;
  let lastDropLog = 0;
  server.on("drop", () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastDropLog < DROP_LOG_EVERY_MS) return;
    lastDropLog = now;
    log.warn("connections refused: MAX_CONNECTIONS reached", { maxConnections: settings.maxConnections, refused: dropped });
    dropped = 0;
  });

  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    // Nothing to answer on a connection that is gone, or whose answer has begun.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === "ECONNRESET" || !socket.writable || answering) return socket.destroy();
    const { status, body } = ANSWERS[error.code ?? ""] ?? BAD_REQUEST;
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
