import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./log.server.ts";

const TRUST_PROXY_MESSAGE = "TRUST_PROXY must be the number of proxies in front of the server, e.g. 1 (프록시 개수를 숫자로 적어 주세요)";

/** An optional postgres:// address; an empty value is unset. */
function postgresUrl(name: string) {
  return z
    .string()
    .regex(/^postgres(ql)?:\/\//, `${name} must start with postgres:// (postgres:// 주소여야 합니다)`)
    .optional()
    .or(z.literal("").transform(() => undefined));
}

/** A whole number between `min` and `max`, with the setting named in the message. */
function wholeNumber(name: string, min: number, max: number) {
  const range = `${name} must be between ${min} and ${max} (${min}~${max} 사이의 숫자여야 합니다)`;
  return z.coerce
    .number({ error: `${name} must be a number (숫자여야 합니다)` })
    .int(`${name} must be a whole number (정수여야 합니다)`)
    .min(min, range)
    .max(max, range);
}

/** How many of something one account may send in a day: a whole number ≥ 0 (`0`: no limit). */
function perAccountPerDay(name: string, fallback: number) {
  return z.coerce
    .number({ error: `${name} must be a number (숫자여야 합니다)` })
    .int(`${name} must be a whole number (정수여야 합니다)`)
    .min(0, `${name} must be 0 or more (0 이상이어야 합니다)`)
    .default(fallback);
}

/** A key that may be unset; an empty or blank value is unset. */
function optionalSecret() {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined);
}

