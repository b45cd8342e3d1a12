import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { CopyButton } from "#app/components/copy-button.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { claimAction, loadClaimPage } from "#app/features/suppliers/claim-actions.server.ts";
import { BUILDER_STEPS } from "#app/features/suppliers/claim-builder-steps.ts";
import {
  ACCOUNT_CHECKS_PER_HOUR,
  CHECKS_PER_HOUR,
  DOCUMENT_ACCEPT,
  MAIL_CODE_MINUTES,
  MAIL_CODE_TRIES,
  MAILS_PER_DAY,
  META_NAME,
  SHARED_HOST_SENTENCE,
} from "#app/features/suppliers/claim-rules.ts";
import { failureOf } from "#app/lib/form-kit.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/wholesaler-claim";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "도매처 운영자 인증", description: "도매처 사이트의 운영자임을 인증합니다." }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadClaimPage(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return claimAction(request, params.id);
}

/** A 429's Retry-After reaches the response. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

export default function WholesalerClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, refusal, code, expiresAt, manager, siteUrl, filePath, mail, document } = loaderData;
  const failure = failureOf(actionData);
  const mailSent = actionData && "mailSent" in actionData ? actionData.mailSent : null;
  const documentSent = actionData && "documentSent" in actionData ? actionData.documentSent : null;
  const tag = code ? `<meta name="${META_NAME}" content="${code}">` : "";
  return (
    <div className="mx-auto max-w-2xl">
      {listing.name ? (
        <Link to={`/wholesaler/${listing.id}`} className="text-sm font-medium text-blue-700 hover:underline">
          ← {listing.name}
        </Link>
      ) : null}
      <div className="mt-4">
        <PageHeading>도매처 운영자 인증</PageHeading>
      </div>
      {refusal || !code ? (
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900">
          {refusal}
        </p>
      ) : (
        <div className="space-y-6">
          {manager ? (
            <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-5 py-4 text-emerald-800">
              이미 이 도매처의 운영자로 인증되어 있습니다.{" "}
              <Link to={`/supplier/${listing.id}/edit`} className="font-medium underline">
                내 도매처에서 수정
              </Link>
            </p>
          ) : null}
          <p className="text-slate-700">
            <strong className="font-semibold">{listing.name}</strong>의 사이트(<span className="break-all">{siteUrl}</span>)를 운영하고
            계시다면, 아래 방법 중 하나로 인증해 주세요. 인증되면 위탁 조건을 직접 수정하고 상품을 이 도매처에 연결할 수 있습니다.
          </p>
          {mail.refusal === SHARED_HOST_SENTENCE ? (
            <p className="rounded-xl border border-sky-200 bg-sky-50 px-5 py-4 text-sky-900">{SHARED_HOST_SENTENCE}</p>
          ) : null}
          {failure ? (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {failure.message}
            </p>
          ) : null}
          {mailSent ? (
            <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
              {mailSent}
            </p>
          ) : null}
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <p id="claim-code-label" className="text-sm text-slate-500">
              인증 코드 (이 계정과 이 도매처 전용)
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <CopyableText text={code} testId="claim-code" className="break-all font-mono text-lg text-slate-900" />
              <CopyButton text={code} label="인증 코드" />
            </div>
            <p className="mt-1 text-sm text-slate-500">{expiresAt ? `${formatDateTime(expiresAt)}까지 유효합니다.` : null}</p>
          </div>
          <ProofSection method="meta" title="메타 태그" code={code}>
            <p className="mt-1 text-sm text-slate-600">사이트 주소의 첫 페이지 &lt;head&gt; 안에 다음 태그를 넣어 주세요.</p>
            <div className="mt-2 flex flex-wrap items-start gap-2">
              <CopyableText text={tag} block className="min-w-0 flex-1 overflow-x-auto rounded bg-slate-100 p-3 text-sm" />
              <CopyButton text={tag} label="메타 태그" />
            </div>
            <div className="mt-4 space-y-3">
              {BUILDER_STEPS.map((builder) => (
                <div key={builder.name}>
                  <h3 className="text-sm font-semibold text-slate-900">{builder.name}</h3>
                  <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
                    {builder.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </div>
              ))}
            </div>
          </ProofSection>
          <ProofSection method="file" title="파일" code={code}>
            <p className="mt-1 text-sm text-slate-600">사이트의 {filePath} 주소에 인증 코드만 적은 텍스트 파일을 올려 주세요.</p>
          </ProofSection>
          <MailSection mail={mail} sent={Boolean(mailSent) || mail.pending} />
          <DocumentSection document={document} sent={documentSent} />
          <p className="text-sm text-slate-500">
            확인하기는 도매처마다 한 시간에 {CHECKS_PER_HOUR}번, 한 계정에서 모든 도매처를 합쳐 한 시간에 {ACCOUNT_CHECKS_PER_HOUR}번까지 할
            수 있습니다. 사이트가 다른 주소로 이동하면 같은 사이트 안의 주소만 따라갑니다.
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * A text to copy (the code, the tag): focusable, so a keyboard reaches it and selects it without JavaScript (the
 * `복사` button beside it needs JavaScript), and a tag that scrolls sideways can be scrolled by keyboard.
 */
