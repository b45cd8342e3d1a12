import { SelectField, TextField } from "#app/components/form-field.tsx";
import { ScrollTable } from "#app/components/scroll-table.tsx";
import { SourceLinks } from "#app/components/source-links.tsx";
import { PRIMARY_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { formatDay, formatWon } from "#app/lib/format.ts";
import type { FeeSource, FeeTier } from "#content/fee-presets.ts";
import {
  AMOUNT_FIELDS,
  type AmountField,
  formatRate,
  formatTenthsPercent,
  type MarginComparison,
  type MarginErrors,
  type MarginField,
  type MarginResult,
  type MarginRules,
  type MarginValues,
  platformRates,
  vatFiguresOn,
} from "./margin.ts";
import { MarginBar } from "./margin-bar.tsx";

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200";

type TierField = "naverGrade" | "naverOrder" | "coupangCategory" | "tax" | "goods";

/** The oldest reading date among the tiers a rate is made of: the rate is only as fresh as that. */
const readOnOf = (tiers: FeeTier[]) => formatDay(tiers.map((tier) => tier.readOn).sort()[0] ?? "");

/** Each page once, in the order first named. */
const sourcesOf = (tiers: FeeTier[]) => [...new Map(tiers.flatMap((tier) => tier.sources).map((source) => [source.url, source])).values()];

/** A rate typed by hand means the seller no longer follows a preset: the small module sets 수수료 기준 to 직접 입력. */
const TYPED_RATE_MEANS_CUSTOM = { "data-live-sets": "fee=custom" };

/**
 * The calculator, drawn on the server only (the page ships no React, ADR 0040): a GET form to /tools/margin, so
 * the server computes from the URL and a link reproduces the result. With the small module
 * (app/scripts/page-enhancements.js) the form is `data-live-form`: as the seller types, the module asks the server
 * for the same URL in the background and brings the parts marked `data-live-part` up to date (the fields, their
 * messages, the result, the comparison), leaving the field being typed in alone, and keeps the address in step.
 */
export function MarginCalculator({
  values,
  errors,
  result,
  comparison,
  amounts,
  rules,
}: {
  values: MarginValues;
  /** The messages to show (visibleErrors): every one after 계산하기, only those of filled fields while typing. */
  errors: MarginErrors;
  result: MarginResult | null;
  comparison: MarginComparison | null;
  /** The amounts as whole won (null until every field is valid), for the picture of the margin. */
  amounts: Record<AmountField, number> | null;
  rules: MarginRules;
}) {
  const tax = rules.taxes.types.find((type) => type.id === values.tax) ?? rules.taxes.types[0];
  const goods = rules.taxes.goods.find((type) => type.id === values.goods) ?? rules.taxes.goods[0];
  const exemptGoods = values.goods === "exempt";

  const field = (name: MarginField, label: string, hint: string) => (
    <TextField
      key={name}
      label={label}
      name={name}
      hint={hint}
      error={errors[name]}
      inputMode={name === "rate" || name === "shippingRate" ? "decimal" : "numeric"}
      autoComplete="off"
      defaultValue={values[name]}
      {...(name === "rate" || name === "shippingRate" ? TYPED_RATE_MEANS_CUSTOM : {})}
    />
  );

  const tierSelect = (name: TierField, label: string, options: { id: string; label: string }[]) => (
    <SelectField
      label={label}
      name={name}
      options={options.map((option) => ({ value: option.id, label: option.label }))}
      defaultValue={values[name]}
    />
  );

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <form
          id="margin-form"
          method="get"
          action="/tools/margin"
          noValidate
          data-live-form=""
          data-live-part=""
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {AMOUNT_FIELDS.filter((f) => f.name !== "ad").map((f) => field(f.name, f.label, f.hint))}
          </div>
          <div>
            <label htmlFor="field-fee" className="block text-sm font-medium text-slate-800">
              수수료 기준
            </label>
            <select id="field-fee" name="fee" className={selectClass} aria-describedby="margin-basis-hint" defaultValue={values.fee}>
              <option value="custom">직접 입력</option>
              <option value="smartstore">{rules.fees.smartstore.label}</option>
              <option value="coupang">{rules.fees.coupang.label}</option>
            </select>
          </div>
          <div className="grid gap-5 rounded-lg bg-slate-50 p-4 sm:grid-cols-2">
            {tierSelect("naverGrade", "스마트스토어 판매자 등급", rules.fees.smartstore.grades)}
            {tierSelect("naverOrder", "스마트스토어 주문 경로", rules.fees.smartstore.orders)}
            {tierSelect("coupangCategory", "쿠팡 카테고리", rules.fees.coupang.categories)}
            <p className="self-end text-xs leading-5 text-slate-600">
              등급·주문 경로·카테고리는 수수료 기준을 고를 때와 아래 비교 표에 쓰입니다.
            </p>
          </div>
          <BasisHint values={values} rules={rules} />
          <div className="grid gap-5 sm:grid-cols-2">
            {field("rate", "판매 수수료율(%)", "판매가에 매기는 요율, 부가세 포함")}
            {field(
              "shippingRate",
              "배송비 수수료율(%)",
              "고객 배송비에 매기는 요율, 부가세 포함. 비워 두면 판매 수수료율과 같게 계산합니다",
            )}
            {field("ad", "광고비(개당)", AMOUNT_FIELDS.find((f) => f.name === "ad")?.hint ?? "")}
            {tierSelect("tax", "과세 유형", rules.taxes.types)}
            {tierSelect("goods", "상품의 과세 여부", rules.taxes.goods)}
          </div>
          <button type="submit" className={PRIMARY_BUTTON_CLASS}>
            계산하기
          </button>
        </form>

        <section aria-labelledby="margin-result" className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
          <h2 id="margin-result" className="text-lg font-bold text-slate-900">
            계산 결과
          </h2>
          <div id="margin-outcome" aria-live="polite" data-live-part="">
            {result ? (
              <>
                <dl className="mt-4 divide-y divide-slate-200">
                  <ResultRow
                    label="정산 예정액"
                    value={formatWon(result.settlement)}
                    note={`결제 ${formatWon(result.gross)} − 수수료 ${formatWon(result.fee)}`}
                  />
                  <ResultRow label="순이익" value={formatWon(result.profit)} note={profitNote(values, result)} strong />
                  <ResultRow
                    label="마진율"
                    value={formatTenthsPercent(result.marginTenths)}
                    note={values.tax.startsWith("general") && !exemptGoods ? "순이익 ÷ 부가세를 뺀 결제 금액" : "순이익 ÷ 결제 금액"}
                    strong
                  />
                  <ResultRow
                    label="손익분기 광고비"
                    value={formatWon(result.breakEvenAd)}
                    note="1개를 팔 때 광고비를 이 금액까지 써도 손해를 보지 않습니다"
                  />
                </dl>
                {amounts ? <MarginBar id="margin-bar-result" result={result} amounts={amounts} title="판매가 구성" /> : null}
                {result.breakEvenAd <= 0 ? (
                  <p className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
                    광고비가 없어도 손해인 가격입니다. 판매가나 공급가를 다시 검토해 보세요.
                  </p>
                ) : null}
              </>
            ) : (
              <p className="mt-4 text-sm text-slate-600">
                {Object.keys(errors).length > 0
                  ? "입력값을 고치면 결과가 표시됩니다."
                  : "판매가와 공급가를 넣으면 결과가 여기에 표시됩니다."}
              </p>
            )}
          </div>
          <div
            id="margin-tax-note"
            data-live-part=""
            className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-xs leading-5 text-slate-600"
          >
            <p>
              <strong className="text-slate-800">부가세:</strong> {exemptGoods ? goods?.label : tax?.label} 기준으로 계산합니다. 모든 금액은
              부가세 포함으로 넣습니다. {exemptGoods ? goods?.note : tax?.note}
            </p>
            {tax?.cardCredit && !exemptGoods ? <CardCreditNote rules={rules} /> : null}
            <Sources sources={rules.taxes.sources} readOn={formatDay(rules.taxes.readOn)} />
            <p>
              <strong className="text-slate-800">반올림:</strong> 금액은 원 단위로 반올림합니다(수수료와 부가세는 0.5원 이상 올림, 순이익은
              0.5원 이상 절댓값 기준 올림). 마진율은 소수점 아래 한 자리까지 반올림합니다.
            </p>
          </div>
        </section>
      </div>
      <div id="margin-comparison" data-live-part="">
        {comparison ? <ComparisonTable comparison={comparison} amounts={amounts} /> : null}
      </div>
    </>
  );
}

