import { type AtomFeed, atomXml } from "#app/lib/atom-feed.ts";
import { env } from "#app/lib/env.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { FEED_ENTRIES, newsWords, UPDATES_DAYS, updatesHref } from "./update-kinds.ts";
import { latestUpdates } from "./updates.server.ts";

/** /updates.xml: the newest news of the last 30 days (one category's with `?category=`), as Atom 1.0. */
export async function updatesFeed(category: string, now = new Date()): Promise<string> {
  const base = env().publicUrl;
  const { siteName } = siteConfig();
  const updates = await latestUpdates({ category, limit: FEED_ENTRIES, now });
  const feed: AtomFeed = {
    id: `${base}${updatesHref(category, "/updates.xml")}`,
    title: `${siteName} 최근 업데이트${category ? ` (${category})` : ""}`,
    subtitle: `최근 ${UPDATES_DAYS}일 동안 새로 등록된 도매처와 확인된 위탁 조건입니다.`,
    selfLink: `${base}${updatesHref(category, "/updates.xml")}`,
    pageLink: `${base}${updatesHref(category)}`,
    author: siteName,
    updated: updates[0]?.newsAt ?? now,
    entries: updates.map((update) => {
      const name = update.name.trim() || "이름 없음";
      const words = newsWords(update);
      return {
        id: `${base}/wholesaler/${update.id}#news-${update.newsAt.getTime()}`,
        title: `${name}: ${words}`,
        link: `${base}/wholesaler/${update.id}`,
        updated: update.newsAt,
        summary: [words, update.category, update.summary.trim()].filter(Boolean).join(" · "),
        categories: update.category ? [update.category] : [],
      };
    }),
  };
  return atomXml(feed);
}
