import { describe, expect, test } from "vitest";
import { readFtcAnswer, readNtsAnswer, splitDomains } from "./registry-answers.ts";

const nts = (data: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ request_cnt: data.length, status_code: "OK", data, ...extra });
const item = (b_no: string, b_stt_cd: string, more: Record<string, unknown> = {}) => ({
  b_no,
  b_stt: { "01": "계속사업자", "02": "휴업자", "03": "폐업자" }[b_stt_cd] ?? "",
  b_stt_cd,
  tax_type: "부가가치세 일반과세자",
  tax_type_cd: "01",
  end_dt: "",
  ...more,
});

describe("국세청 상태조회 answers", () => {
  test("every state: 계속사업자, 휴업자, 폐업자 with its 폐업일, and an unregistered number", () => {
    const answer = readNtsAnswer(
      nts([
        item("2208112341", "01"),
        item("1058100003", "02", { tax_type: "부가가치세 간이과세자", tax_type_cd: "02" }),
        item("1111111119", "03", { end_dt: "20261101" }),
        {
          b_no: "2222222227",
          b_stt: "",
          b_stt_cd: "",
          tax_type: "국세청에 등록되지 않은 사업자등록번호입니다.",
          tax_type_cd: "",
          end_dt: "",
        },
      ]),
      ["2208112341", "1058100003", "1111111119", "2222222227"],
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.records.get("2208112341")).toMatchObject({ state: "active", stateName: "계속사업자", taxTypeCode: "01", closedOn: null });
    expect(answer.records.get("1058100003")).toMatchObject({ state: "suspended", taxType: "부가가치세 간이과세자", taxTypeCode: "02" });
    expect(answer.records.get("1111111119")).toMatchObject({ state: "closed", closedOn: "2026-11-01" });
    expect(answer.records.get("2222222227")).toMatchObject({ state: "unregistered", stateCode: "" });
  });

  test("anything else is unusable as a whole, with its cause: not JSON, a missing field, an error status, an unknown code", () => {
    const asked = ["2208112341"];
    expect(readNtsAnswer("<html><body>점검 중</body></html>", asked)).toMatchObject({ ok: false, cause: "not-json" });
    const { b_stt_cd: _gone, ...withoutCode } = item("2208112341", "01");
    expect(readNtsAnswer(nts([withoutCode]), asked)).toMatchObject({ ok: false, cause: "unexpected-body", detail: "data.0.b_stt_cd" });
    expect(readNtsAnswer(JSON.stringify({ status_code: "ERROR", data: [] }), asked)).toMatchObject({ ok: false, cause: "unexpected-body" });
    expect(readNtsAnswer(JSON.stringify({ status_code: "OK" }), asked)).toMatchObject({ ok: false, cause: "unexpected-body" });
    expect(readNtsAnswer(nts([item("2208112341", "09")]), asked)).toMatchObject({ ok: false, cause: "unexpected-body" });
    expect(readNtsAnswer(nts([item("2208112341", "03", { end_dt: "2026-11-01" })]), asked)).toMatchObject({ ok: false });
    expect(readNtsAnswer(JSON.stringify({ status_code: "OK", data: item("2208112341", "01") }), asked)).toMatchObject({ ok: false });
  });

  test("an answer about another number than asked is unusable; an item not asked for is left out", () => {
    expect(readNtsAnswer(nts([item("1234567891", "03")]), ["2208112341"])).toMatchObject({ ok: false, cause: "other-number" });
    const mixed = readNtsAnswer(nts([item("2208112341", "01"), item("1234567891", "03")]), ["2208112341"]);
    expect(mixed.ok && [...mixed.records.keys()]).toEqual(["2208112341"]);
  });

  test("extra fields are allowed and never kept: only the registry's business fields are stored", () => {
    const answer = readNtsAnswer(nts([item("2208112341", "01", { p_nm: "홍길동", utcc_yn: "N", invoice_apply_dt: "" })]), ["2208112341"]);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const kept = answer.records.get("2208112341")!.answer;
    expect(kept).toMatchObject({ b_no: "2208112341", b_stt_cd: "01", utcc_yn: "N" });
    expect(JSON.stringify(kept)).not.toContain("홍길동");
  });
});

