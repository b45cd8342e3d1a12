import { SCRIPT_FREE } from "#app/lib/page-handle.ts";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export function loader() {
  throw new Response("페이지를 찾을 수 없습니다.", { status: 404 });
}

export function action() {
  throw new Response("페이지를 찾을 수 없습니다.", { status: 404 });
}

export default function NotFound() {
  return null;
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-message.tsx";

export const meta = () => [{ title: "페이지를 찾을 수 없습니다 | 도매온" }, { name: "robots", content: "noindex" }];
