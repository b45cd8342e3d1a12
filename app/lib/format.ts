const wonFormat = new Intl.NumberFormat("ko-KR");
const dateFormat = new Intl.DateTimeFormat("ko-KR", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Seoul" });

/** 12000 → "12,000원" */
export function formatWon(value: number) {
  return `${wonFormat.format(value)}원`;
}

const isoDayFormat = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Seoul" });

/** The Korean calendar day (Asia/Seoul) of a moment as `2026-11-23`: dates a person reads are Korean days. */
export function seoulDay(value: Date | number = Date.now()) {
  return isoDayFormat.format(new Date(value));
}

/** The start of a Korean calendar day (`2026-11-23`) as a moment (Asia/Seoul has no daylight saving time). */
export function startOfSeoulDay(day: string) {
  return new Date(`${day}T00:00:00+09:00`);
}

/** A date as Koreans read it: "2026. 11. 22." (Korea time, whatever the server's zone). */
export function formatDate(value: Date | string | number) {
  return dateFormat.format(new Date(value));
}

const dateTimeFormat = new Intl.DateTimeFormat("ko-KR", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Seoul",
});

/** A moment as Koreans read it, to the minute: "2026. 11. 22. 14:05" (Korea time, 24-hour clock). */
export function formatDateTime(value: Date | string | number) {
  return dateTimeFormat.format(new Date(value));
}

/** `YYYY-MM-DD` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const moved = new Date(`${day}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** `2026-11-22` → `2026. 11. 22.`, the ko-KR date the pages show, without any time-zone arithmetic. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${year}. ${month}. ${date}.`;
}
