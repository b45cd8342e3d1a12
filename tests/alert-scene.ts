import { eq } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import { db } from "#app/db/client.server.ts";
import { alertDigests, alertSettings, favorites, jobs, user, wholesalerChanges, wholesalers } from "#app/db/schema.ts";
import { UNKNOWN_TERMS } from "#app/features/wholesalers/wholesaler-terms.ts";
import { createWholesaler, saveSupplierTerms } from "#app/features/wholesalers/wholesalers.server.ts";
import { signedUpCookie } from "#tests/factories.ts";
import { useSmtpStandIn } from "#tests/smtp.ts";

export const ALERT_ACCOUNTS = ["fan@alerts.test", "quiet@alerts.test", "stranger@alerts.test", "late@alerts.test"] as const;

/**
 * The 찜 alerts' scene, set anew before each test of a file that calls it (the digest's tests beside the feature,
 * the setting's and the unsubscribe link's beside their routes): four signed-up accounts; `알림몰`, which fan and
 * quiet saved a minute ago, and `다른몰`, which stranger saved; quiet has alerts off; late saved nothing. Mail goes
 * to a stand-in SMTP server.
 */
export function useAlertScene() {
  const smtp = useSmtpStandIn();
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const scene = { smtp, ids, cookies, supplier: 0, other: 0 };

  beforeAll(async () => {
    for (const email of ALERT_ACCOUNTS) {
      cookies[email] = await signedUpCookie(email);
      ids[email] = (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    }
  });

  beforeEach(async () => {
    await db().delete(wholesalers);
    await db().delete(wholesalerChanges);
    await db().delete(alertDigests);
    await db().delete(alertSettings);
    await db().delete(jobs);
    smtp.received.length = 0;
    const base = { category: "패션", contact: "", logoUrl: "", summary: "" };
    scene.supplier = await createWholesaler({ ...base, name: "알림몰", siteUrl: "https://alerts.example.com/" });
    scene.other = await createWholesaler({ ...base, name: "다른몰", siteUrl: "https://other.example.com/" });
    const past = new Date(Date.now() - 60_000);
    await db()
      .insert(favorites)
      .values([
        { userId: ids["fan@alerts.test"]!, wholesalerId: scene.supplier, createdAt: past },
        { userId: ids["quiet@alerts.test"]!, wholesalerId: scene.supplier, createdAt: past },
        { userId: ids["stranger@alerts.test"]!, wholesalerId: scene.other, createdAt: past },
      ]);
    await db().insert(alertSettings).values({ userId: ids["quiet@alerts.test"]!, enabled: false });
  });

  return scene;
}

/** The terms a supplier's manager saves in the scene's tests: 위탁 가능 and 3,000원 shipping, the rest unknown. */
const {
  termsCheckedAt: _checked,
  termsSource: _source,
  ...sceneTerms
} = { ...UNKNOWN_TERMS, dropshipping: "yes" as const, shippingFee: 3000 };
export const SCENE_TERMS = sceneTerms;

/** The supplier's manager saves its terms with `changes` (a change the alerts watch unless it keeps a value). */
export const supplierSaves = (supplier: number, changes: Partial<typeof sceneTerms>, contact = "") =>
  saveSupplierTerms(supplier, { summary: "", contact, terms: { ...sceneTerms, ...changes } }, { id: null, label: "공급사 운영자" });

/** The gathering reads changes at least a few seconds old: the tests look from a little later. */
export const soon = (days = 0) => new Date(Date.now() + 10_000 + days * 86_400_000);
