const wonFormat = new Intl.NumberFormat("ko-KR");
const dateFormat = new Intl.DateTimeFormat("ko-KR", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Seoul" });

/** 12000 → "12,000원" */
export function formatWon(value: number) {
  return `${wonFormat.format(value)}원`;
}

/** A date as Koreans read it: "2026. 11. 22." (Korea time, whatever the server's zone). */
export function formatDate(value: Date | string | number) {
  return dateFormat.format(new Date(value));
}