/** The base address of an outside service, without a trailing slash. */
function serviceBase(name: string, fallback: string) {
  return z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) address (http(s) 주소여야 합니다)` })
    .default(fallback)
    .transform((value) => value.replace(/\/+$/, ""));
}

/**
 * Configuration, read once from the environment and validated. Anything an operator changes
 * (ads, footer details, contact address) lives in config/site.json, see lib/site-config.server.ts.
 */
const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl("DATABASE_URL"),
  /**
   * A direct connection to the primary (not through a pooler): migrations and the start-up lock use it, so that
   * DATABASE_URL may point at PgBouncer in transaction mode. Unset: DATABASE_URL (docs/decisions/0034).
   */
  DATABASE_DIRECT_URL: postgresUrl("DATABASE_DIRECT_URL"),
  /** Read-only copies of the primary, comma-separated, for anonymous list, search and detail pages. */
  DATABASE_REPLICA_URLS: z
    .string()
    .default("")
    .refine(
      (value) => value.split(",").every((url) => url.trim() === "" || /^postgres(ql)?:\/\//.test(url.trim())),
      "DATABASE_REPLICA_URLS must be postgres:// addresses separated by commas (postgres:// 주소를 쉼표로 구분해 적어 주세요)",
    ),
  /** Connections each pool of this process may open (per database: the primary, each replica). */
  DATABASE_POOL_SIZE: wholeNumber("DATABASE_POOL_SIZE", 1, 1000).default(10),
  /** Seconds one statement may run on PostgreSQL before the server cancels it; `0` turns the limit off. */
  STATEMENT_TIMEOUT_SECONDS: wholeNumber("STATEMENT_TIMEOUT_SECONDS", 0, 3600).default(30),
  /** `0`: the server does not migrate at start (deploys that run `npm run db:migrate` once); it checks the migrations are there. */
  MIGRATE_ON_START: z.enum(["0", "1"], { error: "MIGRATE_ON_START must be 0 or 1 (0 또는 1이어야 합니다)" }).default("1"),
  /**
   * The job kinds this process runs: `all` (the default), `none` (a web server that only serves pages), or
   * kind names separated by commas (`images.fetch,site-checks.check`). `npm run worker` runs jobs and no pages.
   */
  JOBS: z
    .string()
    .default("all")
    .refine(
      (value) => /^\s*(all|none|[a-z][a-z0-9.-]*(\s*,\s*[a-z][a-z0-9.-]*)*)\s*$/.test(value),
      "JOBS must be all, none or job kinds separated by commas (all, none 또는 작업 종류를 쉼표로 구분해 적어 주세요)",
    ),
  /**
   * Where our copies of pictures are kept: `database` (image_files, the default) or `s3`, any S3-compatible object
   * storage (AWS S3, MinIO, R2, …) named by the S3_* settings (platform/images/image-store.server.ts, docs/decisions/0033).
   */
  IMAGE_STORE: z
    .enum(["database", "s3"], { error: "IMAGE_STORE must be database or s3 (database 또는 s3여야 합니다)" })
    .default("database"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** The service's address for a non-AWS service (`http://127.0.0.1:9000` for MinIO); unset: AWS's own. */
  S3_ENDPOINT: z.url({ error: "S3_ENDPOINT must be an address like https://s3.example.com (주소 형식이어야 합니다)" }).optional(),
  /** Unset: the AWS SDK's own chain (environment, shared files, the instance's role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `1`: bucket in the path (`/bucket/key`), as MinIO and most self-hosted services want. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"], { error: "S3_FORCE_PATH_STYLE must be 0 or 1 (0 또는 1이어야 합니다)" }).default("0"),
  /**
   * An origin that serves the bucket's `images/…` (a CDN in front of it): pages then name pictures there instead
   * of /images/ on this site, and the CSP allows it. Unset: /images/ serves them.
   */
  IMAGE_BASE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#\s]+$/,
      "IMAGE_BASE_URL must be an origin like https://images.example.com (https://로 시작하는 주소여야 합니다)",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Seconds an idle keep-alive connection stays open: longer than the load balancer's (AWS ALB: 60). */
  KEEP_ALIVE_SECONDS: wholeNumber("KEEP_ALIVE_SECONDS", 1, 3600).default(65),
  ADMIN_EMAILS: z.string().default(""),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters (32자 이상이어야 합니다)").optional(),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL must be an address like https://domae.example.com (주소 형식이어야 합니다)" }).optional(),
  /** Demo content on a first start; by default only on the embedded database. */
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  /** Correction requests one client address may send per 10 minutes; `0` turns the limit off. */
  REPORT_RATE_LIMIT: z.coerce
    .number({ error: "REPORT_RATE_LIMIT must be a number (숫자여야 합니다)" })
    .int("REPORT_RATE_LIMIT must be a whole number (정수여야 합니다)")
    .min(0, "REPORT_RATE_LIMIT must be 0 or more (0 이상이어야 합니다)")
    .default(5),
  /** Per account and day (features/reviews, features/reports): reviews, term reports and `신고`; `0` turns a limit off. */
  REVIEWS_PER_DAY: perAccountPerDay("REVIEWS_PER_DAY", 5),
  TERM_REPORTS_PER_DAY: perAccountPerDay("TERM_REPORTS_PER_DAY", 10),
  REVIEW_FLAGS_PER_DAY: perAccountPerDay("REVIEW_FLAGS_PER_DAY", 20),
  /** Proxies in front whose X-Forwarded-For entries count (server/app.ts, docs/deployment.md). */
  TRUST_PROXY: z.coerce
    .number({ error: TRUST_PROXY_MESSAGE })
    .int(TRUST_PROXY_MESSAGE)
    .min(0, TRUST_PROXY_MESSAGE)
    .max(99, TRUST_PROXY_MESSAGE)
    .default(0),
  /** The production build server.ts serves (react-router.config.ts builds into it). */
  BUILD_DIR: z.string().min(1).default("build"),
  /** Connections open at once; a further one is closed at once (server/http-server.ts). */
  MAX_CONNECTIONS: z.coerce
    .number({ error: "MAX_CONNECTIONS must be a number of connections (연결 수여야 합니다)" })
    .int("MAX_CONNECTIONS must be a whole number (정수여야 합니다)")
    .min(1, "MAX_CONNECTIONS must be between 1 and 100000 (1~100000이어야 합니다)")
    .max(100_000, "MAX_CONNECTIONS must be between 1 and 100000 (1~100000이어야 합니다)")
    .default(500),
  /** Seconds a client has to send one whole request, headers and body; a slower one gets 408. */
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: "REQUEST_TIMEOUT_SECONDS must be a number of seconds (초 단위 숫자여야 합니다)" })
    .int("REQUEST_TIMEOUT_SECONDS must be a whole number of seconds (정수여야 합니다)")
    .min(5, "REQUEST_TIMEOUT_SECONDS must be between 5 and 3600 (5~3600초여야 합니다)")
    .max(3600, "REQUEST_TIMEOUT_SECONDS must be between 5 and 3600 (5~3600초여야 합니다)")
    .default(120),
  SITE_CONFIG: z.string().optional(),
  /** host:port entries the outbound fetcher may reach although they resolve to private addresses. */
  OUTBOUND_ALLOW_HOSTS: z.string().default(""),
  /** Outgoing mail server; unset: mails are written to the log (platform/mail/mail.server.ts). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#\s]+/, "SMTP_URL must look like smtp://user:pass@host:port or smtps://… (smtp:// 주소여야 합니다)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .email("MAIL_FROM must be an e-mail address (보내는 주소는 이메일 형식이어야 합니다)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** `0` turns the scheduled site checks off (and the admin's 지금 점검/전체 점검 with them). */
  LINK_CHECK: z.enum(["0", "1"], { error: "LINK_CHECK must be 0 or 1 (0 또는 1이어야 합니다)" }).default("1"),
  /** Days between two checks of one supplier's site. */
  LINK_CHECK_DAYS: z.coerce
    .number({ error: "LINK_CHECK_DAYS must be a number of days (일수여야 합니다)" })
    .int("LINK_CHECK_DAYS must be a whole number of days (정수여야 합니다)")
    .min(1, "LINK_CHECK_DAYS must be between 1 and 365 (1~365일이어야 합니다)")
    .max(365, "LINK_CHECK_DAYS must be between 1 and 365 (1~365일이어야 합니다)")
    .default(7),
  /**
   * 찜 alerts (features/alerts, docs/decisions/0036): seconds a change waits for others before the digest that
   * mails it is gathered (an account's first alert of the day leaves this long after the change, plus the job's
   * pick-up). Short in the journeys' server.
   */
  ALERT_GATHER_SECONDS: z.coerce
    .number({ error: "ALERT_GATHER_SECONDS must be a number of seconds (초 단위 숫자여야 합니다)" })
    .int("ALERT_GATHER_SECONDS must be a whole number of seconds (정수여야 합니다)")
    .min(1, "ALERT_GATHER_SECONDS must be between 1 and 3600 (1~3600초여야 합니다)")
    .max(3600, "ALERT_GATHER_SECONDS must be between 1 and 3600 (1~3600초여야 합니다)")
    .default(60),
  /**
   * Saved searches (features/saved-searches, docs/decisions/0053): unset, their mail goes out on Monday at 08:00
   * (Asia/Seoul); a number of minutes, every that many minutes instead (small sites, tests, the journeys' server).
   */
  SAVED_SEARCH_MAIL_MINUTES: z.coerce
    .number({ error: "SAVED_SEARCH_MAIL_MINUTES must be a number of minutes (분 단위 숫자여야 합니다)" })
    .int("SAVED_SEARCH_MAIL_MINUTES must be a whole number of minutes (정수여야 합니다)")
    .min(1, "SAVED_SEARCH_MAIL_MINUTES must be between 1 and 10080 (1~10080분이어야 합니다)")
    .max(10_080, "SAVED_SEARCH_MAIL_MINUTES must be between 1 and 10080 (1~10080분이어야 합니다)")
    .optional(),
  /** Products one account may have at once (admins: no limit); `0` turns the limit off (docs/decisions/0026). */
  PRODUCTS_PER_ACCOUNT: z.coerce
    .number({ error: "PRODUCTS_PER_ACCOUNT must be a number (숫자여야 합니다)" })
    .int("PRODUCTS_PER_ACCOUNT must be a whole number (정수여야 합니다)")
    .min(0, "PRODUCTS_PER_ACCOUNT must be 0 or more (0 이상이어야 합니다)")
    .default(200),
  /** New picture addresses one account may ask us to fetch in an hour (admins: no limit); `0` turns the limit off. */
  IMAGE_REQUESTS_PER_HOUR: z.coerce
    .number({ error: "IMAGE_REQUESTS_PER_HOUR must be a number (숫자여야 합니다)" })
    .int("IMAGE_REQUESTS_PER_HOUR must be a whole number (정수여야 합니다)")
    .min(0, "IMAGE_REQUESTS_PER_HOUR must be 0 or more (0 이상이어야 합니다)")
    .default(30),
  /**
   * An account is new for this many days after its sign-up unless its e-mail is confirmed (admins never are);
   * new accounts' pictures share one line of the queue and one hourly budget (docs/decisions/0043). `0`: no
   * account is new.
   */
  NEW_ACCOUNT_DAYS: z.coerce
    .number({ error: "NEW_ACCOUNT_DAYS must be a number of days (일 단위 숫자여야 합니다)" })
    .int("NEW_ACCOUNT_DAYS must be a whole number of days (정수여야 합니다)")
    .min(0, "NEW_ACCOUNT_DAYS must be between 0 and 365 (0~365일이어야 합니다)")
    .max(365, "NEW_ACCOUNT_DAYS must be between 0 and 365 (0~365일이어야 합니다)")
    .default(7),
  /** New picture addresses all new accounts together may ask us to fetch in an hour; `0` turns the limit off. */
  NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR: z.coerce
    .number({ error: "NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR must be a number (숫자여야 합니다)" })
    .int("NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR must be a whole number (정수여야 합니다)")
    .min(0, "NEW_ACCOUNT_IMAGE_REQUESTS_PER_HOUR must be 0 or more (0 이상이어야 합니다)")
    .default(60),
  /**
   * The data.go.kr service key of both registries (국세청 상태조회, 공정위 통신판매사업자); unset: no registry
   * checks (features/official-records). Never logged, stored or shown.
   */
  DATA_GO_KR_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined),
  NTS_API_URL: z
    .url({ protocol: /^https?$/, error: "NTS_API_URL must be an http(s) address (http(s) 주소여야 합니다)" })
    .default("https://api.odcloud.kr/api/nts-businessman/v1"),
  FTC_API_URL: z
    .url({ protocol: /^https?$/, error: "FTC_API_URL must be an http(s) address (http(s) 주소여야 합니다)" })
    .default("https://apis.data.go.kr/1130000/MllBs_2Service"),
  /** Calls a day the registry checks may make to each service (the key's daily quota, or less). */
  NTS_DAILY_LIMIT: z.coerce
    .number({ error: "NTS_DAILY_LIMIT must be a number of calls (호출 수여야 합니다)" })
    .int("NTS_DAILY_LIMIT must be a whole number (정수여야 합니다)")
    .min(0, "NTS_DAILY_LIMIT must not be negative (0 이상이어야 합니다)")
    .default(10_000),
  FTC_DAILY_LIMIT: z.coerce
    .number({ error: "FTC_DAILY_LIMIT must be a number of calls (호출 수여야 합니다)" })
    .int("FTC_DAILY_LIMIT must be a whole number (정수여야 합니다)")
    .min(0, "FTC_DAILY_LIMIT must not be negative (0 이상이어야 합니다)")
    .default(10_000),
  /**
   * 카카오 로그인 and 네이버 로그인 (platform/auth/oauth-providers.server.ts): each is offered only when its id and
   * secret are both set; the service bases are settings so tests can point them at stand-ins on 127.0.0.1.
   */
  KAKAO_CLIENT_ID: optionalSecret(),
  KAKAO_CLIENT_SECRET: optionalSecret(),
  KAKAO_AUTH_URL: serviceBase("KAKAO_AUTH_URL", "https://kauth.kakao.com"),
  KAKAO_API_URL: serviceBase("KAKAO_API_URL", "https://kapi.kakao.com"),
  NAVER_CLIENT_ID: optionalSecret(),
  NAVER_CLIENT_SECRET: optionalSecret(),
  NAVER_AUTH_URL: serviceBase("NAVER_AUTH_URL", "https://nid.naver.com"),
  NAVER_API_URL: serviceBase("NAVER_API_URL", "https://openapi.naver.com"),
  /** The least important line the log keeps (lib/log.server.ts reads it too, before anything is validated). */
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: "LOG_LEVEL must be debug, info, warn or error (debug, info, warn, error 중 하나여야 합니다)" })
    .default("info"),
  /** `1`: /metrics answers in the Prometheus text format, to 127.0.0.1 or with METRICS_TOKEN (lib/metrics.server.ts). */
  METRICS: z.enum(["0", "1"], { error: "METRICS must be 0 or 1 (0 또는 1이어야 합니다)" }).default("0"),
  /** The bearer token a scraper on another address sends to /metrics; unset: only 127.0.0.1 may read it. */
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters (16자 이상이어야 합니다)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/**
 * Settings that may come from a file instead (`AUTH_SECRET_FILE=/run/secrets/auth_secret`): Docker's and
 * Kubernetes' secrets are files, and a secret in a file stays out of `docker inspect` and /proc/<pid>/environ.
 */
