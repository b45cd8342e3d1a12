import { formatWon } from "#app/lib/format.ts";
import type { MarginResult } from "./margin.ts";
import { type BarAmounts, type BarPartKey, marginBar } from "./margin-bar.ts";

/** Each part's colour (SVG presentation attributes: the page's CSP allows no inline style). */
const COLORS: Record<BarPartKey, string> = {
  fee: "#f59e0b",
  shipping: "#0ea5e9",
  ad: "#8b5cf6",
  vat: "#64748b",
  cost: "#2563eb",
  profit: "#10b981",
};
const LOSS = "#e11d48";
const REFUND = "#059669";

/** The drawing's own units: 1,000 across, whatever the width it is shown at. */
const WIDTH = 1000;
const BAR_TOP = 18;
const BAR_HEIGHT = 40;
const HEIGHT = 66;

/** A loss and a VAT refund say so beside their figure. */
function figureNote(key: BarPartKey, amount: number) {
  if (key === "profit" && amount < 0) return " (손실)";
  if (key === "vat" && amount < 0) return " (환급)";
  return "";
}

const x = (won: number, span: number) => Math.round((won / span) * WIDTH * 100) / 100;

function Swatch({ color, hatch }: { color: string; hatch?: boolean }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="mt-1 shrink-0">
      <rect width="12" height="12" rx="2" fill={hatch ? "#fff" : color} stroke={color} strokeWidth={hatch ? 2 : 0} />
      {hatch ? <path d="M0 12 L12 0" stroke={color} strokeWidth="2" /> : null}
    </svg>
  );
}

/**
 * The bar of one result, drawn on the server as SVG (no script, no chart library): `role="img"` with an aria-label
 * naming every figure, and the same figures as text under it. `id` keeps the hatch patterns of several bars on one
 * page apart.
 */
export function MarginBar({ id, result, amounts, title }: { id: string; result: MarginResult; amounts: BarAmounts; title?: string }) {
  const bar = marginBar(result, amounts);
  const span = bar.span;
  const lossId = `${id}-loss`;
  const refundId = `${id}-refund`;
  const saleEnd = x(bar.sale, span);
  return (
    <figure className="mt-4" data-margin-bar={id}>
      {title ? <figcaption className="mb-1 text-sm font-semibold text-slate-800">{title}</figcaption> : null}
      <svg
        role="img"
        aria-label={bar.summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-16 w-full"
        data-span={span}
        data-sale={bar.sale}
      >
        <defs>
          <pattern id={lossId} width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="12" height="12" fill="#fff" fillOpacity="0.55" />
            <line x1="0" y1="0" x2="0" y2="12" stroke={LOSS} strokeWidth="5" />
          </pattern>
          <pattern id={refundId} width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
            <line x1="0" y1="0" x2="0" y2="12" stroke={REFUND} strokeWidth="3" />
          </pattern>
        </defs>
        {bar.segments.map((segment) => (
          <rect
            key={segment.key}
            data-part={segment.key}
            data-amount={segment.amount}
            x={x(segment.from, span)}
            y={BAR_TOP}
            width={x(segment.to, span) - x(segment.from, span)}
            height={BAR_HEIGHT}
            fill={COLORS[segment.key]}
          />
        ))}
        {bar.refund ? (
          <rect
            data-part="refund"
            data-amount={bar.refund.amount}
            x={x(bar.refund.from, span)}
            y={BAR_TOP - 8}
            width={x(bar.refund.to, span) - x(bar.refund.from, span)}
            height={BAR_HEIGHT + 16}
            fill={`url(#${refundId})`}
          />
        ) : null}
        {bar.loss ? (
          <rect
            data-part="loss"
            data-amount={bar.loss.amount}
            x={x(bar.loss.from, span)}
            y={BAR_TOP - 8}
            width={x(bar.loss.to, span) - x(bar.loss.from, span)}
            height={BAR_HEIGHT + 16}
            fill={`url(#${lossId})`}
            stroke={LOSS}
            strokeWidth="3"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
        {/* Where the sale ends: everything right of it was paid by nobody. */}
        {bar.loss ? (
          <line
            data-part="sale-end"
            x1={saleEnd}
            x2={saleEnd}
            y1="2"
            y2={HEIGHT - 2}
            stroke="#0f172a"
            strokeWidth="3"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" data-figures="">
        {bar.figures.map((figure) => (
          // One text per figure (`순이익 4,704원`), so the amount alone is found once on the page: in the result.
          <li key={figure.key} className="flex items-start gap-1" data-figure={figure.key} data-won={formatWon(figure.amount)}>
            <Swatch color={COLORS[figure.key]} />
            <span className="tabular-nums">{`${figure.label} ${formatWon(figure.amount)}${figureNote(figure.key, figure.amount)}`}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-slate-500">
        막대 전체는 {bar.customerShipping > 0 ? "결제 금액(판매가 + 고객 배송비)" : "판매가"} {formatWon(bar.sale)}입니다.
        {bar.loss ? (
          <>
            {" "}
            <span className="inline-flex items-start gap-1 align-top text-rose-700">
              <Swatch color={LOSS} hatch />
              검은 선 오른쪽의 빗금 {formatWon(bar.loss.amount)}은 판매가로 채우지 못한 비용, 곧 손실입니다
              {bar.refund ? `(부가세 환급 ${formatWon(bar.refund.amount)}을 뺀 금액)` : ""}.
            </span>
          </>
        ) : null}
      </p>
    </figure>
  );
}
