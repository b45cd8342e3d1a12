import { readLimitedForm } from "#app/lib/limited-form.server.ts";
import { eq, inArray, sql } from "drizzle-orm";
import { type Db, db, type Tx } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { searchFields } from "#app/features/search/korean-search.ts";
import { siteHostOf } from "./site-host.ts";
import { type ImportField, type ImportRow, MAX_IMPORT_BYTES, tooLargeMessage } from "./wholesaler-import-file.ts";
import { type AdminWholesalerInput, adminWholesalerSchema } from "./wholesaler-schema.ts";

/**
 * Hosts where many different suppliers live side by side (portal blogs and stores, social networks,
 * wikis, job and business directories): on these the page, not the host, tells suppliers apart.
 */
const SHARED_HOSTS = new Set([
  "blog.naver.com",
  "m.blog.naver.com",
  "cafe.naver.com",
  "m.cafe.naver.com",
  "smartstore.naver.com",
  "m.smartstore.naver.com",
  "brand.naver.com",
  "post.naver.com",
  "instagram.com",
  "facebook.com",
  "youtube.com",
  "band.us",
  "linktr.ee",
  "namu.wiki",
  "saramin.co.kr",
  "jobkorea.co.kr",
  "m.jobkorea.co.kr",
  "incruit.com",
  "114.co.kr",
  "bizno.net",
]);

/**
 * What makes two addresses the same supplier: the site host (`https://www.Domeggook.com/main` and
 * `http://domeggook.com` match), or host + page on a shared host. "" when the address has no host.
 */
export function supplierKey(url: string) {
  const host = siteHostOf(url);
  if (!host) return "";
  if (!SHARED_HOSTS.has(host) && !host.endsWith(".wikipedia.org")) return host;
  const parsed = new URL(url);
  return `${host}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`;
}

const FIELD_LABELS: Record<ImportField, string> = {
  name: "이름",
  category: "카테고리",
  siteUrl: "사이트 URL",
  contact: "연락처",
  logoUrl: "로고 URL",
  summary: "요약",
};

export type ImportChange = { field: ImportField; label: string; before: string; after: string };
export type ImportPlan = {
  add: { row: number; values: AdminWholesalerInput }[];
  update: { row: number; id: number; name: string; changes: ImportChange[] }[];
  unchanged: { row: number; id: number; name: string }[];
  refused: { row: number; name: string; reason: string }[];
};

type Existing = AdminWholesalerInput & { id: number };
type Valid = { row: number; values: AdminWholesalerInput; given: ImportField[]; key: string; host: string };

/** Checks each row on its own and against the rows before it in the file. */
function validateRows(rows: ImportRow[], plan: ImportPlan): Valid[] {
  const firstRowOfKey = new Map<string, number>();
  const valid: Valid[] = [];
  for (const { row, values, problem } of rows) {
    const name = (values.name ?? "").trim();
    const refuse = (reason: string) => plan.refused.push({ row, name, reason });
    if (problem) {
      refuse(problem);
      continue;
    }
    if (!name) {
      refuse("이름이 없습니다.");
      continue;
    }
    if (!(values.siteUrl ?? "").trim()) {
      refuse("사이트 주소가 없습니다.");
      continue;
    }
    const parsed = adminWholesalerSchema.safeParse({
      name,
      category: values.category ?? "",
      siteUrl: values.siteUrl ?? "",
      contact: values.contact ?? "",
      logoUrl: values.logoUrl ?? "",
      summary: values.summary ?? "",
    });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? "값이 올바르지 않습니다.");
      continue;
    }
    const key = supplierKey(parsed.data.siteUrl);
    if (!key) {
      refuse("사이트 주소에서 도메인을 찾을 수 없습니다.");
      continue;
    }
    const first = firstRowOfKey.get(key);
    if (first !== undefined) {
      refuse(`파일 안에서 중복된 사이트입니다. (${first}행과 같은 주소)`);
      continue;
    }
    firstRowOfKey.set(key, row);
    const given = (Object.keys(FIELD_LABELS) as ImportField[]).filter((field) => (values[field] ?? "").trim() !== "");
    valid.push({ row, values: parsed.data, given, key, host: siteHostOf(parsed.data.siteUrl) });
  }
  return valid;
}

