import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import {
  claimDocuments,
  evidenceFiles,
  officialRecords,
  user,
  wholesalerChanges,
  wholesalerManagers,
  wholesalers,
} from "#app/db/schema.ts";
import { approveClaim, DOCUMENT_WORDS, rejectClaim, requestDocumentClaim } from "#app/features/suppliers/claim-documents.server.ts";
import { isManagerOf } from "#app/features/suppliers/claims.server.ts";
import { createWholesaler } from "#app/features/wholesalers/wholesalers.server.ts";
import { backgroundSettled } from "#app/platform/mail/background.server.ts";
import { signedUpAdmin, signedUpCookie, validBusinessNumbers } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest, multipartRequest } from "#tests/request.ts";
import { callAction, callLoader, callRoute } from "#tests/routes.ts";
import { mailText, useSmtpStandIn } from "#tests/smtp.ts";
import { withTestDatabase } from "#tests/test-database.ts";

// Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.
withTestDatabase();
const smtp = useSmtpStandIn();

let ownerId = "";
let ownerCookie = "";
let adminId = "";
let adminCookie = "";
let secondAdminId = "";
let listing = 0;
let png: Buffer;
const [NUMBER, OTHER] = validBusinessNumbers(2) as [string, string];
const base = { category: "패션", contact: "", logoUrl: "", summary: "" };
const idOf = async (email: string) => (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

beforeAll(async () => {
  ownerCookie = await signedUpCookie("owner@docclaim.test");
  ownerId = await idOf("owner@docclaim.test");
  adminCookie = (await signedUpAdmin("admin@docclaim.test")).cookie;
  adminId = await idOf("admin@docclaim.test");
  await signedUpAdmin("admin2@docclaim.test");
  secondAdminId = await idOf("admin2@docclaim.test");
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
});

beforeEach(async () => {
  await backgroundSettled();
  await db().delete(wholesalers);
  await db().delete(evidenceFiles);
  await db().execute("DELETE FROM rate_limits");
  listing = await createWholesaler({ ...base, name: "스토어도매", siteUrl: "https://smartstore.naver.com/storedome" });
});

const admin = (id = adminId) => ({ id, label: "관리자" });
const request = (bytes: Buffer | null, number = "", contact = "010-1234-5678", id = listing) =>
  requestDocumentClaim(ownerId, id, { bytes, number, contact });

describe("the request", () => {
  test("a picture and the number: kept as private evidence, pending, counted in the admin menu", async () => {
    expect(await request(png, NUMBER!)).toEqual({ ok: true, message: DOCUMENT_WORDS.received });
    const [claim] = await db().select().from(claimDocuments);
    expect(claim).toMatchObject({ wholesalerId: listing, userId: ownerId, businessNumber: NUMBER, state: "pending" });
    const [file] = await db().select().from(evidenceFiles);
    expect(file).toMatchObject({ id: claim!.evidenceFileId, contentType: "image/png", deleteAfter: null });
    const layout = (await callRoute("loader", getRequest("/admin", { cookie: adminCookie }), { file: "routes/admin/layout.tsx" })) as {
      openClaims: number;
    };
    expect(layout.openClaims).toBe(1);
    // One pending request per account and listing.
    expect(await request(png, NUMBER!)).toMatchObject({ ok: false, status: 409, message: DOCUMENT_WORDS.pending });
    expect(await db().select().from(evidenceFiles)).toHaveLength(1);
  });

  test("through the page: the multipart form; without an account nothing is kept", async () => {
    const sent = asResponse(
      await callAction(
        multipartRequest(
          `/wholesaler/${listing}/claim`,
          { method: "document", businessNumber: NUMBER!, contact: "boss@storedome.kr" },
          { document: { bytes: png, name: "사업자등록증.png", type: "image/png" } },
          { cookie: ownerCookie },
        ),
      ),
    );
    expect(sent.data).toMatchObject({ ok: true, documentSent: DOCUMENT_WORDS.received });
    const page = asResponse(await callLoader(getRequest(`/wholesaler/${listing}/claim`, { cookie: ownerCookie })));
    expect(page.data).toMatchObject({ document: { number: null, pending: true }, mail: { domain: null } });
    const anonymous = await caught(() =>
      callAction(
        multipartRequest(
          `/wholesaler/${listing}/claim`,
          { method: "document", businessNumber: NUMBER!, contact: "010-0000-0000" },
          { document: { bytes: png, name: "a.png", type: "image/png" } },
        ),
      ),
    );
    expect([302, 401]).toContain(anonymous.status);
    // A body past the claim page's limit (a 50 MB document): 413 with a Korean message, nothing kept.
    const huge = await caught(() =>
      callAction(
        multipartRequest(
          `/wholesaler/${listing}/claim`,
          { method: "document", businessNumber: NUMBER!, contact: "010-0000-0000" },
          { document: { bytes: Buffer.alloc(11 * 1024 * 1024, 7), name: "big.png", type: "image/png" } },
          { cookie: ownerCookie },
        ),
      ),
    );
    expect(huge.status).toBe(413);
    expect(await db().select().from(claimDocuments)).toHaveLength(1);
  });

  test("refused, in Korean, with nothing kept: a renamed script, too big, no file, a wrong number, a bad contact, a closed business", async () => {
    const script = Buffer.from("#!/bin/sh\nrm -rf /\n");
    expect(await request(script, NUMBER!)).toMatchObject({
      ok: false,
      status: 400,
      message: "PNG, JPEG, WebP 그림이나 PDF 파일만 올릴 수 있습니다.",
    });
    expect(await request(Buffer.alloc(11 * 1024 * 1024, 1), NUMBER!)).toMatchObject({
      ok: false,
      status: 400,
      message: "파일은 10MB까지 올릴 수 있습니다.",
    });
    expect(await request(null, NUMBER!)).toMatchObject({ ok: false, message: DOCUMENT_WORDS.noFile });
    expect(await request(png, "")).toMatchObject({ ok: false, message: DOCUMENT_WORDS.noNumber });
    expect(await request(png, "123-45-67890")).toMatchObject({ ok: false, status: 400 });
    expect(await request(png, NUMBER!, "아무개")).toMatchObject({ ok: false, message: DOCUMENT_WORDS.contact });
    // A listing with a number: the document must show that one.
    await db().update(wholesalers).set({ businessNumber: NUMBER }).where(eq(wholesalers.id, listing));
    expect(await request(png, OTHER!)).toMatchObject({ ok: false, message: DOCUMENT_WORDS.otherNumber });
    // The 국세청 says 폐업자.
    await db()
      .insert(officialRecords)
      .values({ wholesalerId: listing, businessNumber: NUMBER, ntsState: "closed", ntsCheckedAt: new Date() });
    expect(await request(png, "")).toMatchObject({ ok: false, status: 403, message: DOCUMENT_WORDS.closed });
    // A waiting listing cannot be claimed.
    const waiting = await createWholesaler({ ...base, name: "대기도매", siteUrl: "https://wait.co.kr" });
    await db().update(wholesalers).set({ status: "review" }).where(eq(wholesalers.id, waiting));
    expect(await request(png, OTHER!, "010-1234-5678", waiting)).toMatchObject({ ok: false, status: 403 });
    expect(await db().select().from(claimDocuments)).toEqual([]);
    expect(await db().select().from(evidenceFiles)).toEqual([]);
  });

  test("a PDF with JavaScript is kept as sent and only ever handed out as a download", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF");
    expect((await request(pdf, NUMBER!)).ok).toBe(true);
    const [claim] = await db().select().from(claimDocuments);
    const file = (await callLoader(getRequest(`/admin/evidence/${claim!.evidenceFileId}`, { cookie: adminCookie }))) as Response;
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("the decision", () => {
  test("승인: the account manages the listing, a listing without a number takes the document's, the file goes in 30 days", async () => {
    await request(png, NUMBER!);
    const [claim] = await db().select().from(claimDocuments);
    expect(await approveClaim(claim!.id, admin())).toMatchObject({ ok: true });
    expect(await isManagerOf(ownerId, listing)).toBe(true);
    const [manager] = await db().select().from(wholesalerManagers);
    expect(manager).toMatchObject({ method: "document" });
    const [row] = await db().select({ number: wholesalers.businessNumber }).from(wholesalers).where(eq(wholesalers.id, listing));
    expect(row?.number).toBe(NUMBER);
    const changes = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.wholesalerId, listing));
    expect(changes.filter((change) => change.source === "claim-document")).toMatchObject([
      { actorId: adminId, changes: [{ field: "businessNumber", before: "", after: NUMBER }] },
    ]);
    const [file] = await db().select().from(evidenceFiles);
    const days = (file!.deleteAfter!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Decided once.
    expect(await approveClaim(claim!.id, admin())).toMatchObject({ ok: false, message: DOCUMENT_WORDS.decided });
  });

  test("승인 is refused when the 국세청 has since said 폐업자; the admin page shows the state stored now", async () => {
    await request(png, NUMBER!);
    const [claim] = await db().select().from(claimDocuments);
    expect(claim?.ntsState).toBeNull();
    await db()
      .insert(officialRecords)
      .values({ wholesalerId: listing, businessNumber: NUMBER, ntsState: "closed", ntsCheckedAt: new Date() });
    const page = asResponse(await callLoader(getRequest("/admin/claims", { cookie: adminCookie })));
    expect((page.data as { items: { currentNtsState: string | null }[] }).items[0]?.currentNtsState).toBe("closed");
    expect(await approveClaim(claim!.id, admin())).toMatchObject({ ok: false, message: DOCUMENT_WORDS.closed });
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    const [after] = await db().select().from(claimDocuments);
    expect(after?.state).toBe("pending");
  });

  test("two admins approving at once add one manager", async () => {
    await request(png, NUMBER!);
    const [claim] = await db().select().from(claimDocuments);
    const outcomes = await Promise.all([approveClaim(claim!.id, admin()), approveClaim(claim!.id, admin(secondAdminId))]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await db().select().from(wholesalerManagers)).toHaveLength(1);
    const changes = await db().select().from(wholesalerChanges).where(eq(wholesalerChanges.wholesalerId, listing));
    expect(changes.filter((change) => change.source === "claim-document")).toHaveLength(1);
  });

  test("반려 mails the reason; an empty reason is refused; the file goes in 30 days", async () => {
    await request(png, NUMBER!);
    const [claim] = await db().select().from(claimDocuments);
    expect(await rejectClaim(claim!.id, { id: adminId }, "  ")).toMatchObject({ ok: false, message: DOCUMENT_WORDS.reason });
    expect(await rejectClaim(claim!.id, { id: adminId }, "서류의 상호가 도매처와 다릅니다.")).toMatchObject({ ok: true });
    await backgroundSettled();
    const mail = smtp.received.filter((received) => received.to.includes("owner@docclaim.test")).at(-1);
    expect(mailText(mail!)).toContain("서류의 상호가 도매처와 다릅니다.");
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    const [file] = await db().select().from(evidenceFiles);
    expect(file!.deleteAfter).not.toBeNull();
    // A new request may follow.
    expect((await request(png, NUMBER!)).ok).toBe(true);
  });

  test("/admin/claims: admins only, for the page and for replayed forms", async () => {
    await request(png, NUMBER!);
    const [claim] = await db().select().from(claimDocuments);
    const page = asResponse(await callLoader(getRequest("/admin/claims", { cookie: adminCookie })));
    expect((page.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([claim!.id]);
    const plain = await caught(() => callLoader(getRequest("/admin/claims", { cookie: ownerCookie })));
    expect(plain.status).toBe(302);
    for (const intent of ["approve", "reject"]) {
      const fields = { intent, id: String(claim!.id), reason: "x" };
      expect(await caught(() => callAction(formRequest("/admin/claims", fields, { cookie: ownerCookie })))).toMatchObject({ status: 403 });
      expect(await caught(() => callAction(formRequest("/admin/claims", fields)))).toMatchObject({ status: 401 });
    }
    expect(await isManagerOf(ownerId, listing)).toBe(false);
    const approved = await caught(() =>
      callAction(formRequest("/admin/claims", { intent: "approve", id: String(claim!.id) }, { cookie: adminCookie })),
    );
    expect(approved.status).toBe(302);
    expect(await isManagerOf(ownerId, listing)).toBe(true);
    // Bad input: a Korean message, never a 500.
    const bad = await caught(() => callAction(formRequest("/admin/claims", { intent: "approve", id: "abc" }, { cookie: adminCookie })));
    expect(bad.status).toBe(302);
  });
});
