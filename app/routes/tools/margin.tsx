import { data, Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { evaluateMargin, type MarginRules, readMarginValues, visibleErrors } from "#app/features/margin/margin.ts";
import { MarginCalculator } from "#app/features/margin/margin-calculator.tsx";
import { seoulDay } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { LIVE_FORM_HEADER, SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { FEE_TABLE } from "#content/fee-presets.ts";
import { TAX_TABLE } from "#content/tax-types.ts";
import type { Route } from "./+types/margin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    {
      title: "마진 계산기",
      description:
        "판매가, 공급가, 배송비, 수수료와 광고비로 정산 예정액, 순이익, 마진율과 손익분기 광고비를 계산합니다. 스마트스토어 등급·주문 경로, 쿠팡 카테고리, 과세 유형과 상품의 면세 여부에 따라 계산하고 두 플랫폼을 나란히 비교합니다.",
    },
    args,
  );

/** Computed on the server and sent without React (ADR 0040); the small module keeps it live as one types. */
export const handle = SCRIPT_FREE;

/**
 * The calculator reads everything from the URL, so the GET form works without JavaScript and a link
 * reproduces the result. A sent form with a bad value answers 400 with a message per field, never a result.
 * The small module's background request while the seller types (LIVE_FORM_HEADER) is not a sending: it shows
 * only the messages of filled fields, as before the first 계산하기, and answers 200.
 */
export function loader({ request }: Route.LoaderArgs) {
  // Today's Korean day: the card credit's rate is the one in force on it.
  const rules: MarginRules = { fees: FEE_TABLE, taxes: TAX_TABLE, day: seoulDay() };
  const { values, submitted } = readMarginValues(new URL(request.url).searchParams, rules);
  const sent = submitted && !request.headers.has(LIVE_FORM_HEADER);
  const { errors, result, comparison, amounts } = evaluateMargin(values, rules);
  return data(
    { values, errors: visibleErrors(errors, values, sent), result, comparison, amounts, rules },
    { status: sent && !result ? 400 : 200 },
  );
}

export default function MarginPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>마진 계산기</PageHeading>
      <p className="-mt-3 mb-6 max-w-3xl text-slate-600">
        한 개를 팔았을 때 정산받을 금액과 남는 이익을 계산하고, 같은 상품을 스마트스토어와 쿠팡에서 팔 때를 나란히 비교합니다. 결과는 주소에
        담기므로 링크로 공유할 수 있습니다. 수수료 기준은 공개 자료에서 읽은 값이니 실제 요율은 판매자센터의 정산 내역에서 확인해 주세요.
      </p>
      <MarginCalculator {...loaderData} />
      <p className="mt-8 text-sm">
        <Link to="/seller-info" className="font-medium text-blue-700 underline">
          ← 셀러 정보센터
        </Link>
      </p>
    </>
  );
}