/** Existing suppliers by supplier key (the oldest one when several share a key). */
async function existingByKey(reader: Db | Tx, siteHosts: string[]) {
  const hosts = [...new Set(siteHosts)];
  const found = new Map<string, Existing>();
  for (let i = 0; i < hosts.length; i += 500) {
    const rows = await reader
      .select({
        id: wholesalers.id,
        name: wholesalers.name,
        category: wholesalers.category,
        siteUrl: wholesalers.siteUrl,
        website: wholesalers.website,
        contact: wholesalers.contact,
        logoUrl: wholesalers.logoUrl,
        image: wholesalers.image,
        summary: wholesalers.summary,
      })
      .from(wholesalers)
      .where(inArray(wholesalers.siteHost, hosts.slice(i, i + 500)))
      .orderBy(wholesalers.id);
    for (const { website, image, ...row } of rows) {
      const existing = { ...row, siteUrl: row.siteUrl || website, logoUrl: row.logoUrl || image };
      const key = supplierKey(existing.siteUrl);
      if (key && !found.has(key)) found.set(key, existing);
    }
  }
  return found;
}

async function planImport(reader: Db | Tx, rows: ImportRow[]): Promise<ImportPlan> {
  const plan: ImportPlan = { add: [], update: [], unchanged: [], refused: [] };
  const valid = validateRows(rows, plan);
  const existing = await existingByKey(
    reader,
    valid.map((v) => v.host),
  );
  for (const { row, values, given, key } of valid) {
    const match = existing.get(key);
    if (!match) {
      plan.add.push({ row, values });
      continue;
    }
    // Only what the file fills in is compared and written: an empty cell never erases stored data.
    const changes = given
      .filter((field) => values[field] !== match[field])
      .map((field) => ({ field, label: FIELD_LABELS[field], before: match[field], after: values[field] }));
    if (changes.length) plan.update.push({ row, id: match.id, name: match.name, changes });
    else plan.unchanged.push({ row, id: match.id, name: match.name });
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return plan;
}

/** What an import would do, without writing anything. */
export function previewImport(rows: ImportRow[]) {
  return planImport(db(), rows);
}

// PGlite runs queries on the main thread: a long import gives timers and health checks a turn now and then.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Applies an import in one transaction, re-checking every row against the database as it is now
 * (the preview may be stale). Running the same file again finds nothing to add or change.
 */
export async function applyImport(rows: ImportRow[]): Promise<ImportPlan> {
  return db().transaction(async (tx) => {
    // Two imports at once would both add the same new supplier: they take turns instead.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wholesaler-import'))`);
    const plan = await planImport(tx, rows);
    for (let i = 0; i < plan.add.length; i += 100) {
      await tx.insert(wholesalers).values(
        plan.add.slice(i, i + 100).map(({ values }) => ({
          name: values.name,
          category: values.category,
          contact: values.contact,
          summary: values.summary,
          siteUrl: values.siteUrl,
          website: values.siteUrl,
          siteHost: siteHostOf(values.siteUrl),
          logoUrl: values.logoUrl,
          image: values.logoUrl,
          ...searchFields(values.name),
        })),
      );
      await yieldToEventLoop();
    }
    for (const [i, { id, changes }] of plan.update.entries()) {
      const set: Partial<typeof wholesalers.$inferInsert> = { updatedAt: new Date() };
      for (const { field, after } of changes) {
        set[field] = after;
        if (field === "name") Object.assign(set, searchFields(after));
        if (field === "siteUrl") Object.assign(set, { website: after, siteHost: siteHostOf(after) });
        if (field === "logoUrl") set.image = after;
      }
      await tx.update(wholesalers).set(set).where(eq(wholesalers.id, id));
      if (i % 50 === 49) await yieldToEventLoop();
    }
    return plan;
  });
}

export type ImportFormResult = { ok: true; form: FormData } | { ok: false; status: 400 | 413; error: string };

/** Reads an upload form, refusing bodies over the import limit before buffering them. */
export async function readImportForm(request: Request): Promise<ImportFormResult> {
  // Room for the multipart framing and the form's other fields around the file itself.
  const read = await readLimitedForm(request, MAX_IMPORT_BYTES + 64 * 1024);
  if (read.ok) return read;
  if (read.reason === "too-large") return { ok: false, status: 413, error: tooLargeMessage() };
  return { ok: false, status: 400, error: "보낸 내용을 읽을 수 없습니다. 파일을 다시 선택해주세요." };
}
