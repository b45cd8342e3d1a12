import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { db } from "#app/db/client.server.ts";
import { sellerNotes, user } from "#app/db/schema.ts";
import { createNoteAction, deleteNoteAction, updateNoteAction } from "#app/features/notes/note-actions.server.ts";
import { NoteBody } from "#app/features/notes/note-body.tsx";
import { listNotes } from "#app/features/notes/notes.server.ts";
import { setDisplayName } from "#app/features/users/account.server.ts";
import { loader as detailLoader } from "#app/routes/notes/note-detail.tsx";
import { loader as listLoader } from "#app/routes/notes/note-list.tsx";
import { OWN_XSS, xssCorpora } from "#tests/corpora.ts";
import { signedUpAccount, signedUpAdmin } from "#tests/factories.ts";
import { asResponse, caught, formRequest, getRequest } from "#tests/request.ts";
import { callAction, callLoader } from "#tests/routes.ts";
import { withTestDatabase } from "#tests/test-database.ts";

withTestDatabase();

let accounts = 0;
async function signedIn({ admin }: { admin: boolean }) {
  accounts += 1;
  const email = `${admin ? "admin" : "user"}-${accounts}@example.com`;
  const account = admin ? await signedUpAdmin(email) : await signedUpAccount(email);
  return { email, cookie: account.cookie };
}

// Loaders are called the way React Router calls them; they read only request and params.
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function userIdOf(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

async function notesTitled(title: string) {
  return db().select().from(sellerNotes).where(eq(sellerNotes.title, title));
}

test("an admin writes, edits and deletes a note; edits keep createdAt and move updatedAt", async () => {
  const admin = await signedIn({ admin: true });
  const created = asResponse(
    await createNoteAction(
      formRequest(
        "/admin/sellernote-add",
        { title: "  첫 노트  ", content: "<p>본문 <strong>굵게</strong><script>alert(1)</script></p><ul><li>하나</li></ul>" },
        { cookie: admin.cookie },
      ),
    ),
  );
  expect(created.status).toBe(302);
  expect(created.location).toBe("/sellernote");
  expect(created.headers.get("Set-Cookie")).toContain("flash=");

  const [stored] = await notesTitled("첫 노트");
  expect(stored?.content).toBe("<p>본문 <strong>굵게</strong></p><ul><li>하나</li></ul>");
  expect(stored?.authorId).toBe(await userIdOf(admin.email));
  expect(stored?.createdAt).toBeInstanceOf(Date);

  await new Promise((resolve) => setTimeout(resolve, 20));
  const edited = asResponse(
    await updateNoteAction(
      formRequest(
        `/admin/sellernote-edit/${stored!.id}`,
        { title: "고친 노트", content: "<h2>소제목</h2><p>고친 본문</p>", createdAt: "2001-01-01" },
        { cookie: admin.cookie },
      ),
      String(stored!.id),
    ),
  );
  expect(edited.location).toBe(`/sellernote/${stored!.id}`);
  const [after] = await notesTitled("고친 노트");
  expect(after?.id).toBe(stored!.id);
  expect(after?.content).toBe("<h2>소제목</h2><p>고친 본문</p>");
  expect(after?.createdAt?.getTime()).toBe(stored!.createdAt!.getTime());
  expect(after!.updatedAt.getTime()).toBeGreaterThan(stored!.updatedAt.getTime());
  expect(after?.authorId).toBe(stored?.authorId);

  // Without confirm=1 the server asks (200, the question) and the note stays.
  const asked = await caught(() =>
    deleteNoteAction(formRequest(`/sellernote/${stored!.id}`, { intent: "delete" }, { cookie: admin.cookie }), String(stored!.id)),
  );
  expect(asked.status).toBe(200);
  expect(asked.data).toMatchObject({ ok: false, message: "정말 삭제하시겠습니까?", values: { intent: "delete" } });
  expect(await notesTitled("고친 노트")).toHaveLength(1);
  const deleted = asResponse(
    await deleteNoteAction(
      formRequest(`/sellernote/${stored!.id}`, { intent: "delete", confirm: "1" }, { cookie: admin.cookie }),
      String(stored!.id),
    ),
  );
  expect(deleted.location).toBe("/sellernote");
  expect(await notesTitled("고친 노트")).toHaveLength(0);
});

test("non-admins and anonymous visitors cannot write: 403/401 and nothing stored or changed", async () => {
  const admin = await signedIn({ admin: true });
  const user = await signedIn({ admin: false });
  await createNoteAction(
    formRequest("/admin/sellernote-add", { title: "관리자 글", content: "<p>원래 본문</p>" }, { cookie: admin.cookie }),
  );
  const [note] = await notesTitled("관리자 글");

  const add = await caught(() =>
    createNoteAction(formRequest("/admin/sellernote-add", { title: "몰래 쓴 글", content: "<p>x</p>" }, { cookie: user.cookie })),
  );
  expect(add.status).toBe(403);
  const anonymousAdd = await caught(() =>
    createNoteAction(formRequest("/admin/sellernote-add", { title: "몰래 쓴 글", content: "<p>x</p>" })),
  );
  expect(anonymousAdd.status).toBe(401);
  expect(await notesTitled("몰래 쓴 글")).toHaveLength(0);

  // The edit page stands in the admin layout: the request goes through its check, as React Router runs it.
  const edit = await caught(() =>
    callAction(formRequest(`/admin/sellernote-edit/${note!.id}`, { title: "바뀐 제목", content: "<p>바뀜</p>" }, { cookie: user.cookie })),
  );
  expect(edit.status).toBe(403);
  const remove = await caught(() =>
    deleteNoteAction(formRequest(`/sellernote/${note!.id}`, { intent: "delete" }, { cookie: user.cookie }), String(note!.id)),
  );
  expect(remove.status).toBe(403);
  const anonymousRemove = await caught(() =>
    deleteNoteAction(formRequest(`/sellernote/${note!.id}`, { intent: "delete" }), String(note!.id)),
  );
  expect(anonymousRemove.status).toBe(401);
  const [unchanged] = await notesTitled("관리자 글");
  expect(unchanged?.content).toBe("<p>원래 본문</p>");
});

test("blank titles or bodies get 400 with the contract's message and store nothing", async () => {
  const admin = await signedIn({ admin: true });
  const before = (await listNotes()).total;
  const blanks = [
    { title: "", content: "<p>본문</p>" },
    { title: "   ", content: "<p>본문</p>" },
    { title: "제목", content: "" },
    { title: "제목", content: "<p></p>" },
    { title: "제목", content: "<p>   </p><p><br></p>" },
    // Only markup the sanitiser removes: blank once it is clean.
    { title: "제목", content: "<p><script>alert(1)</script></p><iframe src=x></iframe>" },
  ];
  for (const fields of blanks) {
    const res = asResponse(await createNoteAction(formRequest("/admin/sellernote-add", fields, { cookie: admin.cookie })));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, message: "제목과 내용을 모두 입력해 주세요.", values: fields });
  }
  const missing = asResponse(await createNoteAction(formRequest("/admin/sellernote-add", {}, { cookie: admin.cookie })));
  expect(missing.status).toBe(400);
  expect((await listNotes()).total).toBe(before);

  await createNoteAction(formRequest("/admin/sellernote-add", { title: "고칠 글", content: "<p>본문</p>" }, { cookie: admin.cookie }));
  const [note] = await notesTitled("고칠 글");
  const blankEdit = asResponse(
    await updateNoteAction(
      formRequest(`/admin/sellernote-edit/${note!.id}`, { title: "고칠 글", content: "<p> </p>" }, { cookie: admin.cookie }),
      String(note!.id),
    ),
  );
  expect(blankEdit.status).toBe(400);
  expect((await notesTitled("고칠 글"))[0]?.content).toBe("<p>본문</p>");
});

