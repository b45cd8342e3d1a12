import { Link } from "react-router";
import { Pager } from "#app/components/pager.tsx";
import type { ReviewsSection as Section } from "./review-actions.server.ts";
import { EVIDENCE_CONFIRMED_LABEL, REVIEW_ACTS, SCORES_PENDING, TAKEN_DOWN_PLACEHOLDER } from "./review-words.ts";

/**
 * `셀러 거래 후기` on /wholesaler/{id} (ui-contract.md "Seller reviews"): the four scores once 3 reviews with 증빙 확인
 * count, `후기 쓰기`, and the reviews newest first, each with what the visitor may do to it. Text is text: a review
 * that holds HTML shows it as written, never as markup.
 */
export function ReviewSection({ wholesalerId, section }: { wholesalerId: number; section: Section }) {
  const { scores, items, total, page, pageCount } = section;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-lg font-semibold text-slate-900">
          셀러 거래 후기
        </h2>
        <Link to={`/wholesaler/${wholesalerId}/review`} className="text-sm font-medium text-blue-700 hover:underline">
          후기 쓰기
        </Link>
      </div>
      {scores ? (
        <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {scores.map((score) => (
            <li key={score.label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
              <span className="text-slate-600">{score.label}</span>{" "}
              <span className="font-semibold text-slate-900">{score.average ?? "평가 없음"}</span>{" "}
              <span className="text-slate-500">({score.count.toLocaleString("ko-KR")})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{SCORES_PENDING}</p>
      )}
      {items.length === 0 ? (
        <p className="mt-3 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm text-slate-600">아직 후기가 없습니다.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600">후기 {total.toLocaleString("ko-KR")}건 · 최근 순</p>
          <ol className="mt-2 space-y-3">
            {items.map((review) =>
              review.takenDown ? (
                <li
                  key={review.id}
                  id={`review-${review.id}`}
                  className="rounded-xl border border-slate-200 bg-slate-50 px-5 py-4 text-sm text-slate-600"
                >
                  {TAKEN_DOWN_PLACEHOLDER}
                </li>
              ) : (
                <li key={review.id} id={`review-${review.id}`} className="rounded-xl border border-slate-200 bg-white px-5 py-4">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                    <span className="font-medium text-slate-900">{review.writer}</span>
                    <span>거래 시기 {review.tradedOn}</span>
                    {review.confirmed ? (
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
                        {EVIDENCE_CONFIRMED_LABEL}
                      </span>
                    ) : null}
                    <span className="ml-auto text-slate-500">{review.day}</span>
                  </p>
                  <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-700">
                    {review.scores.map((score) => (
                      <span key={score.label}>
                        {score.label} <strong className="font-semibold text-slate-900">{score.value}</strong>
                      </span>
                    ))}
                  </p>
                  <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-slate-800">{review.body}</p>
                  {review.answer ? (
                    <div className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-sm">
                      <p className="font-medium text-slate-900">
                        공급사 답변 <span className="font-normal text-slate-500">{review.answer.day}</span>
                      </p>
                      <p className="mt-1 whitespace-pre-line break-words text-slate-700">{review.answer.body}</p>
                    </div>
                  ) : null}
                  <p className="mt-3 flex flex-wrap gap-3 text-sm">
                    {review.acts.map((act) => (
                      <Link
                        key={act}
                        to={`/wholesaler/${wholesalerId}/reviews/${review.id}/${act}`}
                        rel="nofollow"
                        className="font-medium text-slate-600 underline hover:text-slate-900"
                      >
                        {REVIEW_ACTS[act].link}
                      </Link>
                    ))}
                  </p>
                </li>
              ),
            )}
          </ol>
          <Pager page={page} pageCount={pageCount} param="reviewPage" label="후기 페이지" />
        </>
      )}
    </section>
  );
}