describe("every kept field is bounded as its column is", () => {
  const HUGE = "x".repeat(150_000);

  test("a 국세청 answer with any kept field too long, or not text, is unusable as a whole", () => {
    const asked = ["2208112341"];
    for (const field of [
      "b_stt",
      "tax_type",
      "tax_type_cd",
      "utcc_yn",
      "tax_type_change_dt",
      "invoice_apply_dt",
      "rbf_tax_type",
      "rbf_tax_type_cd",
    ]) {
      expect(readNtsAnswer(nts([item("2208112341", "01", { [field]: HUGE })]), asked), field).toMatchObject({
        ok: false,
        cause: "unexpected-body",
        detail: `data.0.${field}`,
      });
    }
    expect(readNtsAnswer(nts([item("2208112341", "01", { rbf_tax_type: { nested: HUGE } })]), asked)).toMatchObject({ ok: false });
    // An extra field is never kept, however long.
    const extra = readNtsAnswer(nts([item("2208112341", "01", { note: HUGE })]), asked);
    expect(extra.ok && JSON.stringify(extra.records.get("2208112341")!.answer).length).toBeLessThan(1_000);
  });

  test("a 공정위 answer with any kept field too long, or not text, is unusable as a whole", () => {
    for (const field of [
      "bzmnNm",
      "prmmiMnno",
      "prmmiYr",
      "operSttusCdNm",
      "domnCn",
      "dclrDate",
      "dclrInstNm",
      "ctpvNm",
      "corpYnNm",
      "bzmnRgsSttusSeNm",
      "ntslMthdCn",
      "ntslPrdlstCn",
    ]) {
      expect(readFtcAnswer(ftcEnvelope(1, [ftcItem("2208112341", { [field]: HUGE })]), "2208112341"), field).toMatchObject({
        ok: false,
        cause: "unexpected-body",
      });
    }
    expect(readFtcAnswer(ftcEnvelope(1, [ftcItem("2208112341", { ctpvNm: [HUGE] })]), "2208112341")).toMatchObject({ ok: false });
  });

  test("an answer whose kept fields are all at their bounds is stored in a few kilobytes", () => {
    const full = (max: Record<string, number>) => Object.fromEntries(Object.entries(max).map(([field, n]) => [field, "가".repeat(n)]));
    const ntsAnswer = readNtsAnswer(
      nts([item("2208112341", "01", full({ b_stt: 100, tax_type: 200, tax_type_cd: 10, utcc_yn: 10, rbf_tax_type: 200 }))]),
      ["2208112341"],
    );
    expect(ntsAnswer.ok && Buffer.byteLength(JSON.stringify(ntsAnswer.records.get("2208112341")!.answer))).toBeLessThan(2_000);
    const ftcAnswer = readFtcAnswer(
      ftcEnvelope(1, [ftcItem("2208112341", full({ bzmnNm: 200, domnCn: 1000, ntslMthdCn: 200, ntslPrdlstCn: 500 }))]),
      "2208112341",
    );
    expect(ftcAnswer.ok && Buffer.byteLength(JSON.stringify(ftcAnswer.record.answer))).toBeLessThan(7_000);
  });
});

const ftcEnvelope = (totalCount: number, items: unknown) =>
  JSON.stringify({ resultCode: "00", resultMsg: "NORMAL SERVICE", totalCount, items });
const ftcItem = (brno: string, more: Record<string, unknown> = {}) => ({
  brno,
  bzmnNm: "비즈도매",
  prmmiMnno: "2019-서울강남-01234",
  operSttusCdNm: "정상영업",
  domnCn: "www.bizinfo.co.kr",
  dclrDate: "20190305",
  rprsvNm: "홍길동",
  rprsvEmladr: "hong@example.com",
  telno: "010-1234-5678",
  lctnRnAddr: "서울특별시 강남구 테헤란로 1",
  ...more,
});

