import { Form } from "react-router";
import { SubmitButton } from "#app/components/submit-button.tsx";
import type { ConsentEntry } from "./signup-consent.ts";

export const NEWS_CONSENT_INTENT = "news-consent";

const STATE_WORDS: Record<ConsentEntry["state"], string> = { agreed: "동의함", withdrawn: "동의 철회", none: "동의하지 않음" };

/**
 * /account's `동의 내역`: each sign-up item with what the person did, when, and the version of the text; the optional
 * 새 소식 메일 can be taken back (or given) here with one button post.
 */
export function ConsentList({ entries, error }: { entries: ConsentEntry[]; error?: string | null }) {
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {entries.map((entry) => (
          <li key={entry.kind} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {entry.name} <span className="text-slate-500">({entry.required ? "필수" : "선택"})</span>
              </p>
              <p className={entry.state === "agreed" ? "text-emerald-800" : "text-slate-600"}>
                {STATE_WORDS[entry.state]}
                {entry.at ? ` · ${entry.at}` : ""}
                {entry.version ? ` · ${entry.version}` : ""}
              </p>
            </div>
            {entry.kind === "news" ? (
              <Form method="post">
                <input type="hidden" name="intent" value={NEWS_CONSENT_INTENT} />
                <input type="hidden" name="news" value={entry.state === "agreed" ? "withdraw" : "agree"} />
                <SubmitButton
                  intent={NEWS_CONSENT_INTENT}
                  pendingLabel="저장 중..."
                  className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  {entry.state === "agreed" ? "동의 철회" : "동의하기"}
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-slate-500">
        필수 항목의 동의는 회원 탈퇴로 철회할 수 있습니다. 새 소식 메일은 찜 알림과 별개이며, 동의를 철회해도 찜 알림과 계정 안내 메일은
        그대로 받습니다.
      </p>
    </>
  );
}
