import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { claimAction, loadClaimPage } from "#app/features/suppliers/claim-actions.server.ts";
import { ACCOUNT_CHECKS_PER_HOUR, CHECKS_PER_HOUR, META_NAME } from "#app/features/suppliers/claim-rules.ts";
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
  const { listing, refusal, code, expiresAt, manager, siteUrl, filePath } = loaderData;
  const failure = failureOf(actionData);
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
              이미 이 도매처의 운영자로 인증되어 있습니다. <Link to="/supplier">내 도매처</Link>에서 조건을 수정할 수 있습니다.
            </p>
          ) : null}
          <p className="text-slate-700">
            <strong className="font-semibold">{listing.name}</strong>의 사이트(<span className="break-all">{siteUrl}</span>)를 운영하고
            계시다면, 아래 두 방법 중 하나로 인증 코드를 사이트에 올린 뒤 ‘확인하기’를 눌러 주세요. 인증되면 위탁 조건을 직접 수정하고
            상품을 이 도매처에 연결할 수 있습니다.
          </p>
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-500">인증 코드 (이 계정과 이 도매처 전용)</p>
            <p className="mt-1 break-all font-mono text-lg text-slate-900" data-testid="claim-code">
              {code}
            </p>
            <p className="mt-1 text-sm text-slate-500">{expiresAt ? `${formatDateTime(expiresAt)}까지 유효합니다.` : null}</p>
          </div>
          {failure ? (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
              {failure.message}
            </p>
          ) : null}
          <ProofSection method="meta" title="메타 태그" code={code}>
            <p className="mt-1 text-sm text-slate-600">사이트 주소의 페이지 &lt;head&gt; 안에 다음 태그를 넣어 주세요.</p>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-sm">{`<meta name="${META_NAME}" content="${code}">`}</pre>
          </ProofSection>
          <ProofSection method="file" title="파일" code={code}>
            <p className="mt-1 text-sm text-slate-600">사이트의 {filePath} 주소에 인증 코드만 적은 텍스트 파일을 올려 주세요.</p>
          </ProofSection>
          <p className="text-sm text-slate-500">
            확인하기는 도매처마다 한 시간에 {CHECKS_PER_HOUR}번, 한 계정에서 모든 도매처를 합쳐 한 시간에 {ACCOUNT_CHECKS_PER_HOUR}번까지 할
            수 있습니다. 사이트가 다른 주소로 이동하면 같은 사이트 안의 주소만 따라갑니다.
          </p>
        </div>
      )}
    </div>
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
