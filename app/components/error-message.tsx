import { isRouteErrorResponse, useRouteError } from "react-router";

/**
 * The one error boundary of every route (each route module re-exports it as `ErrorBoundary`, so the message is drawn
 * inside its own layout and `handle`): Korean text for the error the router caught, never a stack trace or a
 * database message. It reads the error with `useRouteError`, which a re-exported boundary needs (React Router's build
 * passes props only to a boundary the module declares itself).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  let title = "오류가 발생했습니다.";
  let detail = "잠시 후 다시 시도해 주세요.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = typeof error.data === "string" && error.data ? error.data : "페이지를 찾을 수 없습니다.";
      detail = "주소가 바뀌었거나 삭제된 페이지입니다.";
    } else if (error.status === 403) {
      title = typeof error.data === "string" && error.data ? error.data : "권한이 없습니다.";
      detail = "";
    } else if (error.status === 400) {
      title = typeof error.data === "string" && error.data ? error.data : "잘못된 요청입니다.";
      detail = "";
    } else if (error.status === 401) {
      title = "로그인이 필요합니다.";
      detail = "";
    } else if (error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data) {
      // 413, 415, 429 and the like: the server's own Korean sentence.
      title = error.data;
      detail = "";
    }
  }
  return (
    <section className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {detail ? <p className="mt-3 text-slate-600">{detail}</p> : null}
      {/* Not "도매 사이트 목록…": that is the header link's name, and a second link containing it is ambiguous. */}
      <a href="/list" className="mt-6 inline-block rounded-md bg-blue-600 px-4 py-2 font-medium text-white">
        첫 화면으로 가기
      </a>
    </section>
  );
}