/**
 * What the chosen basis assumes, with its pages and the day they were read: one line, and the rest (what the rate is
 * made of, the caveats) behind 자세히 보기, open by CSS from the `sm` width up so a wide screen shows it all at once
 * (a browser without `::details-content` keeps it closed there too).
 */
function BasisHint({ values, rules }: { values: MarginValues; rules: MarginRules }) {
  const platforms = platformRates(values, rules.fees);
  const box = "text-xs leading-5 text-slate-600";
  if (values.fee === "custom") {
    return (
      <p id="margin-basis-hint" className={box}>
        기준을 고르면 수수료율이 채워집니다({rules.fees.smartstore.label} {readOnOf(platforms.smartstore.tiers)} 확인,{" "}
        {rules.fees.coupang.label} {readOnOf(platforms.coupang.tiers)} 확인). 직접 입력할 때는 부가세를 포함한 요율을 넣어 주세요.
      </p>
    );
  }
  const chosen = platforms[values.fee];
  const [first, second] = chosen.tiers;
  const caveats = chosen.tiers.flatMap((tier) => (tier.caveat ? [tier.caveat] : []));
  const explanation = [
    values.fee === "smartstore"
      ? `${first?.note}와 ${second?.note}를 더하고 부가세 10%를 붙인 값입니다. ${rules.fees.smartstore.shippingNote}`
      : `${first?.note}에 부가세 10%를 붙인 값입니다. ${second?.note}. ${rules.fees.coupang.extraNote}`,
    ...caveats,
  ].join(" ");
  return (
    <details
      id="margin-basis-hint"
      className={`${box} sm:[&::details-content]:[content-visibility:visible] sm:[&>summary]:list-none sm:[&>summary]:cursor-auto`}
    >
      <summary className="cursor-pointer">
        {rules.fees[values.fee].label} 수수료율 {formatRate(chosen.rateHundredths)}%는 {readOnOf(chosen.tiers)}에 공개 자료에서 읽은
        값입니다. <span className="text-blue-700 underline sm:hidden">자세히 보기</span>
      </summary>
      <div className="mt-1 space-y-1">
        <p>{explanation}</p>
        <Sources sources={sourcesOf(chosen.tiers)} />
      </div>
    </details>
  );
}

