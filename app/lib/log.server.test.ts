import { afterEach, expect, test, vi } from "vitest";
import { db } from "#app/db/client.server.ts";
import { session, user } from "#app/db/schema.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { log } from "./log.server.ts";

withTestDatabase();

/** Every line the logger writes to stderr while `work` runs. */
async function stderrOf(work: () => Promise<void>) {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

afterEach(() => vi.restoreAllMocks());

const TOKEN = "tok3nThatMustNeverBeLogged0123456789abcd";

test("a failed query on the session table is logged with its SQL and PostgreSQL's reason, never its parameters or the values PostgreSQL quotes", async () => {
  await db().insert(user).values({ id: "u1", email: "owner@example.com", name: "" });
  const row = { id: "s1", token: TOKEN, userId: "u1", expiresAt: new Date(Date.now() + 60_000) };
  await db().insert(session).values(row);

  let failure: unknown;
  // The same token again: a unique violation whose parameters and detail both hold the token.
  await db()
    .insert(session)
    .values({ ...row, id: "s2" })
    .catch((error: unknown) => {
      failure = error;
    });
  expect(failure).toBeInstanceOf(Error);
  expect(String((failure as Error).message)).toContain(TOKEN);

  const logged = await stderrOf(async () => log.error("request failed", { error: failure }));
  const line = JSON.parse(logged) as Record<string, string>;
  expect(logged).not.toContain(TOKEN);
  expect(logged).not.toContain("owner@example.com");
  expect(line.error).toMatch(/^Failed query: insert into "session"/);
  expect(line.code).toBe("23505");
  expect(line.stack).toContain("Failed query");
  // A wrapper (Better Auth wraps the query's error as the cause of its own) is redacted as well.
  const wrapped = new Error("Failed to get session", { cause: failure });
  const wrappedLine = await stderrOf(async () => log.error("admin check failed", { error: wrapped }));
  expect(wrappedLine).not.toContain(TOKEN);
  expect(JSON.parse(wrappedLine).cause).toMatch(/^Failed query: insert into "session"/);
});