export const FILE_SETTINGS = [
  "AUTH_SECRET",
  "DATABASE_URL",
  "DATABASE_DIRECT_URL",
  "DATABASE_REPLICA_URLS",
  "SMTP_URL",
  "DATA_GO_KR_KEY",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "METRICS_TOKEN",
  "KAKAO_CLIENT_SECRET",
  "NAVER_CLIENT_SECRET",
] as const;

/**
 * The environment with each `<NAME>_FILE` read into `<NAME>` (one trailing line break dropped, as `echo` and
 * editors leave one). Both set is refused: which one wins would be a guess.
 */
function withFileSettings(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const settings = { ...source };
  for (const name of FILE_SETTINGS) {
    const file = source[`${name}_FILE`];
    if (!file) continue;
    if (source[name]) {
      throw new Error(`Invalid setting ${name}: set ${name} or ${name}_FILE, not both (${name}과 ${name}_FILE 중 하나만 설정해 주세요)`);
    }
    try {
      settings[name] = fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      throw new Error(
        `Invalid setting ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}) (파일을 읽을 수 없습니다)`,
      );
    }
  }
  return settings;
}

export type Env = Omit<z.infer<typeof envSchema>, "SEED_DEMO"> & {
  SEED_DEMO: "0" | "1";
  adminEmails: string[];
  publicUrl: string;
  authSecret: string;
  /** The sender of every mail: MAIL_FROM, else no-reply@ the host of PUBLIC_URL. */
  mailFrom: string;
  /** DATABASE_REPLICA_URLS as a list. */
  replicaUrls: string[];
  /** JOBS: every kind, none, or the kinds named. */
  jobKinds: "all" | "none" | string[];
};