/** The 신용카드 등 매출세액공제 the result includes: its rate on the day, the law's limits, and what the page assumes. */
function CardCreditNote({ rules }: { rules: MarginRules }) {
  const { cardCreditTenths } = vatFiguresOn(rules.taxes, rules.day);
  const { cardCredit } = rules.taxes;
  const percent = (tenths: number) => `${Math.floor(tenths / 10)}${tenths % 10 ? `.${tenths % 10}` : ""}%`;
  return (
    <p>
      <strong className="text-slate-800">신용카드 등 매출세액공제:</strong> 결제 금액이 모두 카드·간편결제·현금영수증으로 들어온다고 보고,
      그 {percent(cardCreditTenths)}를 낼 부가세에서 뺍니다(부가가치세법 제46조, 낼 부가세보다 많이 빼지는 않습니다).{" "}
      {formatDay(cardCredit.until)}까지는 {percent(cardCredit.tenths)}에 연 1,000만 원 한도이고, 그 뒤에는 법이 바뀌지 않는 한{" "}
      {percent(cardCredit.laterTenths)}에 연 500만 원 한도입니다. 한 해 공제액이 한도를 넘으면 그만큼 부가세가 늘어납니다.
    </p>
  );
}

function Sources({ sources, readOn }: { sources: FeeSource[]; readOn?: string }) {
  return (
    <p>
      출처{readOn ? `(${readOn} 확인)` : ""}: <SourceLinks sources={sources} linkClassName="text-blue-700 underline" />
    </p>
  );
}