describe("공정위 통신판매사업자 answers", () => {
  test("a 신고 with its state and domains, as a list or as one object; none is 신고 내역 없음", () => {
    const listed = readFtcAnswer(ftcEnvelope(1, [ftcItem("2208112341")]), "2208112341");
    expect(listed).toMatchObject({
      ok: true,
      record: { found: true, mailOrderNumber: "2019-서울강남-01234", mailOrderState: "정상영업", declaredDomains: ["www.bizinfo.co.kr"] },
    });
    expect(readFtcAnswer(ftcEnvelope(1, ftcItem("2208112341", { operSttusCdNm: "휴업" })), "2208112341")).toMatchObject({
      ok: true,
      record: { found: true, mailOrderState: "휴업" },
    });
    // The services' XML-minded forms: { item: … } and a hyphenated number.
    expect(readFtcAnswer(ftcEnvelope(1, { item: ftcItem("220-81-12341") }), "2208112341")).toMatchObject({
      ok: true,
      record: { found: true },
    });
    expect(readFtcAnswer(ftcEnvelope(0, []), "2208112341")).toMatchObject({ ok: true, record: { found: false } });
    expect(readFtcAnswer(ftcEnvelope(0, ""), "2208112341")).toMatchObject({ ok: true, record: { found: false } });
  });

  test("of several 신고 of one number, 정상영업 first, then the newest", () => {
    const answer = readFtcAnswer(
      ftcEnvelope(3, [
        ftcItem("2208112341", { prmmiMnno: "2010-서울중구-0001", operSttusCdNm: "폐업", dclrDate: "20100101" }),
        ftcItem("2208112341", { prmmiMnno: "2019-서울강남-01234", operSttusCdNm: "정상영업", dclrDate: "20190305" }),
        ftcItem("2208112341", { prmmiMnno: "2024-서울강남-09999", operSttusCdNm: "휴업", dclrDate: "20240101" }),
      ]),
      "2208112341",
    );
    expect(answer).toMatchObject({ ok: true, record: { mailOrderNumber: "2019-서울강남-01234" } });
  });

  test("nothing about a person is kept, whatever the registry returns", () => {
    const answer = readFtcAnswer(ftcEnvelope(1, [ftcItem("2208112341")]), "2208112341");
    const kept = JSON.stringify(answer.ok ? answer.record.answer : null);
    for (const personal of ["홍길동", "hong@example.com", "010-1234-5678", "테헤란로"]) expect(kept).not.toContain(personal);
    expect(kept).toContain("2019-서울강남-01234");
  });

  test("unusable answers: not JSON, the quota message, an error code, a missing field, another number", () => {
    expect(readFtcAnswer("<html>점검</html>", "2208112341")).toMatchObject({ ok: false, cause: "not-json" });
    expect(
      readFtcAnswer(
        "<OpenAPI_ServiceResponse><cmmMsgHeader><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>",
        "2208112341",
      ),
    ).toMatchObject({ ok: false, cause: "rate-limited" });
    expect(
      readFtcAnswer(JSON.stringify({ resultCode: "30", resultMsg: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", totalCount: 0 }), "2208112341"),
    ).toMatchObject({
      ok: false,
      cause: "service-error",
    });
    const { operSttusCdNm: _gone, ...withoutState } = ftcItem("2208112341");
    expect(readFtcAnswer(ftcEnvelope(1, [withoutState]), "2208112341")).toMatchObject({ ok: false, cause: "unexpected-body" });
    expect(readFtcAnswer(JSON.stringify({ items: [ftcItem("2208112341")] }), "2208112341")).toMatchObject({
      ok: false,
      cause: "unexpected-body",
    });
    expect(readFtcAnswer(ftcEnvelope(1, [ftcItem("1234567891")]), "2208112341")).toMatchObject({ ok: false, cause: "other-number" });
  });

  test("declared domains are split on spaces and commas, duplicates once", () => {
    expect(splitDomains("http:/www.coupang.com  http://www.coupangeats.com")).toEqual([
      "http:/www.coupang.com",
      "http://www.coupangeats.com",
    ]);
    expect(splitDomains("a.co.kr,b.co.kr, a.co.kr")).toEqual(["a.co.kr", "b.co.kr"]);
    expect(splitDomains(null)).toEqual([]);
  });
});