function CopyableText({ text, block = false, className, testId }: { text: string; block?: boolean; className: string; testId?: string }) {
  const focus = "focus:outline-2 focus:outline-blue-600";
  return block ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: text copied by hand, reachable by keyboard without JavaScript (WCAG 2.1.1)
    <pre tabIndex={0} className={`${className} ${focus}`} data-testid={testId}>
      <code>{text}</code>
    </pre>
  ) : (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: text copied by hand, reachable by keyboard without JavaScript (WCAG 2.1.1)
    <code tabIndex={0} className={`${className} ${focus}`} data-testid={testId}>
      {text}
    </code>
  );
}

/**
 * 사업자등록증: a picture or PDF of the document whose number is the listing's (typed when the listing has none), a
 * contact, and `심사 요청`; an admin decides on /admin/claims.
 */
function DocumentSection({ document, sent }: { document: { number: string | null; pending: boolean }; sent: string | null }) {
  return (
    <section aria-labelledby="document-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="document-heading" className="text-lg font-semibold text-slate-900">
        사업자등록증
      </h2>
      {sent ? (
        <p role="status" className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {sent}
        </p>
      ) : document.pending ? (
        <p className="mt-1 text-sm text-slate-600">심사 중인 요청이 있습니다. 결과를 메일로 알려 드립니다.</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-2 space-y-3">
          <input type="hidden" name="method" value="document" />
          <input type="hidden" name="intent" value="document" />
          <p className="text-sm text-slate-600">
            {document.number
              ? `이 도매처의 사업자등록번호(${document.number})가 적힌 사업자등록증을 올려 주세요.`
              : "사업자등록증과 그 번호를 올려 주세요. 승인되면 이 번호가 도매처의 사업자등록번호가 됩니다."}{" "}
            그림(PNG, JPEG, WebP)이나 PDF로 10MB까지 올릴 수 있고, 관리자만 보며 심사 후 30일이 지나면 삭제됩니다.
          </p>
          <div>
            <label htmlFor="claim-document" className="block text-sm font-medium text-slate-800">
              사업자등록증 파일
            </label>
            <input id="claim-document" name="document" type="file" required accept={DOCUMENT_ACCEPT} className="mt-1 block text-sm" />
          </div>
          {document.number ? null : (
            <div>
              <label htmlFor="claim-business-number" className="block text-sm font-medium text-slate-800">
                사업자등록번호
              </label>
              <input
                id="claim-business-number"
                name="businessNumber"
                required
                inputMode="numeric"
                maxLength={12}
                placeholder="123-45-67890"
                className="mt-1 w-44 rounded-md border border-slate-300 px-3 py-2"
              />
            </div>
          )}
          <div>
            <label htmlFor="claim-contact" className="block text-sm font-medium text-slate-800">
              담당자 연락처
            </label>
            <input
              id="claim-contact"
              name="contact"
              required
              maxLength={100}
              placeholder="전화번호나 이메일"
              className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <SubmitButton intent="document" pendingLabel="보내는 중...">
            심사 요청
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/**
 * 이메일: the part before `@` typed beside the site's own domain (the server builds the address, never the form), then
 * the 6-digit code from the mail. Not offered for a shared host or an address without a domain of its own.
 */
function MailSection({ mail, sent }: { mail: { domain: string | null; refusal: string | null; pending: boolean }; sent: boolean }) {
  return (
    <section aria-labelledby="email-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        이메일
      </h2>
      {mail.domain ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            사이트 도메인(@{mail.domain})의 메일 주소로 인증번호를 보내 드립니다. @ 앞부분만 입력해 주세요. 인증번호는 {MAIL_CODE_MINUTES}분
            동안 {MAIL_CODE_TRIES}번까지 입력할 수 있고, 메일은 도매처마다 하루 {MAILS_PER_DAY}번까지 보낼 수 있습니다.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="method" value="email-send" />
            <input type="hidden" name="intent" value="email-send" />
            <label htmlFor="claim-local-part" className="block text-sm font-medium text-slate-800">
              메일 주소
            </label>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <input
                id="claim-local-part"
                name="localPart"
                required
                maxLength={64}
                autoComplete="off"
                inputMode="email"
                className="w-48 rounded-md border border-slate-300 px-3 py-2"
              />
              <span className="text-slate-700">@{mail.domain}</span>
              <SubmitButton intent="email-send" pendingLabel="보내는 중...">
                인증 메일 보내기
              </SubmitButton>
            </div>
          </Form>
          {sent ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="method" value="email-confirm" />
              <input type="hidden" name="intent" value="email-confirm" />
              <label htmlFor="claim-mail-code" className="block text-sm font-medium text-slate-800">
                인증번호
              </label>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <input
                  id="claim-mail-code"
                  name="mailCode"
                  required
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  className="w-32 rounded-md border border-slate-300 px-3 py-2 font-mono"
                />
                <SubmitButton intent="email-confirm" pendingLabel="확인 중...">
                  확인하기
                </SubmitButton>
              </div>
            </Form>
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          {mail.refusal === SHARED_HOST_SENTENCE ? "오픈마켓이나 플랫폼의 주소에는 이메일 인증을 쓸 수 없습니다." : mail.refusal}
        </p>
      )}
    </section>
  );
}

/** One way of proving control: what to put on the site, and the button that has the server look for it. */
function ProofSection({ method, title, code, children }: { method: "meta" | "file"; title: string; code: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${method}-heading`} className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${method}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      <Form method="post" className="mt-3">
        <input type="hidden" name="method" value={method} />
        {/* The code this page showed: a page opened before the code's period turned still checks for it. */}
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="intent" value={method} />
        <SubmitButton intent={method} pendingLabel="확인 중...">
          확인하기
        </SubmitButton>
      </Form>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";
