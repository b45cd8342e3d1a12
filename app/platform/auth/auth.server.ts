import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getOAuthState } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import { createContext, type MiddlewareFunction, redirect } from "react-router";
import { type Db, db } from "#app/db/client.server.ts";
import { isDatabaseUnavailable } from "#app/db/request-context.server.ts";
import * as schema from "#app/db/schema.ts";
import { env } from "../../lib/env.server.ts";
import { log } from "../../lib/log.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { providerConfigs } from "./oauth-providers.server.ts";
import { PROVIDER_IDS } from "./providers.ts";

function createAuth(database: Db) {
  const config = env();
  return betterAuth({
    appName: "도매 사이트 목록",
    baseURL: config.publicUrl,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // Better Auth's own lines go through our logger as JSON. "User not found" on a wrong address is every
    // failed login's normal answer, so only its errors are kept.
    logger: { level: "error", log: (level, message) => (level === "error" ? log.error : log.warn)(`better-auth: ${message}`) },
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      // `input: false`: a sign-up body that says role=admin is ignored (security-checklist 14).
      additionalFields: { role: { type: "string", defaultValue: "user", input: false } },
    },
    // No cookie cache: the role is read from the database on every request, so a demotion is immediate.
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
    },
    // No hook gives the admin role by address: an ADMIN_EMAILS address becomes an admin only once its
    // owner opens the confirmation mail's link (docs/spec/decisions.md 30, features/users/users.server.ts).
    plugins: [genericOAuth({ config: providerConfigs(config) })],
    account: {
      // The services' tokens are used only at sign-in; kept encrypted with AUTH_SECRET, never in the clear.
      encryptOAuthTokens: true,
      accountLinking: {
        // A provider's sign-in never joins an account by its e-mail alone: the person signs in to that account
        // and links the provider on /account (docs/decisions/0055), where the provider's e-mail may differ.
        disableImplicitLinking: true,
        allowDifferentEmails: true,
        trustedProviders: [...PROVIDER_IDS],
      },
    },
    // Where Better Auth sends a provider's return it cannot tie to a sign-in it started (a forged or stale `state`).
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    databaseHooks: {
      user: {
        create: {
          // An account a provider's sign-up makes carries the consents its /signup form gave (features/users/
          // provider-sign-in.server.ts puts them in the sign-in's state): none, and no account is made.
          before: async (_user, context) => {
            if (!context?.path?.startsWith("/callback/")) return;
            if (consentsOfState(await getOAuthState()) === null) return false;
          },
          after: async (created, context) => {
            if (!context?.path?.startsWith("/callback/")) return;
            const agreed = consentsOfState(await getOAuthState()) ?? [];
            try {
              await database.insert(schema.consents).values(agreed.map((item) => ({ userId: created.id, ...item })));
            } catch (error) {
              // No account without its consents (as the e-mail sign-up): the row goes, and the sign-up fails.
              await database.delete(schema.user).where(eq(schema.user.id, created.id));
              throw error;
            }
          },
        },
      },
    },
  });
}

/** A consent a provider's sign-up carries through its state: the item and the version of its text agreed to. */
export type StateConsent = { kind: string; version: string };

function consentsOfState(state: Record<string, unknown> | null): StateConsent[] | null {
  const consents = state?.consents;
  if (!Array.isArray(consents) || consents.length === 0) return null;
  const valid = consents.every((item) => typeof item?.kind === "string" && typeof item?.version === "string");
  return valid ? (consents as StateConsent[]) : null;
}

type Auth = ReturnType<typeof createAuth>;
let instance: { auth: Auth; database: Db; config: ReturnType<typeof env> } | undefined;

/** Better Auth bound to the open database and the settings (rebuilt when a test switches either). */
export function auth(): Auth {
  const database = db();
  const config = env();
  if (!instance || instance.database !== database || instance.config !== config)
    instance = { auth: createAuth(database), database, config };
  return instance.auth;
}

export type SessionUser = { id: string; email: string; role: "admin" | "user" };

export async function getUser(request: Request): Promise<SessionUser | null> {
  const result = await auth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const { id, email, role } = result.user as { id: string; email: string; role?: string };
  return { id, email, role: role === "admin" ? "admin" : "user" };
}

/**
 * The session `headers` carry, checked before the request reaches a page: a cookie whose signature does not match
 * costs no query; a signed one is one session look-up, which neither refreshes the session nor sets a cookie.
 */
function checkedSession(headers: Headers) {
  return auth().api.getSession({ headers, query: { disableRefresh: true, disableCookieCache: true } });
}

/** The role of the signed-in session `headers` carry (null: none), for server/body-limit.ts before it reads a large body. */
export async function sessionRole(headers: Headers): Promise<SessionUser["role"] | null> {
  const result = await checkedSession(headers);
  if (!result) return null;
  return (result.user as { role?: string }).role === "admin" ? "admin" : "user";
}

/**
 * Whether `headers` carry a session the database knows and has not expired, for server/read-routing.ts: only such
 * a browser is sent to the primary for a page a replica could serve.
 */
export async function isSignedInSession(headers: Headers): Promise<boolean> {
  return Boolean(await checkedSession(headers));
}

/** Where an anonymous visitor is sent, remembering the page they wanted. */
export function loginUrl(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return `/login?${new URLSearchParams({ redirectTo: back })}`;
}

/**
 * For loaders and actions that need a signed-in user. Page requests (GET) are redirected to /login;
 * writes get 401 so that a script posting directly learns it was refused.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  if (request.method === "GET" || request.method === "HEAD") {
    throw await redirectWithToast(loginUrl(request), { type: "error", message: "로그인이 필요합니다." });
  }
  throw new Response("로그인이 필요합니다.", { status: 401 });
}

/** Shown when the session or role cannot be read (the database does not answer, …). */
const CHECK_FAILED = "오류가 발생했습니다.";

/** A signed-in user whose role was read as admin by `requireAdmin` (the only place that makes one). */
export type AdminUser = SessionUser & { role: "admin"; readonly checkedAsAdmin: true };

export async function requireAdmin(request: Request): Promise<AdminUser> {
  let user: SessionUser;
  try {
    user = await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    // The database is down: the server answers 503 with Retry-After (server/app.ts), not a page that says "error".
    if (isDatabaseUnavailable(error)) throw error;
    // A failure while checking: the page goes home with the message; a write is refused.
    log.error("admin check failed", { request, error });
    if (request.method === "GET" || request.method === "HEAD") throw await redirectWithToast("/", { type: "error", message: CHECK_FAILED });
    throw new Response(CHECK_FAILED, { status: 500 });
  }
  if (user.role === "admin") return { ...user, role: "admin", checkedAsAdmin: true };
  log.warn("admin access denied", { request, userId: user.id });
  if (request.method === "GET" || request.method === "HEAD") {
    throw await redirectWithToast("/", { type: "error", message: "관리자만 접근할 수 있는 페이지입니다." });
  }
  throw new Response("관리자만 접근할 수 있습니다.", { status: 403 });
}

export function redirectIfSignedIn(user: SessionUser | null, to = "/list") {
  if (user) throw redirect(to);
}

/** The admin the `/admin/*` layout checked, for its pages' loaders and actions (`context.get(adminContext)`). */
export const adminContext = createContext<AdminUser>();

/**
 * Route middleware of the admin layout (routes/admin/layout.tsx): one admin check before any `/admin/*` loader
 * or action runs, page or data request alike. Pages go home with a message, writes get 401/403 (requireAdmin).
 */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(adminContext, await requireAdmin(request));
  return next();
};