test("unknown or malformed ids: edit says the note does not exist, detail goes back to the list", async () => {
  const admin = await signedIn({ admin: true });
  const missingEdit = asResponse(
    await updateNoteAction(
      formRequest("/admin/sellernote-edit/999999", { title: "t", content: "<p>c</p>" }, { cookie: admin.cookie }),
      "999999",
    ),
  );
  expect(missingEdit.status).toBe(404);
  expect(missingEdit.data).toMatchObject({ message: "존재하지 않는 게시글입니다." });
  const malformedEdit = await caught(() =>
    updateNoteAction(formRequest("/admin/sellernote-edit/abc", { title: "t", content: "<p>c</p>" }, { cookie: admin.cookie }), "abc"),
  );
  expect(malformedEdit.status).toBe(404);

  for (const id of ["999999", "0", "-1", "1.5", "abc", "99999999999", "1 OR 1=1"]) {
    const detail = await caught(() => detailLoader(args(getRequest(`/sellernote/${encodeURIComponent(id)}`), { id })));
    expect(detail.status).toBe(302);
    expect(detail.location).toBe("/sellernote");
    const edit = await caught(() => callLoader(getRequest(`/admin/sellernote-edit/${encodeURIComponent(id)}`, { cookie: admin.cookie })));
    expect(edit.status).toBe(404);
    expect(edit.data).toEqual({ note: null });
  }
});

test("the write page: anonymous goes to /login, a signed-in non-admin sees the lock (403)", async () => {
  const anonymous = await caught(() => callLoader(getRequest("/admin/sellernote-add")));
  expect(anonymous.status).toBe(302);
  expect(anonymous.location).toBe("/login?redirectTo=%2Fadmin%2Fsellernote-add");
  const user = await signedIn({ admin: false });
  const locked = await caught(() => callLoader(getRequest("/admin/sellernote-add", { cookie: user.cookie })));
  expect(locked.status).toBe(403);
  expect(locked.data).toEqual({ locked: true });
  const admin = await signedIn({ admin: true });
  expect((await caught(() => callLoader(getRequest("/admin/sellernote-add", { cookie: admin.cookie })))).data).toEqual({
    locked: false,
  });
});

