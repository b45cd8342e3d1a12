/**
 * What a wholesaler import does with each row (docs/spec/decisions.md 22), decided without touching the database:
 * the rows of the file and the suppliers already stored go in, one verdict per row comes out. The same
 * rules serve the preview on /admin/import, its apply step and `npm run import:wholesalers`.
 *
 * - `추가`: a new supplier whose address is its own site's front page; published when applied.
 * - `변경`: a known supplier gets what the file adds (never a new name, never https → http, never a
 *   front page replaced by a deeper page, never a filled field emptied).
 * - `검토 필요`: a new supplier whose address needs a person's eye (not its own site, a deep page, an
 *   address other names in the file use too, a known site under another name, no address); applied
 *   only when ticked, and then saved as `검토 대기`, never published.
 * - `중복`: the same supplier again (in the file or already stored), or a same-or-near name on another site.
 * - `오류`: a row that cannot be saved (no name, a bad address, a formula, a value too long).
 */

import { isCategory } from "#app/db/categories.ts";
import type { WholesalerTerms } from "#app/db/term-values.ts";
import { cleanCategoryName, nearestCategory } from "../wholesalers/category-cleanup.ts";
import { type AdminWholesalerInput, adminWholesalerSchema } from "../wholesalers/wholesaler-schema.ts";
import { TERM_LABELS, termRows, UNKNOWN_TERMS } from "../wholesalers/wholesaler-terms.ts";
import { termsToStore, wholesalerTermsSchema } from "../wholesalers/wholesaler-terms-schema.ts";
import { type AddressJudgement, addressProblem, judgeAddress } from "./address-judge.ts";
import { type ImportField, type ImportRow, TERM_IMPORT_FIELDS, type TermImportField } from "./wholesaler-import-file.ts";
import type { RowStatus } from "./wholesaler-import-limits.ts";
import { nameKey } from "./wholesaler-names.ts";

export { ROW_STATUSES, type RowStatus } from "./wholesaler-import-limits.ts";

export const FIELD_LABELS: Record<ImportField, string> = {
  name: "이름",
  category: "카테고리",
  siteUrl: "사이트 URL",
  contact: "연락처",
  logoUrl: "로고 URL",
  summary: "요약",
  ...TERM_LABELS,
};

/**
 * One change of a stored supplier: the words shown (`before`, `after`) and, for a term, the value to store
 * (`value`: a number, a list or a boolean as the table keeps it).
 */
export type ImportChange = {
  field: ImportField;
  label: string;
  before: string;
  after: string;
  value?: unknown;
  /**
   * The stored value is someone's work the file would replace: a written 요약, or a term (or the 연락처) of a
   * listing whose terms its supplier keeps (`공급사 제공`). Never applied by a default: the row is not ticked, and the
   * preview gives this change a checkbox of its own, not ticked.
   */
  curated?: boolean;
};

/** A term as the detail page words it (`가능`, `3,000원`, `상품마다 다름`, `확인 필요`). */
export function termWord(field: TermImportField, value: unknown): string {
  const terms = { ...UNKNOWN_TERMS, [field]: value } as WholesalerTerms;
  const label =
    field === "minOrderVaries"
      ? TERM_LABELS.minOrder
      : field === "shippingFeeVaries" || field === "freeShippingOver"
        ? TERM_LABELS.shippingFee
        : TERM_LABELS[field];
  return termRows(terms).find((row) => row.label === label)?.value ?? String(value ?? "");
}

/** A stored supplier as the planner sees it. */
export type KnownSupplier = {
  id: number;
  name: string;
  siteUrl: string;
  status: "published" | "review";
  category: string;
  contact: string;
  logoUrl: string;
  summary: string;
  /** The stored terms, once the supplier is matched (null before: nothing to compare yet). */
  terms: WholesalerTerms | null;
  /** Its terms are `공급사 제공`: a manager of the listing saved them (features/suppliers). */
  termsSupplied?: boolean;
};

