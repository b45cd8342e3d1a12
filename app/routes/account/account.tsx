import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { ConfirmSubmitButton } from "#app/components/confirm-dialog.tsx";
import { EmailField, TextField } from "#app/components/form-field.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { PRIMARY_BUTTON_CLASS, SubmitButton } from "#app/components/submit-button.tsx";
import { accountAction, accountLoader } from "#app/features/users/account-actions.server.ts";
import { DELETE_CONFIRM_FIELD, DELETE_CONFIRM_MESSAGE, DISPLAY_NAME_MAX } from "#app/features/users/account-schema.ts";
import { ConsentList, NEWS_CONSENT_INTENT } from "#app/features/users/consent-list.tsx";
import { failedValue, failureOf } from "#app/lib/form-kit.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { ACCOUNT_FORM } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/account";

/** No compare bar over the form (on a phone it covered the button). */
export const handle = ACCOUNT_FORM;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "내 계정", description: "로그인 정보와 비밀번호를 관리하고 탈퇴할 수 있습니다." }),
  { name: "robots", content: "noindex" },
];

export { routeHeaders as headers } from "#app/lib/headers.ts";

export function loader({ request }: Route.LoaderArgs) {
  return accountLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return accountAction(request);
}

function Section({ title, children, tone = "plain" }: { title: string; children: ReactNode; tone?: "plain" | "danger" }) {
  return (
    <section className={`rounded-xl border bg-white p-6 shadow-sm ${tone === "danger" ? "border-rose-200" : "border-slate-200"}`}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A form's failure that is about no single field (success is a one-time message after the redirect). */
function FormError({ error }: { error?: string | null }) {
  return error ? (
    <p role="alert" className="text-sm text-rose-600">
      {error}
    </p>
  ) : null;
}

const DANGER_BUTTON = "rounded-lg bg-rose-600 px-5 py-2.5 font-semibold text-white hover:bg-rose-700 disabled:opacity-60";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const failedIntent = failedValue(failure, "intent");
  const errorFor = (intent: string) => (failedIntent === intent ? failure?.message : null);
  // Every success is a redirect to this page, a new location: keyed by it, the password form starts empty
  // again (the typed passwords are never sent back either), while a failure keeps what was typed.
  const location = useLocation();

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading>내 계정</PageHeading>

      <Section title="로그인 정보">
        {loaderData.joined ? (
          <p role="status" className="mb-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            가입을 마쳤습니다. 동의한 항목은 아래 동의 내역에서 볼 수 있습니다.
          </p>
        ) : null}
        {loaderData.email === null ? (
          // An account 카카오 or 네이버 made without an e-mail (docs/decisions/0055): it adds one, proved by a link.
          <Form method="post" className="space-y-3 rounded-lg bg-amber-50 p-4">
            <input type="hidden" name="intent" value="add-email" />
            <p className="text-sm text-amber-900">
              이 계정에는 아직 이메일 주소가 없습니다. 찜 알림과 저장한 검색의 메일을 받고 도매처 거래 후기를 쓰려면 이메일 주소를 등록하고
              확인해 주세요.
            </p>
            <EmailField
              defaultValue={failedIntent === "add-email" ? failedValue(failure, "email") : undefined}
              error={failedIntent === "add-email" ? failure?.errors.email : undefined}
            />
            <FormError error={failedIntent === "add-email" && !failure?.errors.email ? failure?.message : null} />
            <SubmitButton intent="add-email" pendingLabel="보내는 중..." className={PRIMARY_BUTTON_CLASS}>
              확인 메일 보내기
            </SubmitButton>
          </Form>
        ) : (
          <dl className="text-sm">
            <dt className="text-slate-500">이메일</dt>
            <dd className="mt-1 text-base text-slate-900">
              {loaderData.email}
              {loaderData.emailVerified ? <span className="ml-2 text-sm text-emerald-700">확인됨</span> : null}
            </dd>
          </dl>
        )}
        {loaderData.email !== null && (loaderData.adminPending || !loaderData.emailVerified) ? (
          <Form method="post" className="mt-4 space-y-3 rounded-lg bg-amber-50 p-4">
            <input type="hidden" name="intent" value="send-verification" />
            <p className="text-sm text-amber-900">
              {loaderData.adminPending
                ? "이 주소는 관리자 주소로 지정되어 있습니다. 이 브라우저에서 확인 메일의 링크를 열고 버튼을 누르면 관리자 권한이 적용됩니다."
                : "이메일 주소를 아직 확인하지 않았습니다. 확인한 계정만 도매처 거래 후기를 쓰고 검색 조건을 저장할 수 있습니다. 이 브라우저에서 확인 메일의 링크를 열고 버튼을 눌러 주세요."}
            </p>
            <FormError error={errorFor("send-verification")} />
            <SubmitButton intent="send-verification" pendingLabel="보내는 중..." className={PRIMARY_BUTTON_CLASS}>
              확인 메일 보내기
            </SubmitButton>
          </Form>
        ) : null}
      </Section>

      {loaderData.providers.length > 0 ? (
        <Section title="간편 로그인">
          {loaderData.providerNotice ? (
            <p role="status" className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              {loaderData.providerNotice}
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {loaderData.providers.map((provider) => (
              <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="text-slate-800">{provider.name} 로그인</span>
                {provider.linked ? (
                  <span className="text-sm text-emerald-700">연결됨</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="link-provider" />
                    <input type="hidden" name="provider" value={provider.id} />
                    <SubmitButton intent="link-provider" pendingLabel="이동 중..." className={PRIMARY_BUTTON_CLASS}>
                      {provider.name} 계정 연결하기
                    </SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <FormError error={errorFor("link-provider")} />
          <p className="mt-3 text-sm text-slate-500">
            연결하면 다음부터 그 서비스의 로그인 버튼으로 이 계정에 들어올 수 있습니다. 같은 이메일을 쓰는 계정이라도 여기서 연결해야만
            이어집니다.
          </p>
        </Section>
      ) : null}

      {loaderData.isAdmin ? (
        // Only admins write anything others read (seller notes), so only they have a name to choose.
        <Section title="표시 이름">
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="display-name" />
            <TextField
              label="표시 이름"
              name="displayName"
              defaultValue={failedValue(failure, "displayName") ?? loaderData.displayName}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              hint="셀러 노트의 작성자로 표시됩니다. 비워 두면 '관리자'로 표시되며, 이메일 주소는 공개되지 않습니다."
              error={failedIntent === "display-name" ? failure?.errors.displayName : undefined}
            />
            <FormError error={failedIntent === "display-name" && !failure?.errors.displayName ? failure?.message : null} />
            <SubmitButton intent="display-name" pendingLabel="저장 중..." className={PRIMARY_BUTTON_CLASS}>
              저장
            </SubmitButton>
          </Form>
        </Section>
      ) : null}

      {loaderData.takenDownReviews.length > 0 ? (
        <Section title="임시 조치된 내 후기">
          <p className="mb-3 text-sm text-slate-600">
            아래 후기는 도매처의 게시 중단 요청으로 숨겨져 있습니다. 관리자가 30일 안에 복원하거나 삭제합니다. 후기 내용이 사실이라면 이의
            신청을 해 주세요.
          </p>
          <ul className="divide-y divide-slate-100 text-sm">
            {loaderData.takenDownReviews.map((review) => (
              <li key={review.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-slate-800">
                  {review.wholesalerName} 후기 · {review.since}부터
                </span>
                {review.objected ? (
                  <span className="text-slate-500">이의 신청함</span>
                ) : (
                  <Link to={review.href} className="font-medium text-blue-700 underline">
                    이의 신청
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="찜 알림">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="alerts" />
          <label className="flex items-start gap-2 text-slate-800">
            <input
              type="checkbox"
              name="alerts"
              defaultChecked={loaderData.alertsOn && loaderData.email !== null}
              className="mt-1 h-4 w-4"
            />
            <span>찜한 도매처 변경 알림 받기</span>
          </label>
          <p className="text-sm text-slate-500">
            찜한 도매처의 위탁 판매, 배송비, 단순 변심 반품, 가격 정책이 바뀌거나 휴업·폐업하면 하루에 한 번까지 메일로 알려 드립니다.
          </p>
          <FormError error={errorFor("alerts")} />
          <SubmitButton intent="alerts" pendingLabel="저장 중..." className={PRIMARY_BUTTON_CLASS}>
            알림 설정 저장
          </SubmitButton>
        </Form>
      </Section>

      <Section title="동의 내역">
        <ConsentList entries={loaderData.consents} error={errorFor(NEWS_CONSENT_INTENT)} />
      </Section>

      <Section title="저장한 검색">
        {loaderData.savedSearches.length === 0 ? (
          <p className="text-sm text-slate-600">
            도매처 목록에서 검색어나 카테고리, 조건 필터를 고른 뒤 ‘이 조건 저장’을 누르면 여기에 모입니다.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {loaderData.savedSearches.map((search) => (
              <li key={search.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={search.href} className="font-medium text-blue-700 underline">
                  {search.label}
                </Link>
                <Form method="post" action="/saved-searches" reloadDocument>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={search.id} />
                  <input type="hidden" name="redirectTo" value="/account" />
                  <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-50">
                    삭제
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-500">
          새로 맞는 도매처가 생기면 매주 월요일 아침에 한 번 메일로 알려 드립니다. 새 소식이 없는 주에는 보내지 않으며, 찜 알림을 끄면 이
          메일도 오지 않습니다.
        </p>
      </Section>

      <Section title="비밀번호 변경">
        {loaderData.hasPassword ? (
          <Form method="post" key={location.key} className="space-y-4">
            <input type="hidden" name="intent" value="change-password" />
            <TextField
              label="현재 비밀번호"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              error={failedIntent === "change-password" ? failure?.errors.currentPassword : undefined}
            />
            <TextField
              label="새 비밀번호"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="8자 이상으로 정해 주세요. 바꾸면 다른 기기에서는 모두 로그아웃됩니다."
              error={failedIntent === "change-password" ? failure?.errors.newPassword : undefined}
            />
            <FormError
              error={
                failedIntent === "change-password" && !failure?.errors.currentPassword && !failure?.errors.newPassword
                  ? failure?.message
                  : null
              }
            />
            <SubmitButton intent="change-password" pendingLabel="변경 중..." className={PRIMARY_BUTTON_CLASS}>
              비밀번호 변경
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">
            카카오·네이버 로그인으로 가입한 계정이라 비밀번호가 없습니다. 간편 로그인으로 들어와 주세요.
          </p>
        )}
      </Section>

      <Section title="회원 탈퇴" tone="danger">
        <p className="mb-4 text-sm text-slate-600">
          탈퇴하면 계정과 등록한 상품, 찜 목록, 쓴 거래 후기가 바로 삭제되며 되돌릴 수 없습니다.
        </p>
        {failedIntent === "delete-account" ? (
          // Without JavaScript the first press lands here: the same question, asked on the page.
          <Form method="post" className="space-y-3 rounded-lg bg-rose-50 p-4">
            <input type="hidden" name="intent" value="delete-account" />
            <input type="hidden" name={DELETE_CONFIRM_FIELD} value="yes" />
            <div role="alert" className="space-y-1">
              <p className="text-sm text-rose-700">{failure?.message}</p>
              <p className="font-semibold text-rose-900">{DELETE_CONFIRM_MESSAGE}</p>
            </div>
            <SubmitButton intent="delete-account" pendingLabel="탈퇴 처리 중..." className={DANGER_BUTTON}>
              회원 탈퇴
            </SubmitButton>
          </Form>
        ) : (
          <ConfirmSubmitButton
            fields={{ intent: "delete-account" }}
            confirmedFields={{ [DELETE_CONFIRM_FIELD]: "yes" }}
            label="회원 탈퇴"
            message={DELETE_CONFIRM_MESSAGE}
            className={DANGER_BUTTON}
          />
        )}
      </Section>
    </div>
  );
}