test("stored HTML is sanitised again when the note page renders it", async () => {
  // A row written around the app (an old import, a manual fix in the database) is still made safe.
  const [row] = await db()
    .insert(sellerNotes)
    .values({
      title: "오래된 글",
      content: '<p onclick="alert(1)">본문</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">링크</a>',
    })
    .returning();
  const res = asResponse(await detailLoader(args(getRequest(`/sellernote/${row!.id}`), { id: String(row!.id) })));
  const data = res.data as { note: { html: string; author: string }; jsonLd: Record<string, unknown> };
  expect(data.note.html).toBe("<p>본문</p>링크");
  expect(data.note.author).toBe("관리자");
  expect(data.jsonLd).toMatchObject({ "@type": "Article", headline: "오래된 글" });
  const markup = renderToStaticMarkup(NoteBody({ html: data.note.html }));
  expect(markup).not.toMatch(/onclick|onerror|javascript:/);
});

test("OWASP XSS vectors saved as notes render without script, handlers or unsafe URLs", async () => {
  const vectors = xssCorpora().find((corpus) => corpus.file === "owasp-xss-filter-evasion-vectors.jsonl")?.payloads ?? OWN_XSS;
  const admin = await signedIn({ admin: true });
  for (const [i, vector] of vectors.entries()) {
    const title = `XSS ${i}`;
    // Some vectors are nothing but markup: those are refused as blank, which is also safe.
    const res = asResponse(
      await createNoteAction(formRequest("/admin/sellernote-add", { title, content: `<p>벡터</p>${vector}` }, { cookie: admin.cookie })),
    );
    expect(res.status).toBe(302);
    const [note] = await notesTitled(title);
    const page = asResponse(await detailLoader(args(getRequest(`/sellernote/${note!.id}`), { id: String(note!.id) })));
    const markup = renderToStaticMarkup(NoteBody({ html: (page.data as { note: { html: string } }).note.html }));
    for (const tag of markup.match(/<[^>]*>/g) ?? []) {
      expect(tag).not.toMatch(/^<\/?(script|iframe|object|embed|base|form|meta|svg|style|link)\b/i);
      expect(tag).not.toMatch(/\son\w+\s*=/i);
      expect(tag).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
    }
  }
});

test("the list is newest first, 20 a page, with excerpts and undated notes last", async () => {
  const admin = await signedIn({ admin: true });
  await db().delete(sellerNotes);
  const base = Date.UTC(2026, 10, 1);
  await db()
    .insert(sellerNotes)
    .values(
      Array.from({ length: 23 }, (_, i) => ({
        title: `노트 ${String(i).padStart(2, "0")}`,
        content: `<h2>제목 ${i}</h2><p>내용 &amp; <strong>요약</strong> ${i}</p>`,
        createdAt: new Date(base + i * 86_400_000),
      })),
    );
  await db().insert(sellerNotes).values({ title: "날짜 없는 노트", content: "<p>예전 글</p>", createdAt: null });

  const first = asResponse(await listLoader(args(getRequest("/sellernote"))));
  const page1 = first.data as Awaited<ReturnType<typeof listNotes>> & { isAdmin: boolean; canonical: string };
  expect(page1.total).toBe(24);
  expect(page1.pageCount).toBe(2);
  expect(page1.notes).toHaveLength(20);
  expect(page1.notes[0]?.title).toBe("노트 22");
  expect(page1.notes[0]?.excerpt).toBe("제목 22 내용 & 요약 22");
  expect(page1.isAdmin).toBe(false);
  expect(page1.canonical).toMatch(/\/sellernote$/);

  const second = asResponse(await listLoader(args(getRequest("/sellernote?page=2", { cookie: admin.cookie }))));
  const page2 = second.data as typeof page1;
  expect(page2.notes.map((n) => n.title)).toEqual(["노트 02", "노트 01", "노트 00", "날짜 없는 노트"]);
  expect(page2.notes[3]?.createdAt).toBeNull();
  expect(page2.isAdmin).toBe(true);
  for (const odd of ["0", "-3", "abc", "1e3"]) {
    expect((asResponse(await listLoader(args(getRequest(`/sellernote?page=${odd}`)))).data as typeof page1).page).toBe(1);
  }
});

test("a note shows its author by display name, `관리자` until one is chosen, and never the author's e-mail (docs/spec/decisions.md 29)", async () => {
  const admin = await signedIn({ admin: true });
  await createNoteAction(formRequest("/admin/sellernote-add", { title: "작성자 표시", content: "<p>본문</p>" }, { cookie: admin.cookie }));
  const [note] = await notesTitled("작성자 표시");
  const detail = async () => asResponse(await detailLoader(args(getRequest(`/sellernote/${note!.id}`), { id: String(note!.id) })));

  const before = await detail();
  expect((before.data as { note: { author: string } }).note.author).toBe("관리자");
  expect(JSON.stringify(before.data)).not.toContain(admin.email);

  await setDisplayName((await userIdOf(admin.email))!, "도매온 운영팀");
  const after = await detail();
  expect((after.data as { note: { author: string } }).note.author).toBe("도매온 운영팀");
  expect(JSON.stringify(after.data)).not.toContain(admin.email);
  // The note table itself holds no address.
  expect(JSON.stringify(await notesTitled("작성자 표시"))).not.toContain("@");
});