export type PlannedRow = {
  row: number;
  status: RowStatus;
  /** The reasons, in Korean, most important first. */
  reasons: string[];
  /** Has a `가져오기` checkbox (추가, 변경, 검토 필요). */
  applicable: boolean;
  /** Ticked by default (추가, and 변경 unless a change is `curated`). */
  ticked: boolean;
  /** The name as given (trimmed), for showing. */
  name: string;
  /** The address as given, normalised ("" when none or unreadable). */
  siteUrl: string;
  /** What the address is, e.g. `구인구직 사이트(saramin.co.kr)` ("" for a front page). */
  addressLabel: string;
  /** The category to store and, when the cleanup changed it, what the file said. */
  category: string;
  categoryFrom: string;
  /** The stored supplier this row is (변경, 중복 against stored data). */
  target: { id: number; name: string } | null;
  /** 추가 / 검토 필요: what would be inserted. */
  insert: AdminWholesalerInput | null;
  /** 추가 / 검토 필요: the terms to insert (unknown where the file gives none). */
  insertTerms: WholesalerTerms | null;
  /** 변경: what would change. */
  changes: ImportChange[];
};

export type ImportPlan = { rows: PlannedRow[]; counts: Record<RowStatus, number> };

/** Marks of a spreadsheet formula: a cell that starts with one is never stored as a name. */
const FORMULA_START = /^[=+\-@]/;

type Valid = {
  row: number;
  values: AdminWholesalerInput;
  /** The terms the file gives (only its filled term columns; `unknown` and empty are not given). */
  terms: Partial<WholesalerTerms>;
  /** A category no chip has (after the cleanup): the file's name and the nearest chip, stored instead. */
  unknownCategory: { from: string; nearest: string } | null;
  given: Set<ImportField>;
  categoryFrom: string;
  address: AddressJudgement;
  nameKey: string;
  /** The supplier this address names: its own site, or the page itself when it is elsewhere. */
  identity: string;
};

const display = (name: string) => `'${name}'`;

/** `'온채널'과`, `'도매꾹'과`, `'오너클랜'과`, `'도매매'와`: the particle after a quoted name (both forms for Latin endings). */
function quotedWith(name: string, [afterConsonant, afterVowel]: readonly [string, string]) {
  const last = name.trim().at(-1) ?? "";
  const code = last.charCodeAt(0);
  const particle =
    code >= 0xac00 && code <= 0xd7a3 ? ((code - 0xac00) % 28 === 0 ? afterVowel : afterConsonant) : `${afterVowel}(${afterConsonant})`;
  return `${display(name)}${particle}`;
}
const WA = ["과", "와"] as const;
const REUL = ["을", "를"] as const;

function emptyCounts(): Record<RowStatus, number> {
  return { 추가: 0, 변경: 0, "검토 필요": 0, 중복: 0, 오류: 0 };
}

function rowOf(row: number, status: RowStatus, fields: Partial<PlannedRow> = {}): PlannedRow {
  const applicable = status === "추가" || status === "변경" || status === "검토 필요";
  return {
    row,
    status,
    reasons: [],
    applicable,
    ticked: status === "추가" || status === "변경",
    name: "",
    siteUrl: "",
    addressLabel: "",
    category: "",
    categoryFrom: "",
    target: null,
    insert: null,
    insertTerms: null,
    changes: [],
    ...fields,
  };
}

