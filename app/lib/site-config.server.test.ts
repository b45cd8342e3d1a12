import { expect, it, vi } from "vitest";
import { shippedSiteConfig as shipped, siteConfigFiles } from "#tests/site-config-files.ts";

const useSiteConfig = siteConfigFiles();

async function load(config: unknown) {
  useSiteConfig(config);
  const { siteConfig } = await import("./site-config.server.ts");
  return () => siteConfig();
}

it("reads the legal pages' operator details from the configuration, with processors in Korea unless it says otherwise", async () => {
  const { country: _country, ...processor } = shipped.legal.processors[0];
  const read = await load({ ...shipped, legal: { ...shipped.legal, processors: [processor] } });
  expect(read().legal.privacyOfficer.email).toBe(shipped.legal.privacyOfficer.email);
  expect(read().legal.processors[0]?.country).toBe("대한민국");
});

it("a processor outside Korea must say what a 국외 이전 discloses; the shipped one lists the hosting and the mail service", async () => {
  const abroad = { name: "Example Mail Inc.", task: "메일 발송", country: "미국", role: "mail" };
  const read = await load({ ...shipped, legal: { ...shipped.legal, processors: [abroad] } });
  expect(read).toThrow(/legal\.processors\.0\.transferredItems is required for a processor outside Korea/);
  expect(shipped.legal.processors.map((p: { role: string }) => p.role).sort()).toEqual(["hosting", "mail"]);
});

it("refuses to start with a configuration whose legal details are missing or malformed, naming the field", async () => {
  const { legal: _legal, ...withoutLegal } = shipped;
  expect(await load(withoutLegal)).toThrow(/is invalid: legal/);
  const badDate = await load({ ...shipped, legal: { ...shipped.legal, privacyEffectiveDate: "2026/12/01" } });
  expect(badDate).toThrow(/legal\.privacyEffectiveDate YYYY-MM-DD 형식의 날짜여야 합니다/);
});

it("refuses an ad picture on another site: pages load pictures from their own origin only", async () => {
  for (const image of ["https://ads.example.com/a.png", "//ads.example.com/a.png", "ads/a.png"]) {
    const read = await load({ ...shipped, ads: shipped.ads.map((ad: { image: string }, i: number) => (i === 0 ? { ...ad, image } : ad)) });
    expect(read).toThrow(/ads\.0\.image must be a path on this site/);
  }
  expect((await load(shipped))().ads[0]?.image).toMatch(/^\/ads\//);
});

it("the shipped example business details are named by a notice that says how to set SITE_CONFIG; real ones need none", async () => {
  const { placeholderNotice, placeholderBusinessDetails } = await import("./site-config.server.ts");
  const read = await load(shipped);
  const notice = placeholderNotice(read());
  expect(notice).toContain("홍길동");
  expect(notice).toContain("02-000-0000");
  expect(notice).toContain("SITE_CONFIG");
  const real = {
    ...shipped,
    business: {
      companyName: "도매온",
      representative: "김도매",
      mailOrderNumber: "제2026-서울강남-1234호",
      email: "help@domaeon.kr",
      phone: "02-555-1234",
      address: "서울특별시 강남구 테헤란로 123",
      registrationNumber: "123-45-67891",
      hostingProvider: "도매클라우드 주식회사",
    },
    legal: { ...shipped.legal, privacyOfficer: { ...shipped.legal.privacyOfficer, name: "김도매", email: "privacy@domaeon.kr" } },
  };
  expect(placeholderBusinessDetails(real)).toEqual([]);
  expect(placeholderNotice(real)).toBeNull();
  // One example left is enough to warn.
  expect(placeholderBusinessDetails({ ...real, business: { ...real.business, phone: "02-000-0000" } })).toEqual(["02-000-0000"]);
});

it("the disclosure is the configured sentence, and Coupang's own sentence once an ad is a 쿠팡 파트너스 link", async () => {
  const { adDisclosure, COUPANG_PARTNERS_DISCLOSURE } = await import("./site-config.server.ts");
  // The shipped ads are plain coupang.com searches, which earn nothing: the contract's sentence stays.
  expect(adDisclosure((await load(shipped))())).toBe("이 페이지는 제휴 마케팅 활동의 일환으로 일정액의 수수료를 제공받습니다.");
  for (const link of ["https://link.coupang.com/a/bXyZ12", "https://coupa.ng/abc"]) {
    const ads = shipped.ads.map((ad: { link: string }, i: number) => (i === 1 ? { ...ad, link } : ad));
    expect(adDisclosure({ ...shipped, ads }), link).toBe(COUPANG_PARTNERS_DISCLOSURE);
  }
  expect(COUPANG_PARTNERS_DISCLOSURE).toBe("이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.");
});

it("the 사업자등록번호 and the hosting provider: examples and missing fields are named by the notice, a malformed number is refused", async () => {
  const { placeholderBusinessDetails, businessRegistration } = await import("./site-config.server.ts");
  const read = await load(shipped);
  expect(placeholderBusinessDetails(read())).toEqual(expect.arrayContaining(["000-00-00000", "예시클라우드 주식회사"]));
  // An operator's file from before these fields: it starts, and the notice says what is missing.
  const { registrationNumber: _number, hostingProvider: _hosting, ...olderBusiness } = shipped.business;
  vi.resetModules();
  const older = (await load({ ...shipped, business: olderBusiness }))();
  expect(older.business.registrationNumber).toBe("");
  expect(placeholderBusinessDetails(older)).toEqual(expect.arrayContaining(["사업자등록번호 없음", "호스팅서비스 제공자 없음"]));
  expect(businessRegistration(older)).toBeNull();
  // A real number, typed with or without hyphens: shown with them, looked up by its ten digits.
  for (const registrationNumber of ["123-45-67891", "1234567891"]) {
    const real = { ...shipped, business: { ...shipped.business, registrationNumber } };
    expect(businessRegistration(real)).toEqual({
      number: "123-45-67891",
      lookupUrl: "https://www.ftc.go.kr/bizCommPop.do?wrkr_no=1234567891",
    });
  }
  vi.resetModules();
  const typo = await load({ ...shipped, business: { ...shipped.business, registrationNumber: "123-45-67892" } });
  expect(typo).toThrow(/business\.registrationNumber 사업자등록번호는 숫자 10자리여야 합니다/);
});
