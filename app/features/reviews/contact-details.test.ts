import { expect, test } from "vitest";
import { hasContactDetails } from "./contact-details.ts";

test("phone numbers and e-mail addresses are found however they are written; prices, dates and order numbers are not", () => {
  for (const text of [
    "010-1234-5678로 연락 주세요",
    "01012345678",
    "010 1234 5678",
    "010.1234.5678",
    "(02)123-4567",
    "031-123-4567",
    "0505-123-4567",
    "대표번호 1588-1234",
    "+82 10 1234 5678",
    "+82-2-123-4567",
    "０１０－１２３４－５６７８",
    "owner@shop.co.kr",
    "owner ＠ shop . co . kr",
    "mail: A.B+c@example.com",
  ]) {
    expect(hasContactDetails(text), text).toBe(true);
  }
  for (const text of [
    "12,000원에 샀습니다",
    "2026-11-28에 주문했어요",
    "주문번호 20261128-0001",
    "송장 6070-1234-5678",
    "1,588개 재고",
    "@도매꾹 공식",
    "평점 4.5/5",
  ]) {
    expect(hasContactDetails(text), text).toBe(false);
  }
});
