import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration, read once from the environment and validated. Anything an operator changes
 * (ads, footer details, contact address) lives in config/site.json, see lib/site-config.server.ts.
 */
const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// (postgres:// 주소여야 합니다)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_EMAILS: z.string().default(""),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters (32자 이상이어야 합니다)").optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  SITE_CONFIG: z.string().optional(),
  /** Test-only: hosts the og:image fetcher may reach although they resolve to private addresses. */
  OG_FETCH_ALLOW_HOSTS: z.string().default(""),
});

export type Env = z.infer<typeof envSchema> & {
  adminEmails: string[];
  publicUrl: string;
  authSecret: string;
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid setting ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  cached = {
    ...e,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(e.DATA_DIR),
  };
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvForTests() {
  cached = undefined;
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
  return new Error(
    `DATA_DIR "${dataDir}" is not writable (${(cause as Error).message}). 데이터 폴더(DATA_DIR)를 사용할 수 없습니다.`,
  );
}