/** A row on its own: readable, a name, no formula, within the form's limits. Null and an 오류 row otherwise. */
function validate(input: ImportRow): { valid: Valid } | { error: PlannedRow } {
  const { row, values, problem } = input;
  const name = (values.name ?? "").trim();
  const error = (reason: string) => ({
    error: rowOf(row, "오류", { name: name.slice(0, 100), siteUrl: (values.siteUrl ?? "").trim().slice(0, 300), reasons: [reason] }),
  });
  if (problem) return error(problem);
  if (!name) return error("이름이 없습니다.");
  if (FORMULA_START.test(name)) return error("이름이 수식(=, +, -, @로 시작)처럼 보여 가져오지 않습니다. 이름을 글자로 고쳐 주세요.");
  for (const field of ["category", "contact", "summary"] as const) {
    const value = (values[field] ?? "").trim();
    if (value.startsWith("=") || (field === "category" && FORMULA_START.test(value))) {
      return error(`${FIELD_LABELS[field]} 값이 수식(=로 시작)처럼 보여 가져오지 않습니다.`);
    }
  }
  const rawCategory = (values.category ?? "").trim();
  const cleanedCategory = rawCategory ? cleanCategoryName(rawCategory) : "";
  // A category no chip leads to would be an orphan: the nearest chip is offered instead, as a problem.
  const unknownCategory =
    cleanedCategory && !isCategory(cleanedCategory) ? { from: rawCategory, nearest: nearestCategory(rawCategory) } : null;
  const parsed = adminWholesalerSchema.safeParse({
    name,
    category: unknownCategory ? unknownCategory.nearest : cleanedCategory,
    siteUrl: values.siteUrl ?? "",
    contact: values.contact ?? "",
    logoUrl: values.logoUrl ?? "",
    summary: values.summary ?? "",
  });
  if (!parsed.success) return error(parsed.error.issues[0]?.message ?? "값이 올바르지 않습니다.");
  // The terms, by the admin form's own schema (the same values and Korean messages).
  const termInput = Object.fromEntries(TERM_IMPORT_FIELDS.map((field) => [field, values[field] ?? ""]));
  const termsParsed = wholesalerTermsSchema.safeParse(termInput);
  if (!termsParsed.success) {
    const issue = termsParsed.error.issues[0];
    return error(issue?.message ?? "위탁 조건 값이 올바르지 않습니다.");
  }
  const stored = termsToStore(termsParsed.data);
  const termGiven = (field: TermImportField) => {
    const text = (values[field] ?? "").trim().toLowerCase();
    return text !== "" && text !== "unknown";
  };
  const terms: Partial<WholesalerTerms> = {};
  for (const field of TERM_IMPORT_FIELDS) if (termGiven(field)) Object.assign(terms, { [field]: stored[field] });
  // A ticked 상품마다 다름 stands instead of its number (termsToStore cleared them).
  if (terms.minOrderVaries) terms.minOrder = null;
  if (terms.shippingFeeVaries) Object.assign(terms, { shippingFee: null, freeShippingOver: null });
  const given = new Set((Object.keys(FIELD_LABELS) as ImportField[]).filter((field) => (values[field] ?? "").trim() !== ""));
  const address = judgeAddress(parsed.data.siteUrl);
  const categoryFrom = rawCategory && parsed.data.category !== rawCategory ? rawCategory : "";
  return {
    valid: {
      row,
      values: parsed.data,
      terms,
      unknownCategory,
      given,
      categoryFrom,
      address,
      nameKey: nameKey(name) || name.toLowerCase(),
      identity: address.siteKey || address.pageKey,
    },
  };
}

const RANK: Record<AddressJudgement["verdict"], number> = { home: 0, deep: 1, elsewhere: 2, missing: 3, invalid: 4 };

/** Known suppliers indexed the ways a row can find one. */
function indexKnown(known: KnownSupplier[]) {
  const bySite = new Map<string, KnownSupplier[]>();
  const byPage = new Map<string, KnownSupplier[]>();
  const byName = new Map<string, KnownSupplier[]>();
  const judged = new Map<number, AddressJudgement>();
  const push = (map: Map<string, KnownSupplier[]>, key: string, supplier: KnownSupplier) => {
    if (!key) return;
    const list = map.get(key);
    if (list) list.push(supplier);
    else map.set(key, [supplier]);
  };
  for (const supplier of known) {
    const address = judgeAddress(supplier.siteUrl);
    judged.set(supplier.id, address);
    push(bySite, address.siteKey, supplier);
    push(byPage, address.pageKey, supplier);
    push(byName, nameKey(supplier.name) || supplier.name.toLowerCase(), supplier);
  }
  return { bySite, byPage, byName, judged };
}

/**
 * Which address the stored supplier keeps: the file's address replaces it only when that is a real
 * improvement (a front page where there was none, or https where there was http on the same page).
 */
