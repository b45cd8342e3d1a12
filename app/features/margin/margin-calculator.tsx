import { useEffect, useId, useState } from "react";
import { TextField } from "#app/components/form-field.tsx";
import { PRIMARY_BUTTON_CLASS } from "#app/components/submit-button.tsx";
import { formatDate, formatWon } from "#app/lib/format.ts";
import { FEE_PRESETS, findFeePreset } from "#content/fee-presets.ts";
import {
  AMOUNT_FIELDS,
  evaluateMargin,
  type FeeBasis,
  formatTenthsPercent,
  type MarginField,
  type MarginValues,
  marginHref,
  visibleErrors,
} from "./margin.ts";

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200";

const readOn = (date: string) => formatDate(`${date}T00:00:00+09:00`);

/**
 * The calculator: a GET form to /tools/margin that works without JavaScript (the server computes from the
 * URL), and, once hydrated, computes as one types with the same pure module and keeps the URL in step, so the
 * address bar is always a shareable link to what is on screen.
 */
export function MarginCalculator({ initialValues, initiallySubmitted }: { initialValues: MarginValues; initiallySubmitted: boolean }) {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(initiallySubmitted);
  // The address changes only once the seller edits something: opening the page leaves its URL as it was.
  const [edited, setEdited] = useState(false);
  const { errors, result } = evaluateMargin(values);
  const shown = visibleErrors(errors, values, submitted);
  const preset = findFeePreset(values.fee);
  const basisHintId = useId();

  useEffect(() => {
    // Keep React Router's own history entry state; only the address changes.
    if (edited) window.history.replaceState(window.history.state, "", marginHref(values));
  }, [edited, values]);

  const set = (field: MarginField, value: string) => {
    setEdited(true);
    // Typing a rate by hand means the seller no longer follows a preset.
    setValues((current) => ({ ...current, [field]: value, ...(field === "rate" ? { fee: "custom" as const } : {}) }));
  };

  const chooseBasis = (fee: FeeBasis) => {
    setEdited(true);
    setValues((current) => ({ ...current, fee, rate: findFeePreset(fee)?.rate ?? current.rate }));
  };

  const field = (name: MarginField, label: string, hint: string) => (
    <TextField
      key={name}
      label={label}
      name={name}
      hint={hint}
      error={shown[name]}
      inputMode={name === "rate" ? "decimal" : "numeric"}
      autoComplete="off"
      value={values[name]}
      onChange={(event) => set(name, event.currentTarget.value)}
    />
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <form
        method="get"
        action="/tools/margin"
        noValidate
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        onSubmit={(event) => {
          // With JavaScript the results are already on screen and the URL is current: just show every message.
          event.preventDefault();
          setSubmitted(true);
        }}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {AMOUNT_FIELDS.filter((f) => f.name !== "ad").map((f) => field(f.name, f.label, f.hint))}
        </div>
        <div>
          <label htmlFor="field-fee" className="block text-sm font-medium text-slate-800">
            수수료 기준
          </label>
          <select
            id="field-fee"
            name="fee"
            className={selectClass}
            aria-describedby={basisHintId}
            value={values.fee}
            onChange={(event) => chooseBasis(event.currentTarget.value as FeeBasis)}
          >
            <option value="custom">직접 입력</option>
            {FEE_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
          <div id={basisHintId} className="mt-1 space-y-1 text-xs leading-5 text-slate-600">
            {preset ? (
              <>
                <p>
                  {preset.label} 수수료율 {preset.rate}%는 {readOn(preset.readOn)}에 공개 자료에서 읽은 값입니다. {preset.assumption}
                </p>
                <p>
                  출처:{" "}
                  {preset.sources.map((source, i) => (
                    <span key={source.url}>
                      {i > 0 ? ", " : ""}
                      <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                        {source.publisher}({source.date})
                      </a>
                    </span>
                  ))}
                </p>
              </>
            ) : (
              <p>
                기준을 고르면 수수료율이 채워집니다(
                {FEE_PRESETS.map((p) => `${p.label} ${readOn(p.readOn)} 확인`).join(", ")}). 직접 입력할 때는 부가세를 포함한 요율을 넣어
                주세요.
              </p>
            )}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {field("rate", "판매 수수료율(%)", "결제 금액(판매가 + 고객 배송비)에 매기는 요율, 부가세 포함")}
          {field("ad", "광고비(개당)", AMOUNT_FIELDS.find((f) => f.name === "ad")?.hint ?? "")}
        </div>
        <button type="submit" className={PRIMARY_BUTTON_CLASS}>
          계산하기
        </button>
      </form>

      <section aria-labelledby="margin-result" className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
        <h2 id="margin-result" className="text-lg font-bold text-slate-900">
          계산 결과
        </h2>
        <div aria-live="polite">
          {result ? (
            <>
              <dl className="mt-4 divide-y divide-slate-200">
                <ResultRow
                  label="정산 예정액"
                  value={formatWon(result.settlement)}
                  note={`결제 ${formatWon(result.gross)} − 수수료 ${formatWon(result.fee)}`}
                />
                <ResultRow label="순이익" value={formatWon(result.profit)} note={`부가세 예상 ${formatWon(result.vat)}을 뺀 금액`} strong />
                <ResultRow label="마진율" value={formatTenthsPercent(result.marginTenths)} note="순이익 ÷ 부가세를 뺀 결제 금액" strong />
                <ResultRow
                  label="손익분기 광고비"
                  value={formatWon(result.breakEvenAd)}
                  note="1개를 팔 때 이 금액까지 광고비를 써도 손해가 아닙니다"
                />
              </dl>
              {result.breakEvenAd <= 0 ? (
                <p className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  광고비가 없어도 손해인 가격입니다. 판매가나 공급가를 다시 검토해 보세요.
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-4 text-sm text-slate-600">
              {Object.keys(shown).length > 0 ? "입력값을 고치면 결과가 표시됩니다." : "판매가와 공급가를 넣으면 결과가 여기에 표시됩니다."}
            </p>
          )}
        </div>
        <div className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-xs leading-5 text-slate-600">
          <p>
            <strong className="text-slate-800">부가세:</strong> 모든 금액은 부가세 포함으로 넣습니다. 순이익은 일반과세자가 낼 부가세(매출
            세액 − 매입 세액)를 뺀 값으로, 수수료·공급가·배송비·광고비의 세금계산서를 모두 받는다고 가정해 (정산 예정액 − 비용) × 10/11로
            계산합니다.
          </p>
          <p>
            <strong className="text-slate-800">반올림:</strong> 금액은 원 단위로 반올림합니다(수수료는 0.5원 이상 올림, 순이익은 0.5원 이상
            절댓값 기준 올림). 마진율은 소수점 아래 한 자리까지 반올림합니다.
          </p>
        </div>
      </section>
    </div>
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
