import { Form, Link } from "react-router";
import { HoneypotField, SelectField, TextAreaField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadReportPage, submitReportAction } from "#app/features/reports/report-actions.server.ts";
import { REPORT_BODY_MAX, REPORT_REASONS } from "#app/features/reports/report-reasons.ts";
import { HONEYPOT_FIELD } from "#app/features/users/honeypot.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/wholesaler-report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `정보 수정 요청: ${loaderData.wholesaler.name}` : "정보 수정 요청",
    description: "도매처 정보가 틀렸거나 사이트가 열리지 않으면 알려 주세요.",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ params }: Route.LoaderArgs) {
  return loadReportPage(params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return submitReportAction(request, params.id);
}

/** A 429's Retry-After (and any other header the action sets) reaches the response. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

const REASON_OPTIONS = Object.entries(REPORT_REASONS).map(([value, label]) => ({ value, label }));

export default function WholesalerReport({ loaderData, actionData }: Route.ComponentProps) {
  const { wholesaler } = loaderData;
  const failure = failureOf(actionData);
  const sent = actionData && "ok" in actionData && actionData.ok ? actionData.message : null;
  return (
    <div className="mx-auto max-w-2xl">
      <Link to={`/wholesaler/${wholesaler.id}`} className="text-sm font-medium text-blue-700 hover:underline">
        ← {wholesaler.name}
      </Link>
      <div className="mt-4">
        <PageHeading>정보 수정 요청</PageHeading>
      </div>
      {sent ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-4 text-emerald-800">
          {sent}
        </p>
      ) : (
        <Form method="post" className="relative space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-600">
            <strong className="font-semibold text-slate-800">{wholesaler.name}</strong>의 정보가 틀렸거나 사이트가 열리지 않으면 알려
            주세요. 관리자가 확인한 뒤 고칩니다.
          </p>
          <HoneypotField name={HONEYPOT_FIELD} />
          <SelectField
            label="사유"
            name="reason"
            required
            placeholder="사유를 골라 주세요"
            options={REASON_OPTIONS}
            defaultValue={failedValue(failure, "reason") ?? ""}
            error={failure?.errors.reason}
          />
          <TextAreaField
            label="내용"
            name="body"
            rows={6}
            placeholder="무엇이 어떻게 다른지 적어 주세요. (예: 사이트 주소가 바뀌었습니다: https://…)"
            defaultValue={failedValue(failure, "body")}
            error={failure?.errors.body}
            required
            maxLength={REPORT_BODY_MAX}
          />
          {failure ? (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {failure.message}
            </p>
          ) : null}
          <SubmitButton pendingLabel="보내는 중...">보내기</SubmitButton>
        </Form>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
