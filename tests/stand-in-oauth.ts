import { randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";

/**
 * Stand-ins for 카카오 로그인 and 네이버 로그인, as one real HTTP server on 127.0.0.1, answering as the services
 * document it (Kakao Developers "카카오 로그인 REST API"; NAVER Developers "네아로 API 명세"):
 * - Kakao: `GET /oauth/authorize` → 302 to the redirect URI with `code` and `state` (or `error=access_denied`);
 *   `POST /oauth/token` (a form: grant_type, client_id, client_secret, redirect_uri, code) → the tokens, or 400
 *   `{"error":"invalid_grant","error_code":"KOE320"}` for an unknown or used code; `GET /v2/user/me` with
 *   `Authorization: Bearer` → `{ id, connected_at, kakao_account: { email, is_email_valid, is_email_verified, … } }`
 *   (no `email` when the person did not agree to give it), or 401 `{"code":-401}`.
 * - Naver: `GET /oauth2.0/authorize` likewise; `/oauth2.0/token` (GET or POST) → the tokens, or 200 with an `error`
 *   field; `GET /v1/nid/me` → `{ resultcode: "00", message: "success", response: { id, email, … } }`, or 401
 *   `{ resultcode: "024" }`.
 * The browser "signed in" at each service is `member` (a test sets who, and whether they give an e-mail); a code
 * is good once, for the redirect URI it was issued to. Used by the Vitest suites and the e2e journey.
 */

export type Member = { id: string | number | null; email?: string | null; nickname?: string };
export type StandInProvider = "kakao" | "naver";

export type StandInOAuth = {
  port: number;
  base: string;
  /** `127.0.0.1:<port>`, for OUTBOUND_ALLOW_HOSTS. */
  allowHost: string;
  clientId: Record<StandInProvider, string>;
  clientSecret: Record<StandInProvider, string>;
  member: Record<StandInProvider, Member>;
  /** The person presses 취소 at the service's consent screen. */
  deny: Record<StandInProvider, boolean>;
  /** Every token request, with whether it was answered with tokens. */
  tokenRequests: { provider: StandInProvider; code: string; granted: boolean }[];
  /** The environment that points the site at this server (both providers on). */
  env: () => Record<string, string>;
  close: () => Promise<void>;
};

type IssuedCode = { provider: StandInProvider; redirectUri: string; member: Member; used: boolean };

/**
 * `port` 0 picks a free one. Besides the services: `GET /healthz`, and `POST /control/member`
 * `{"provider": "kakao", "member": {...}}`, by which the e2e journeys say who is signed in at the service.
 */
export async function startStandInOAuth({ port: wanted = 0 }: { port?: number } = {}): Promise<StandInOAuth> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { provider: StandInProvider; member: Member }>();
  const server = http.createServer();
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const stand: StandInOAuth = {
    port,
    base,
    allowHost: `127.0.0.1:${port}`,
    clientId: { kakao: "kakao-rest-api-key", naver: "naver-client-id" },
    clientSecret: { kakao: "kakao-client-secret", naver: "naver-client-secret" },
    member: {
      kakao: { id: 4_200_000_001, email: "kakao.seller@example.com" },
      naver: { id: "naver-member-1", email: "naver.seller@example.com" },
    },
    deny: { kakao: false, naver: false },
    tokenRequests: [],
    env: () => ({
      KAKAO_CLIENT_ID: stand.clientId.kakao,
      KAKAO_CLIENT_SECRET: stand.clientSecret.kakao,
      KAKAO_AUTH_URL: `${base}/kakao-auth`,
      KAKAO_API_URL: `${base}/kakao-api`,
      NAVER_CLIENT_ID: stand.clientId.naver,
      NAVER_CLIENT_SECRET: stand.clientSecret.naver,
      NAVER_AUTH_URL: `${base}/naver-auth`,
      NAVER_API_URL: `${base}/naver-api`,
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
    res.end(JSON.stringify(body));
  };

  function authorize(provider: StandInProvider, url: URL, res: http.ServerResponse) {
    const redirectUri = url.searchParams.get("redirect_uri") ?? "";
    if (
      url.searchParams.get("client_id") !== stand.clientId[provider] ||
      url.searchParams.get("response_type") !== "code" ||
      !redirectUri
    ) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("invalid request");
      return;
    }
    const back = new URL(redirectUri);
    const state = url.searchParams.get("state");
    if (stand.deny[provider]) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "User denied access");
    } else {
      const code = randomBytes(16).toString("hex");
      codes.set(code, { provider, redirectUri, member: { ...stand.member[provider] }, used: false });
      back.searchParams.set("code", code);
    }
    if (state !== null) back.searchParams.set("state", state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(provider: StandInProvider, params: URLSearchParams, res: http.ServerResponse) {
    const code = params.get("code") ?? "";
    const issued = codes.get(code);
    const good =
      params.get("grant_type") === "authorization_code" &&
      params.get("client_id") === stand.clientId[provider] &&
      params.get("client_secret") === stand.clientSecret[provider] &&
      issued !== undefined &&
      issued.provider === provider &&
      !issued.used &&
      (provider === "naver" || params.get("redirect_uri") === issued.redirectUri);
    stand.tokenRequests.push({ provider, code, granted: good });
    if (!good || !issued) {
      if (issued) issued.used = true;
      if (provider === "kakao")
        return json(res, 400, {
          error: "invalid_grant",
          error_description: `authorization code not found for code=${code}`,
          error_code: "KOE320",
        });
      return json(res, 200, { error: "invalid_request", error_description: "no valid data in session" });
    }
    issued.used = true;
    const accessToken = randomBytes(24).toString("hex");
    tokens.set(accessToken, { provider, member: issued.member });
    if (provider === "kakao")
      return json(res, 200, {
        token_type: "bearer",
        access_token: accessToken,
        expires_in: 21599,
        refresh_token: randomBytes(24).toString("hex"),
        refresh_token_expires_in: 5183999,
        scope: issued.member.email ? "account_email" : "",
      });
    return json(res, 200, {
      access_token: accessToken,
      refresh_token: randomBytes(24).toString("hex"),
      token_type: "bearer",
      expires_in: "3600",
    });
  }

  function profile(provider: StandInProvider, req: http.IncomingMessage, res: http.ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const found = tokens.get(bearer);
    if (!found || found.provider !== provider) {
      if (provider === "kakao") return json(res, 401, { msg: "this access token does not exist", code: -401 });
      return json(res, 401, { resultcode: "024", message: "Authentication failed" });
    }
    const { member } = found;
    if (provider === "kakao") {
      const withEmail = typeof member.email === "string";
      return json(res, 200, {
        ...(member.id === null ? {} : { id: member.id }),
        connected_at: "2026-11-28T01:02:03Z",
        kakao_account: {
          email_needs_agreement: !withEmail,
          ...(withEmail ? { is_email_valid: true, is_email_verified: true, email: member.email } : {}),
        },
      });
    }
    return json(res, 200, {
      resultcode: "00",
      message: "success",
      response: {
        ...(member.id === null ? {} : { id: String(member.id) }),
        nickname: member.nickname ?? "셀러",
        ...(typeof member.email === "string" ? { email: member.email } : {}),
      },
    });
  }

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", base);
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const params = new URLSearchParams([...url.searchParams, ...form]);
      switch (`${req.method} ${url.pathname}`) {
        case "GET /kakao-auth/oauth/authorize":
          return authorize("kakao", url, res);
        case "POST /kakao-auth/oauth/token":
          return token("kakao", form, res);
        case "GET /kakao-api/v2/user/me":
        case "POST /kakao-api/v2/user/me":
          return profile("kakao", req, res);
        case "GET /naver-auth/oauth2.0/authorize":
          return authorize("naver", url, res);
        case "GET /naver-auth/oauth2.0/token":
        case "POST /naver-auth/oauth2.0/token":
          return token("naver", params, res);
        case "GET /naver-api/v1/nid/me":
          return profile("naver", req, res);
        case "GET /healthz":
          return json(res, 200, { ok: true });
        case "POST /control/member": {
          try {
            const { provider, member } = JSON.parse(body) as { provider: StandInProvider; member: Member };
            stand.member[provider] = member;
            return json(res, 200, { ok: true });
          } catch {
            return json(res, 400, { ok: false });
          }
        }
        default:
          res.writeHead(404, { "content-type": "text/plain" });
          res.end("not found");
      }
    });
  });
  return stand;
}
