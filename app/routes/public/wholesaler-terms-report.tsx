import { Form, Link } from "react-router";
import { FormAlert } from "#app/components/form-alert.tsx";
import { FileField, TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { loadTermReportPage, submitTermReportAction } from "#app/features/reports/report-actions.server.ts";
import { CHECKED_WITHIN_DAYS } from "#app/features/reports/term-report-words.ts";
import { WholesalerTermsFields } from "#app/features/wholesalers/wholesaler-terms-fields.tsx";
import { URL_MAX } from "#app/lib/form-fields.ts";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { addDays, seoulDay } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import { EVIDENCE_PICTURE_ACCEPT } from "#app/platform/evidence/evidence-kinds.ts";
import type { Route } from "./+types/wholesaler-terms-report";

/** Selects, text fields and a file field: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? `위탁 조건 제보: ${loaderData.wholesaler.name}` : "위탁 조건 제보",
    description: "공급사 페이지에서 확인한 위탁 조건을 근거와 함께 알려 주세요.",
  }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadTermReportPage(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return submitTermReportAction(request, params.id);
}

/** A 429's Retry-After reaches the response. */
export { routeHeaders as headers } from "#app/lib/headers.ts";

export default function WholesalerTermsReport({ loaderData, actionData }: Route.ComponentProps) {
  const { wholesaler } = loaderData;
  const failure = failureOf(actionData);
  const errors = failure?.errors ?? {};
  const today = seoulDay();
  return (
    <div className="mx-auto max-w-3xl">
      <Link to={`/wholesaler/${wholesaler.id}`} className="text-sm font-medium text-blue-700 hover:underline">
        ← {wholesaler.name}
      </Link>
      <div className="mt-4">
        <PageHeading>위탁 조건 제보</PageHeading>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        noValidate
      >
        <p className="text-sm text-slate-600">
          공급사의 사이트나 스토어에서 확인한 위탁 조건을 알려 주세요. 관리자가 근거를 확인한 뒤 반영하며, 반영된 조건에는 근거가 조건
          출처로 표시됩니다. 제보한 분의 계정은 공개되지 않습니다.
        </p>
        <WholesalerTermsFields values={failure?.values ?? {}} errors={errors} kind="report" />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-base font-semibold text-slate-900">근거 (주소나 캡처 중 하나 이상)</legend>
          <TextField
            label="근거 주소"
            name="evidenceUrl"
            inputMode="url"
            maxLength={URL_MAX}
            placeholder="https://"
            defaultValue={failedValue(failure, "evidenceUrl")}
            error={errors.evidenceUrl}
            hint="조건이 적힌 공급사 사이트나 스토어의 페이지 주소입니다."
          />
          <FileField
            label="근거 화면 캡처"
            name="evidenceImage"
            accept={EVIDENCE_PICTURE_ACCEPT}
            required={false}
            error={errors.evidenceImage}
            help="PNG, JPEG, WebP 그림 파일, 5MB까지 올릴 수 있습니다. 관리자만 보며, 결정 후 30일이 지나면 삭제됩니다."
          />
        </fieldset>
        <TextField
          label="확인한 날짜"
          name="checkedOn"
          type="date"
          required
          max={today}
          min={addDays(today, -CHECKED_WITHIN_DAYS)}
          defaultValue={failedValue(failure, "checkedOn") ?? today}
          error={errors.checkedOn}
          hint={`조건을 확인한 날입니다. 최근 ${CHECKED_WITHIN_DAYS}일 안의 날짜만 고를 수 있습니다.`}
        />
        <FormAlert message={failure?.message} />
        <SubmitButton pendingLabel="보내는 중...">제보하기</SubmitButton>
      </Form>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
