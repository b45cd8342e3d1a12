import { desc } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { products } from "#app/db/schema.ts";
import { signUpAction } from "#app/features/users/auth-actions.server.ts";
import { naughtyStrings, OWN_BAD_INPUTS, sqlInjectionPayloads } from "#tests/corpora.ts";
import { asResponse, caught, cookiesFrom, formRequest } from "#tests/request.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import * as addRoute from "./add.tsx";

withTestDatabase();

// Hundreds of products from one account: this test is about text, not about the per-account cap (ADR 0026).
const capBefore = process.env.PRODUCTS_PER_ACCOUNT;
beforeAll(() => {
  process.env.PRODUCTS_PER_ACCOUNT = "0";
});
afterAll(() => {
  if (capBefore === undefined) delete process.env.PRODUCTS_PER_ACCOUNT;
  else process.env.PRODUCTS_PER_ACCOUNT = capBefore;
});

// biome-ignore lint/suspicious/noExplicitAny: test shim for route args
const args = (request: Request) => ({ request, params: {}, context: {} }) as any;

/** What the form keeps of a single-line text: control characters become spaces, the ends are trimmed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the normalisation under test
const singleLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
// biome-ignore lint/suspicious/noControlCharactersInRegex: the normalisation under test
const multiLine = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim();

test("hostile and odd text registered as a product is refused with a 4xx or stored exactly as typed", { timeout: 180_000 }, async () => {
  const signup = asResponse(
    await signUpAction(
      formRequest("/signup", {
        email: "texts@example.com",
        password: "correct-horse-9",
        agreeTerms: "yes",
        agreePrivacy: "yes",
        agreeAge: "yes",
      }),
    ),
  );
  const cookie = cookiesFrom(new Response(null, { headers: signup.headers }));
  const sqli = sqlInjectionPayloads();
  const payloads = [...new Set([...OWN_BAD_INPUTS, ...naughtyStrings(), ...sqli.filter((_, i) => i % 4 === 0)])];
  let stored = 0;
  for (const payload of payloads) {
    // A refusal may be thrown (a body over the form limit is a 413 Response) or returned.
    const res = await caught(() =>
      addRoute.action(args(formRequest("/add", { name: payload, summary: payload, price: "", imageUrl: "", siteUrl: "" }, { cookie }))),
    );
    expect(res.status, JSON.stringify(payload)).toBeLessThan(500);
    if (res.status !== 302) {
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      continue;
    }
    // Saved: the newest product is this one.
    const [row] = await db().select({ name: products.name, summary: products.summary }).from(products).orderBy(desc(products.id)).limit(1);
    expect(row?.name, JSON.stringify(payload)).toBe(singleLine(payload));
    expect(row?.summary, JSON.stringify(payload)).toBe(multiLine(payload));
    stored += 1;
  }
  // Most of the corpus is ordinary text to a product form and must be kept.
  expect(stored).toBeGreaterThan(payloads.length / 2);
});