function siteDecision(
  stored: string,
  storedJudged: AddressJudgement,
  row: Valid,
  addressShared: boolean,
): { change: boolean; note: string } {
  const next = row.values.siteUrl;
  if (!next || next === stored) return { change: false, note: "" };
  if (row.address.verdict !== "home") {
    return {
      change: false,
      note: stored
        ? `파일의 주소(${row.address.label || "하위 페이지"})는 쓰지 않고 기존 주소를 그대로 둡니다.`
        : `파일의 주소는 ${row.address.label}이라 저장하지 않습니다.`,
    };
  }
  if (stored.startsWith("https://") && next.startsWith("http://")) return { change: false, note: "https 주소를 http로 바꾸지 않습니다." };
  const sameSite = storedJudged.siteKey !== "" && storedJudged.siteKey === row.address.siteKey;
  // A front page where there was none (or only a deeper or wrong page), or https for http on the same site.
  const better = !stored || storedJudged.verdict !== "home" || (sameSite && stored.startsWith("http://") && next.startsWith("https://"));
  if (!better) return { change: false, note: sameSite ? "" : `기존 주소(${stored})를 그대로 둡니다.` };
  if (addressShared) return { change: false, note: "파일의 주소를 다른 이름의 행도 쓰고 있어 기존 주소를 그대로 둡니다." };
  return { change: true, note: "" };
}

function changesFor(target: KnownSupplier, targetAddress: AddressJudgement, row: Valid, addressShared: boolean) {
  const changes: ImportChange[] = [];
  const notes: string[] = [];
  if (row.values.name !== target.name) notes.push(`이름은 기존 ${quotedWith(target.name, REUL)} 그대로 둡니다.`);
  const site = siteDecision(target.siteUrl, targetAddress, row, addressShared);
  if (site.change) changes.push({ field: "siteUrl", label: FIELD_LABELS.siteUrl, before: target.siteUrl, after: row.values.siteUrl });
  if (site.note) notes.push(site.note);
  for (const field of ["category", "contact", "logoUrl", "summary"] as const) {
    const after = row.values[field];
    if (!row.given.has(field) || !after || after === target[field]) continue;
    if (field === "logoUrl" && target.logoUrl.startsWith("https://") && after.startsWith("http://")) continue;
    // A category no chip has is not written over a stored one: the nearest chip is only offered.
    if (field === "category" && row.unknownCategory) {
      notes.push(categoryProblem(row.unknownCategory, "기존 카테고리를 그대로 둡니다"));
      continue;
    }
    // A written summary is an admin's or the supplier's words; the 연락처 of a listing its supplier keeps is theirs.
    const curated = Boolean(target[field].trim()) && (field === "summary" || (field === "contact" && Boolean(target.termsSupplied)));
    changes.push({ field, label: FIELD_LABELS[field], before: target[field], after, ...(curated ? { curated } : {}) });
  }
  // The terms the file gives that differ from the stored ones (a term the file leaves empty is kept).
  const storedTerms = target.terms ?? UNKNOWN_TERMS;
  for (const field of TERM_IMPORT_FIELDS) {
    if (!(field in row.terms)) continue;
    const value = row.terms[field];
    if (JSON.stringify(value ?? null) === JSON.stringify(storedTerms[field] ?? null)) continue;
    changes.push({
      field,
      label: FIELD_LABELS[field],
      before: termWord(field, storedTerms[field]),
      after: termWord(field, value),
      value,
      ...(target.termsSupplied ? { curated: true } : {}),
    });
  }
  return { changes, notes };
}

/** What a 변경 row that would replace curated values says (it is not ticked, nor are those values). */
export const CURATED_NOTE =
  "관리자가 쓴 요약이나 공급사가 직접 관리하는 조건을 바꾸는 행이라 기본으로 가져오지 않습니다. 가져오려면 행과 바꿀 항목을 체크해 주세요.";

/** `카테고리 ‘여성의류’는 목록에 없습니다. 가장 가까운 카테고리: ‘의류’`, then what the import does about it. */
function categoryProblem({ from, nearest }: { from: string; nearest: string }, outcome: string) {
  return `카테고리 ‘${from}’는 목록에 없습니다. 가장 가까운 카테고리는 ‘${nearest}’입니다. ${outcome}.`;
}

/** Decides every row. `known` is every stored supplier (id, name, address and the fields an import may fill). */
export function planRows(rows: ImportRow[], known: KnownSupplier[]): ImportPlan {
  const planned = new Map<number, PlannedRow>();
  const valid: Valid[] = [];
  for (const input of rows) {
    const result = validate(input);
    if ("error" in result) planned.set(input.row, result.error);
    else valid.push(result.valid);
  }
  const inFile = fileDuplicates(valid);
  const index = indexKnown(known);
  for (const v of valid) planned.set(v.row, planValid(v, inFile, index));
  const ordered = [...planned.values()].sort((a, b) => a.row - b.row);
  const counts = emptyCounts();
  for (const row of ordered) counts[row.status] += 1;
  return { rows: ordered, counts };
}

