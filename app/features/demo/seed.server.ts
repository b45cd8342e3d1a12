import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { appMeta, externalProducts, products, sellerNotes, supplierNews, user, wholesalers } from "#app/db/schema.ts";
import { sanitizeNoteHtml } from "#app/features/notes/note-html.server.ts";
import { siteHostOf } from "#app/features/wholesalers/site-host.ts";
import { searchFields } from "#app/platform/search/korean-search.ts";
import { demoExternalProducts } from "#content/demo/external-products.ts";
import { demoProducts } from "#content/demo/products.ts";
import { demoSellerNotes } from "#content/demo/seller-notes.ts";
import { demoSellers } from "#content/demo/sellers.ts";
import { demoWholesalers } from "#content/demo/wholesalers.ts";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Demo content on the very first start only: once recorded, a database an operator has emptied on
 * purpose stays empty after a restart.
 */
export async function seedDemoIfFirstStart() {
  const [flag] = await db().select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (flag) return false;
  const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(wholesalers);
  if (n === 0) await seedDemo();
  else await db().insert(appMeta).values({ key: SEEDED_KEY, value: "skipped: not empty" }).onConflictDoNothing();
  return n === 0;
}

/** Loads every demo table in one transaction (`npm run db:seed` calls this too). */
export async function seedDemo() {
  const now = Date.now();
  await db().transaction(async (tx) => {
    const sellerIds: string[] = [];
    for (const seller of demoSellers) {
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, seller.email));
      if (existing) {
        sellerIds.push(existing.id);
        continue;
      }
      // Demo owners have no password account: they own products but nobody can sign in as them.
      const id = randomUUID();
      await tx.insert(user).values({ id, name: seller.name, email: seller.email, role: "user" });
      sellerIds.push(id);
    }

    const suppliers = await tx
      .insert(wholesalers)
      .values(
        demoWholesalers
          // `source` is the content's own record of where a row came from (demo-types.ts), not a column.
          .map(({ terms, source: _source, ...w }, i) => ({
            ...w,
            ...terms,
            siteHost: siteHostOf(w.siteUrl),
            // Nobody has viewed a demo supplier yet: made-up counts would look real and decide 인기순.
            views: 0,
            ...searchFields(w.name),
            createdAt: new Date(now - i * 3_600_000),
          }))
          // Inserted last first, so the list's first supplier also has the highest id: with every count at 0,
          // 인기순 (views, then the newest id) shows the demo list in its own order, as 최신순 does.
          .reverse(),
      )
      .returning({ id: wholesalers.id, createdAt: wholesalers.createdAt });
    // What is new on /updates (docs/decisions/0053): the demo suppliers, new when they were added, and already looked
    // at by the saved searches (nobody saved one before the demo existed).
    await tx
      .insert(supplierNews)
      .values(suppliers.map(({ id, createdAt }) => ({ wholesalerId: id, newAt: createdAt, newsAt: createdAt, unmatched: false })));

    await tx.insert(products).values(
      demoProducts.map((p, i) => ({
        name: p.name,
        summary: p.summary,
        price: p.price,
        siteUrl: p.siteUrl,
        createdBy: sellerIds[p.owner % sellerIds.length],
        ...searchFields(p.name),
        createdAt: new Date(now - i * 5_400_000),
      })),
    );

    await tx
      .insert(externalProducts)
      .values(demoExternalProducts.map((p, i) => ({ ...p, ...searchFields(p.title), createdAt: new Date(now - i * 7_200_000) })));

    await tx.insert(sellerNotes).values(
      // Demo notes go through the same allowlist as an admin's note (docs/decisions/0008).
      demoSellerNotes.map((n) => ({
        title: n.title,
        content: sanitizeNoteHtml(n.content),
        createdAt: new Date(now - n.daysAgo * 86_400_000),
      })),
    );

    await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date(now).toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date(now).toISOString() } });
  });
}
