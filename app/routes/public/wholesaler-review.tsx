import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { CheckboxField, FileField, RadioGroup, SelectField, TextAreaField, TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadReviewPage, submitReviewAction } from "#app/features/reviews/review-actions.server.ts";
import {
  EVIDENCE_NUMBER_MAX,
  HONEST_LABEL,
  NOT_APPLICABLE,
  NOT_APPLICABLE_LABEL,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  SCORE_LABELS,
  SCORE_NAMES,
} from "#app/features/reviews/review-words.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { EVIDENCE_PICTURE_ACCEPT } from "#app/platform/evidence/evidence-kinds.ts";
import type { Route } from "./+types/wholesaler-review";

/** Plain radio buttons, a select, a text area and a file field: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `거래 후기 쓰기: ${loaderData.wholesaler.name}` : "거래 후기 쓰기",
    description: "거래한 도매처의 출고 속도, 재고 정확도, CS 응답, 반품 처리를 평가해 주세요.",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadReviewPage(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return submitReviewAction(request, params.id);
}

/** A 429's Retry-After reaches the response. */
export { routeHeaders as headers } from "#app/lib/headers.ts";

const SCORE_OPTIONS = [
  ...["1", "2", "3", "4", "5"].map((value) => ({ value, label: value })),
  { value: NOT_APPLICABLE, label: NOT_APPLICABLE_LABEL },
];

export default function WholesalerReview({ loaderData, actionData }: Route.ComponentProps) {
  const { wholesaler, block, needsVerification, months } = loaderData;
  const failure = failureOf(actionData);
  const errors = failure?.errors ?? {};
  const text = (name: string) => failedValue(failure, name) ?? "";
  return (
    <div className="mx-auto max-w-2xl">
      <Link to={`/wholesaler/${wholesaler.id}`} className="text-sm font-medium text-blue-700 hover:underline">
        ← {wholesaler.name}
      </Link>
      <div className="mt-4">
        <PageHeading>거래 후기 쓰기</PageHeading>
      </div>
      {block ? (
        <div role="alert" className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900">
          <p>{block}</p>
          {needsVerification ? (
            <p>
              <Link to="/account" className="font-medium text-blue-700 underline">
                내 계정 페이지
              </Link>
              에서 확인 메일을 받아 이메일 주소를 확인해 주세요.
            </p>
          ) : null}
        </div>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          noValidate
        >
          <p className="text-sm text-slate-600">
            이 도매처와 거래한 경험을 알려 주세요. 후기는 바로 공개되며, 작성자는 이메일 대신 ‘셀러’와 네 글자로 표시됩니다. 점수에는
            관리자가 증빙을 확인한 후기만 반영합니다.
          </p>
          <div className="space-y-4">
            <p className="text-sm font-semibold text-slate-900">점수 (하나 이상)</p>
            {SCORE_NAMES.map((name, index) => (
              <RadioGroup
                key={name}
                label={SCORE_LABELS[name]}
                name={name}
                options={SCORE_OPTIONS}
                checked={failedValue(failure, name)}
                error={errors[name]}
                hint={index === 0 ? "1점이 가장 낮고 5점이 가장 높습니다." : undefined}
              />
            ))}
          </div>
          <SelectField
            label="거래 시기"
            name="tradedOn"
            options={months}
            defaultValue={failedValue(failure, "tradedOn") ?? months[0]?.value}
            error={errors.tradedOn}
            required
          />
          <TextAreaField
            label="후기"
            name="body"
            rows={7}
            defaultValue={text("body")}
            error={errors.body}
            required
            minLength={REVIEW_BODY_MIN}
            maxLength={REVIEW_BODY_MAX}
            hint={`${REVIEW_BODY_MIN}자 이상 ${REVIEW_BODY_MAX.toLocaleString("ko-KR")}자 이하로 써 주세요. 전화번호와 이메일 주소는 적을 수 없습니다.`}
          />
          <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">증빙 (선택)</legend>
            <p className="text-sm text-slate-600">
              관리자만 보며 공개되지 않습니다. 관리자가 확인하면 후기에 ‘증빙 확인’이 붙고 점수에 반영됩니다. 그림은 결정 후 30일이 지나면
              삭제됩니다.
            </p>
            <TextField
              label="주문번호 또는 송장번호"
              name="evidenceNumber"
              defaultValue={text("evidenceNumber")}
              error={errors.evidenceNumber}
              maxLength={EVIDENCE_NUMBER_MAX}
              autoComplete="off"
            />
            <FileField
              label="거래 화면 캡처"
              name="evidenceImage"
              accept={EVIDENCE_PICTURE_ACCEPT}
              required={false}
              error={errors.evidenceImage}
              help="PNG, JPEG, WebP 그림 파일, 5MB까지 올릴 수 있습니다. 주문 내역이나 발주 화면을 캡처해 주세요. 사진의 위치 정보 같은 부가 정보는 지우고 보관합니다."
            />
          </fieldset>
          <CheckboxField
            name="honest"
            label={HONEST_LABEL}
            checked={failedValue(failure, "honest") === "yes"}
            error={errors.honest}
            required
          />
          <FormAlert message={failure?.message} />
          <SubmitButton pendingLabel="등록 중...">후기 등록</SubmitButton>
        </Form>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