const KEYS = [...Object.keys(envSchema.shape), ...FILE_SETTINGS.map((name) => `${name}_FILE`)];
let cached: { fingerprint: string; value: Env } | undefined;

/** The validated settings; read again only when one of them changed (tests set process.env per case). */
export function env(): Env {
  const fingerprint = KEYS.map((key) => process.env[key] ?? "\u0000").join("\u0001");
  if (cached?.fingerprint === fingerprint) return cached.value;
  const parsed = envSchema.safeParse(withFileSettings(process.env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid setting ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.AUTH_SECRET) {
    // A secret generated into one server's DATA_DIR would differ on every other server sharing the database.
    throw new Error(
      "AUTH_SECRET must be set (the same value on every server) when DATABASE_URL points at PostgreSQL (PostgreSQL을 쓸 때는 AUTH_SECRET이 필요합니다)",
    );
  }
  if ((e.DATABASE_DIRECT_URL || e.DATABASE_REPLICA_URLS.trim()) && !e.DATABASE_URL) {
    throw new Error("DATABASE_DIRECT_URL and DATABASE_REPLICA_URLS need DATABASE_URL (PostgreSQL 주소 DATABASE_URL도 함께 설정해 주세요)");
  }
  if (e.IMAGE_STORE === "s3" && !e.S3_BUCKET) {
    throw new Error("IMAGE_STORE=s3 needs S3_BUCKET (S3 버킷 이름 S3_BUCKET을 설정해 주세요)");
  }
  const jobs = e.JOBS.trim();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const value: Env = {
    ...e,
    SEED_DEMO: e.SEED_DEMO ?? (e.DATABASE_URL ? "0" : "1"),
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    publicUrl,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(e.DATA_DIR),
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(publicUrl),
    replicaUrls: e.DATABASE_REPLICA_URLS.split(",")
      .map((url) => url.trim())
      .filter(Boolean),
    jobKinds: jobs === "all" || jobs === "none" ? jobs : jobs.split(",").map((kind) => kind.trim()),
  };
  cached = { fingerprint, value };
  return value;
}

/** The host of PUBLIC_URL as it is (https://www.example.com sends from no-reply@www.example.com). */
function defaultMailFrom(publicUrl: string) {
  const host = new URL(publicUrl).hostname;
  // An address literal needs brackets in a mail address (no-reply@[127.0.0.1]).
  const domain = /^[\d.]+$/.test(host) || host.startsWith("[") ? `[${host.replace(/^\[|\]$/g, "")}]` : host;
  return `no-reply@${domain}`;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw dataDirError(dataDir, error);
  }
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  } catch (error) {
    throw dataDirError(dataDir, error);
  }
}

export function dataDirError(dataDir: string, cause: unknown) {
  return new Error(`DATA_DIR "${dataDir}" is not writable (${(cause as Error).message}). 데이터 폴더(DATA_DIR)를 사용할 수 없습니다.`);
}