/** What the file says about itself: rows repeated, near names on other addresses, and addresses several names share. */
type FileDuplicates = {
  /** The same supplier twice (same name, same address): the later row is 중복 of its first. */
  repeatOf: Map<number, Valid>;
  /** The same or a near name on different addresses: the best address stays, the others are 중복 of it. */
  nearDuplicateOf: Map<number, Valid>;
  /** The other names using a row's address (an address problem: none is refused for it). */
  othersAtAddress: (v: Valid) => Valid[];
};

function fileDuplicates(valid: Valid[]): FileDuplicates {
  const firstOf = new Map<string, Valid>();
  const distinct: Valid[] = [];
  const repeatOf = new Map<number, Valid>();
  for (const v of valid) {
    const key = `${v.nameKey}\u0000${v.identity}`;
    const first = firstOf.get(key);
    if (first) repeatOf.set(v.row, first);
    else {
      firstOf.set(key, v);
      distinct.push(v);
    }
  }
  const namesAtPage = groupBy(
    distinct.filter((v) => v.address.pageKey),
    (v) => v.address.pageKey,
  );
  const nearDuplicateOf = new Map<number, Valid>();
  for (const group of groupBy(distinct, (v) => v.nameKey).values()) {
    if (group.length < 2) continue;
    const best = [...group].sort((a, b) => RANK[a.address.verdict] - RANK[b.address.verdict] || a.row - b.row)[0]!;
    for (const v of group) if (v !== best) nearDuplicateOf.set(v.row, best);
  }
  return {
    repeatOf,
    nearDuplicateOf,
    othersAtAddress: (v) => (namesAtPage.get(v.address.pageKey) ?? []).filter((o) => o !== v && o.nameKey !== v.nameKey),
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

type KnownIndex = ReturnType<typeof indexKnown>;

/** One valid row's verdict: 중복 in the file, 중복 or 변경 of a stored supplier, or a new one (추가 or 검토 필요). */
function planValid(v: Valid, inFile: FileDuplicates, index: KnownIndex): PlannedRow {
  const base = {
    name: v.values.name,
    siteUrl: v.values.siteUrl,
    addressLabel: v.address.label,
    category: v.values.category,
    categoryFrom: v.categoryFrom,
  };
  const repeat = inFile.repeatOf.get(v.row);
  if (repeat) return rowOf(v.row, "중복", { ...base, reasons: [`${repeat.row}행과 같은 도매처입니다. (같은 이름, 같은 주소)`] });
  const near = inFile.nearDuplicateOf.get(v.row);
  if (near) {
    return rowOf(v.row, "중복", {
      ...base,
      reasons: [`${near.row}행 ${quotedWith(near.values.name, WA)} 이름이 같거나 비슷한데 주소가 다릅니다.`],
    });
  }
  const shared = inFile.othersAtAddress(v);
  const stored = storedSupplierOf(v, index);
  if (stored.kind === "elsewhere") {
    const other = stored.supplier;
    return rowOf(v.row, "중복", {
      ...base,
      target: { id: other.id, name: other.name },
      reasons: [
        `이미 등록된 ${quotedWith(other.name, WA)} 이름이 같거나 비슷한데 주소가 다릅니다. (등록된 주소: ${other.siteUrl || "없음"})`,
      ],
    });
  }
  if (stored.kind === "same") return storedRow(v, base, stored.supplier, index, shared.length > 0);
  return newSupplierRow(v, base, stored.atSite, shared);
}

/**
 * The stored supplier this row is: same site (or same page elsewhere) and the same or a near name; or the same name
 * stored elsewhere, the same supplier when the stored address is no site of its own (the file may fix it) or the row
 * has no address, otherwise a near-duplicate on another site (`elsewhere`). `atSite`: the suppliers stored at the
 * row's site, whatever their names.
 */
function storedSupplierOf(
  v: Valid,
  index: KnownIndex,
): { kind: "same"; supplier: KnownSupplier } | { kind: "elsewhere"; supplier: KnownSupplier } | { kind: "none"; atSite: KnownSupplier[] } {
  const atSite = v.address.siteKey ? (index.bySite.get(v.address.siteKey) ?? []) : [];
  const atPage = v.address.siteKey ? [] : (index.byPage.get(v.address.pageKey) ?? []);
  const sameName = (s: KnownSupplier) => (nameKey(s.name) || s.name.toLowerCase()) === v.nameKey;
  const here = atSite.find(sameName) ?? atPage.find(sameName);
  if (here) return { kind: "same", supplier: here };
  const namesakes = index.byName.get(v.nameKey) ?? [];
  if (!namesakes.length) return { kind: "none", atSite };
  const fixable = namesakes.find(
    (s) =>
      v.address.verdict === "missing" ||
      (v.address.verdict === "home" && ["elsewhere", "missing"].includes(index.judged.get(s.id)?.verdict ?? "")),
  );
  return fixable ? { kind: "same", supplier: fixable } : { kind: "elsewhere", supplier: namesakes[0]! };
}

type RowBase = Pick<PlannedRow, "name" | "siteUrl" | "addressLabel" | "category" | "categoryFrom">;

/** A row that is a stored supplier: 변경 with what the file adds (curated fields unticked), or 중복 when nothing changes. */
function storedRow(v: Valid, base: RowBase, target: KnownSupplier, index: KnownIndex, addressShared: boolean): PlannedRow {
  const { changes, notes } = changesFor(target, index.judged.get(target.id) ?? judgeAddress(target.siteUrl), v, addressShared);
  const waiting = target.status === "review" ? ["검토 대기 중인 도매처입니다. 공개는 검토 대기 화면에서 합니다."] : [];
  if (!changes.length) {
    return rowOf(v.row, "중복", {
      ...base,
      target: { id: target.id, name: target.name },
      reasons: [`이미 등록된 ${quotedWith(target.name, WA)} 같은 도매처입니다. 바뀌는 내용이 없습니다.`, ...notes],
    });
  }
  const curated = changes.some((change) => change.curated);
  return rowOf(v.row, "변경", {
    ...base,
    target: { id: target.id, name: target.name },
    changes,
    ticked: !curated,
    reasons: [`이미 등록된 ${display(target.name)}에 파일의 내용을 더합니다.`, ...(curated ? [CURATED_NOTE] : []), ...notes, ...waiting],
  });
}

/** A new supplier: 추가 (published) only when nothing about its address or category needs a look, else 검토 필요. */
function newSupplierRow(v: Valid, base: RowBase, atSite: KnownSupplier[], shared: Valid[]): PlannedRow {
  const reasons: string[] = [];
  const problem = addressProblem(v.address);
  if (problem) reasons.push(problem);
  if (atSite.length) {
    const names = atSite.slice(0, 3).map((s) => s.name);
    const listed =
      names.length > 1 ? `${names.slice(0, -1).map(display).join(", ")}, ${quotedWith(names.at(-1)!, WA)}` : quotedWith(names[0]!, WA);
    reasons.push(`이미 등록된 ${listed} 같은 사이트입니다. 기존 도매처의 이름은 바꾸지 않으며, 가져오면 새 도매처로 검토 대기에 둡니다.`);
  }
  if (shared.length) {
    const named = shared
      .slice(0, 3)
      .map((o) => `${o.row}행 ${display(o.values.name)}`)
      .join(", ");
    reasons.push(`같은 주소를 다른 이름의 행도 쓰고 있습니다: ${named}${shared.length > 3 ? ` 외 ${shared.length - 3}곳` : ""}.`);
  }
  // A category no chip has: the nearest chip is offered, and the row waits for a person's tick.
  if (v.unknownCategory) reasons.push(categoryProblem(v.unknownCategory, `가져오면 ‘${v.unknownCategory.nearest}’로 저장합니다`));
  return rowOf(v.row, reasons.length ? "검토 필요" : "추가", {
    ...base,
    insert: v.values,
    insertTerms: { ...UNKNOWN_TERMS, ...v.terms },
    reasons,
  });
}
