import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { SelectField, TextAreaField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadReviewAct, reviewActAction } from "#app/features/reviews/review-actions.server.ts";
import { ANSWER_BODY_MAX, FLAG_REASONS, REASON_MAX, REVIEW_ACTS, TAKEDOWN_DAYS } from "#app/features/reviews/review-words.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/review-act";

/** One form per act, plain HTML: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? REVIEW_ACTS[loaderData.act].heading : "후기", description: "도매처 거래 후기" }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadReviewAct(request, params);
}

export function action({ request, params }: Route.ActionArgs) {
  return reviewActAction(request, params);
}

/** A 429's Retry-After reaches the response. */
export { routeHeaders as headers } from "#app/lib/headers.ts";

const FLAG_OPTIONS = Object.entries(FLAG_REASONS).map(([value, label]) => ({ value, label }));

/** What each act's page says before its form. */
const INTRO = {
  flag: "이 후기에 문제가 있으면 사유를 골라 알려 주세요. 관리자가 확인한 뒤 숨기거나 유지합니다.",
  answer: "도매처 운영자로서 이 후기에 답변을 남깁니다. 답변은 후기 아래에 ‘공급사 답변’으로 공개되며, 후기마다 한 번 쓸 수 있습니다.",
  takedown: `이 후기가 도매처의 권리를 침해한다면 게시 중단을 요청할 수 있습니다(정보통신망법 제44조의2). 요청하면 후기는 바로 숨겨지고, 작성자에게 메일로 알린 뒤 관리자가 ${TAKEDOWN_DAYS}일 안에 복원하거나 삭제합니다. 사실과 다른 내용을 바로잡고 싶다면 먼저 답변을 남겨 보세요.`,
  objection:
    "쓰신 후기가 권리 침해 신고로 임시 조치되었습니다. 후기 내용이 사실이라면 그 근거를 적어 이의를 신청해 주세요. 관리자가 확인한 뒤 결과를 메일로 알려 드립니다.",
} as const;

export default function ReviewAct({ loaderData, actionData }: Route.ComponentProps) {
  const { act, review, takedownReason } = loaderData;
  const failure = failureOf(actionData);
  const words = REVIEW_ACTS[act];
  const back =
    act === "objection" ? { to: "/account", label: "내 계정" } : { to: `/wholesaler/${review.wholesalerId}`, label: review.wholesalerName };
  return (
    <div className="mx-auto max-w-2xl">
      <Link to={back.to} className="text-sm font-medium text-blue-700 hover:underline">
        ← {back.label}
      </Link>
      <div className="mt-4">
        <PageHeading>{words.heading}</PageHeading>
      </div>
      <figure className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <figcaption className="text-sm text-slate-600">
          {review.wholesalerName} · 거래 시기 {review.tradedOn} · {review.day}
        </figcaption>
        <blockquote className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</blockquote>
      </figure>
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
        <p className="text-sm text-slate-600">{INTRO[act]}</p>
        {takedownReason ? (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-medium">게시 중단 요청 사유</p>
            <p className="mt-1 whitespace-pre-line break-words">{takedownReason}</p>
          </div>
        ) : null}
        {act === "flag" ? (
          <SelectField
            label="신고 사유"
            name="reason"
            required
            placeholder="사유를 골라 주세요"
            options={FLAG_OPTIONS}
            defaultValue={failedValue(failure, "reason") ?? ""}
            error={failure?.errors.reason}
          />
        ) : act === "answer" ? (
          <TextAreaField
            label="답변"
            name="body"
            rows={6}
            required
            maxLength={ANSWER_BODY_MAX}
            defaultValue={failedValue(failure, "body")}
            error={failure?.errors.body}
          />
        ) : (
          <TextAreaField
            label={act === "takedown" ? "요청 사유" : "이의 신청 사유"}
            name="reason"
            rows={6}
            required
            maxLength={REASON_MAX}
            defaultValue={failedValue(failure, "reason")}
            error={failure?.errors.reason}
          />
        )}
        <FormAlert message={failure?.message} />
        <SubmitButton pendingLabel="보내는 중...">{words.button}</SubmitButton>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