function profitNote(values: MarginValues, result: MarginResult) {
  if (result.vat === 0 && result.cardCredit === 0) return "낼 부가세가 없어 비용만 뺀 금액";
  const kind = values.tax === "simplified" ? "간이과세자 부가세" : "부가세";
  const credit = result.cardCredit > 0 ? `(신용카드 등 매출세액공제 ${formatWon(result.cardCredit)} 반영)` : "";
  return `${kind} 예상 ${formatWon(result.vat)}을 뺀 금액${credit}`;
}

/** The same product on 스마트스토어 and 쿠팡, one table: rendered on the server without JavaScript, live with it. */
function ComparisonTable({ comparison, amounts }: { comparison: MarginComparison; amounts: Record<AmountField, number> | null }) {
  const columns = [comparison.smartstore, comparison.coupang];
  const rows: [string, (column: (typeof columns)[number]) => string][] = [
    ["수수료율(판매가 / 배송비)", (c) => `${formatRate(c.rateHundredths)}% / ${formatRate(c.shippingRateHundredths)}%`],
    ["수수료", (c) => formatWon(c.result.fee)],
    ["정산 예정액", (c) => formatWon(c.result.settlement)],
    ["순이익", (c) => formatWon(c.result.profit)],
    ["마진율", (c) => formatTenthsPercent(c.result.marginTenths)],
    ["손익분기 광고비", (c) => formatWon(c.result.breakEvenAd)],
  ];
  return (
    <section aria-labelledby="margin-compare" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="margin-compare" className="text-lg font-bold text-slate-900">
        스마트스토어와 쿠팡 비교
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        같은 상품을 두 곳에서 팔 때의 결과입니다. 위에서 고른 등급·주문 경로·카테고리, 과세 유형과 상품의 과세 여부로 계산합니다.
      </p>
      <ScrollTable
        label="스마트스토어와 쿠팡 비교 표"
        caption="스마트스토어와 쿠팡에서 같은 상품을 팔 때의 수수료와 이익"
        columns={["항목", ...columns.map((column) => column.label)]}
        className="mt-4"
        tableClassName="min-w-[480px]"
        headClassName="bg-slate-100 text-slate-800"
        columnClassName="px-3 py-2 font-semibold"
        bodyClassName="divide-y divide-slate-100"
      >
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="px-3 py-2 font-medium text-slate-700">
              {label}
            </th>
            {columns.map((column) => (
              <td
                key={column.label}
                className={`px-3 py-2 tabular-nums ${value(column).startsWith("-") ? "text-rose-700" : "text-slate-900"}`}
              >
                {value(column)}
              </td>
            ))}
          </tr>
        ))}
      </ScrollTable>
      {amounts ? (
        // The same two results as pictures, one bar a platform (the same scale of parts as the table's figures).
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {(["smartstore", "coupang"] as const).map((platform) => (
            <MarginBar
              key={platform}
              id={`margin-bar-${platform}`}
              result={comparison[platform].result}
              amounts={amounts}
              title={`${comparison[platform].label} 판매가 구성`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function ResultRow({ label, value, note, strong = false }: { label: string; value: string; note: string; strong?: boolean }) {
  return (
    <div className="py-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={`mt-0.5 ${strong ? "text-2xl font-bold" : "text-xl font-semibold"} tabular-nums ${value.startsWith("-") ? "text-rose-700" : "text-slate-900"}`}
      >
        {value}
      </dd>
      <dd className="text-xs text-slate-500">{note}</dd>
    </div>
  );
}
