/**
 * The words pages show for the site checks, apart from the rules (site-status.ts), so a page's
 * JavaScript does not carry the Public Suffix List.
 */
export type SiteStatus = "ok" | "moved" | "down" | "unchecked";

/** ui-contract.md "Keeping the list true". */
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = {
  ok: "정상",
  moved: "주소 변경됨",
  down: "연결 안 됨",
  unchecked: "확인 전",
};

/** What the admin page says about one check's failure. */
export const FAILURE_LABELS: Record<string, string> = {
  dns: "도메인을 찾을 수 없음",
  connect: "연결 거부 또는 닿지 않음",
  timeout: "응답 시간 초과",
  tls: "보안 연결(인증서) 오류",
  refused: "허용되지 않는 주소로 연결됨",
  redirects: "리디렉션이 너무 많음",
  "too-large": "페이지가 너무 큼",
  protocol: "올바르지 않은 HTTP 응답",
  network: "네트워크 오류",
  http: "오류 응답",
  parked: "판매 중이거나 주차된 도메인",
};
