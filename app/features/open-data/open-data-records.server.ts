import { and, asc, gt } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { type ReportedTermSources, TERM_GROUP_NAMES, type TermGroup, termGroupValue, type WholesalerTerms } from "#app/db/term-values.ts";
import { recordAnswersAmong, recordsEnabled } from "#app/features/official-records/official-records.server.ts";
import { recordRows } from "#app/features/official-records/record-rows.ts";
import { ROW_LABELS } from "#app/features/official-records/record-words.ts";
import { reviewScoresAmong } from "#app/features/reviews/reviews.server.ts";
import { isBusinessVerified, isKnownGroup, TERM_LABELS, termRows, termSourceOf } from "#app/features/wholesalers/wholesaler-terms.ts";
import { publishedOnly, termColumns } from "#app/features/wholesalers/wholesalers.server.ts";
import { env } from "#app/lib/env.server.ts";
import { seoulDay } from "#app/lib/format.ts";
import type { PublicSupplier, PublicTerm } from "./open-data-format.ts";

/**
 * The published suppliers' public facts for /data (docs/decisions/0053), read in batches by id so a file of any size
 * is made in bounded memory: the name, category, site, summary, each term with where it came from and when, the
 * official records' rows and the review score. Nothing about a person: no 연락처 (often a person's phone), no manager,
 * no reviewer, no evidence.
 */

export const OPEN_DATA_BATCH = 500;

/** The terms' columns in the files, in the terms table's order. */
export const TERM_GROUPS_SHOWN: TermGroup[] = TERM_GROUP_NAMES;
export const TERM_LABELS_SHOWN = TERM_GROUPS_SHOWN.map((group) => TERM_LABELS[group]);
/**
 * The rows of `사업자 정보`: the five registry rows while the checks are on, else the one line saying the records were
 * not checked (spec decision 47). The number is a term's column already.
 */
export const RECORD_LABELS: string[] = [
  ROW_LABELS.records,
  ROW_LABELS.nts,
  ROW_LABELS.taxType,
  ROW_LABELS.mailOrder,
  ROW_LABELS.domain,
  ROW_LABELS.checkedAt,
];

const columns = {
  id: wholesalers.id,
  name: wholesalers.name,
  category: wholesalers.category,
  siteUrl: wholesalers.siteUrl,
  summary: wholesalers.summary,
  createdAt: wholesalers.createdAt,
  factMask: wholesalers.factMask,
  ...termColumns,
};

type Row = WholesalerTerms & {
  id: number;
  name: string;
  category: string;
  siteUrl: string;
  summary: string;
  createdAt: Date;
  factMask: number;
  termsSuppliedAt: Date | null;
  termSources: ReportedTermSources;
};

/** One term as the files carry it: its words, and for a known one its source and the day it was read. */
function publicTerm(row: Row, group: TermGroup, words: string): PublicTerm {
  const label = TERM_LABELS[group];
  if (!isKnownGroup(row, group)) return { label, value: words, source: null, checkedOn: null };
  // A seller's report an administrator applied dates its own terms (term-values.ts ReportedTermSource).
  const reported = row.termSources?.[group];
  const checkedOn = reported && reported.value === termGroupValue(row, group) ? reported.day : row.termsCheckedAt;
  return { label, value: words, source: termSourceOf(row, group).value, checkedOn: checkedOn ?? null };
}

/** The next batch of published suppliers after `afterId`, as public records; empty at the end. */
export async function publicSuppliersAfter(afterId: number, limit = OPEN_DATA_BATCH): Promise<PublicSupplier[]> {
  const rows = (await db()
    .select(columns)
    .from(wholesalers)
    .where(and(publishedOnly, gt(wholesalers.id, afterId)))
    .orderBy(asc(wholesalers.id))
    .limit(limit)) as Row[];
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [answers, scores] = await Promise.all([recordAnswersAmong(ids), reviewScoresAmong(ids)]);
  const base = env().publicUrl;
  const enabled = recordsEnabled();
  return rows.map((row) => {
    const words = new Map(termRows(row).map((term) => [term.label, term.value]));
    const records = recordRows({ enabled, answers: answers.get(row.id) ?? null, siteUrl: row.siteUrl });
    return {
      id: row.id,
      name: row.name.trim(),
      category: row.category,
      siteUrl: row.siteUrl,
      summary: row.summary,
      page: `${base}/wholesaler/${row.id}`,
      registeredOn: seoulDay(row.createdAt),
      terms: Object.fromEntries(TERM_GROUPS_SHOWN.map((group) => [group, publicTerm(row, group, words.get(TERM_LABELS[group]) ?? "")])),
      records: Object.fromEntries(records.map((record) => [record.label, record.value])),
      businessVerified: isBusinessVerified(row.factMask),
      reviewScore: scores[row.id] ?? null,
    };
  });
}
