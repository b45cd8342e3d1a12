import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { formatBusinessNumber, parseBusinessNumber } from "./business-number.ts";

const adSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  price: z.number().int().nonnegative(),
  // A file this site serves (public/ads/…): pages load pictures from their own origin only (CSP
  // `img-src 'self' data:`, docs/decisions/0023), so an address on another site would never show.
  image: z.string().regex(/^\/(?![/\\])/, "must be a path on this site such as /ads/water.svg (이 사이트의 경로여야 합니다)"),
  link: z.url({ protocol: /^https?$/ }),
});

const isoDate = z.iso.date("YYYY-MM-DD 형식의 날짜여야 합니다");

/** What /terms and /privacy show about the operator (app/features/legal): facts an operator fills in, not code. */
const legalSchema = z.object({
  termsEffectiveDate: isoDate,
  privacyEffectiveDate: isoDate,
  /** Earlier versions of the privacy policy, newest first: the date each took effect and what changed. */
  privacyHistory: z.array(z.object({ date: isoDate, summary: z.string().min(1) })).default([]),
  privacyOfficer: z.object({
    name: z.string().min(1),
    position: z.string().min(1),
    email: z.string().min(1),
    phone: z.string(),
  }),
  /**
   * Who processes personal data for the operator (hosting, mail): 개인정보 처리 위탁. `role: "mail"` marks the mail
   * service behind SMTP_URL, listed only while SMTP_URL is set. A processor outside Korea is a 국외 이전 and must say
   * what 개인정보 보호법 제28조의8 asks the policy to disclose: the items, when and how they travel, a contact, and how
   * long the processor keeps them (its `task` is the purpose).
   */
  processors: z.array(
    z
      .object({
        name: z.string().min(1),
        task: z.string().min(1),
        country: z.string().min(1).default("대한민국"),
        role: z.enum(["hosting", "mail", "other"]).default("other"),
        /** Only for a processor abroad: 이전되는 항목, 이전 시기·방법, 연락처, 보유·이용 기간. */
        transferredItems: z.string().min(1).optional(),
        transferTiming: z.string().min(1).optional(),
        contact: z.string().min(1).optional(),
        retention: z.string().min(1).optional(),
      })
      .superRefine((processor, ctx) => {
        if (processor.country === "대한민국") return;
        for (const key of ["transferredItems", "transferTiming", "contact", "retention"] as const) {
          if (!processor[key]) {
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: `is required for a processor outside Korea (국외 이전: 개인정보 보호법 제28조의8에 따라 적어야 합니다)`,
            });
          }
        }
      }),
  ),
  /** Days the operator keeps access logs and database backups before deleting them. */
  accessLogDays: z.number().int().positive(),
  backupDays: z.number().int().positive(),
});

const siteConfigSchema = z.object({
  siteName: z.string().min(1),
  siteDescription: z.string(),
  disclosure: z.string().min(1),
  adContactEmail: z.string().min(1),
  business: z.object({
    companyName: z.string(),
    representative: z.string(),
    mailOrderNumber: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    /**
     * 사업자등록번호 (전자상거래법 제10조): ten digits, hyphens optional; the footer links it to the 공정위's
     * 사업자정보확인. Missing in an operator's older file: the site starts and the placeholder notice says so.
     */
    registrationNumber: z
      .string()
      .default("")
      .refine(
        (value) => value.trim() === "" || parseBusinessNumber(value).ok,
        "사업자등록번호는 숫자 10자리여야 합니다 (예: 123-45-67890)",
      ),
    /** 호스팅서비스 제공자: the company whose servers host the site (전자상거래법 제10조). */
    hostingProvider: z.string().default(""),
  }),
  ads: z.array(adSchema).min(2),
  legal: legalSchema,
  /** The licence of /data's downloads (docs/decisions/0053), shown on the page and carried in the JSON. */
  dataLicense: z
    .string()
    .min(1)
    .default(
      "크리에이티브 커먼즈 저작자표시 4.0 국제 라이선스(CC BY 4.0): 출처(도매온)를 밝히면 상업적 이용을 포함해 자유롭게 이용할 수 있습니다.",
    ),
});

export type Ad = z.infer<typeof adSchema>;
export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type LegalConfig = z.infer<typeof legalSchema>;

let cached: SiteConfig | undefined;

/** Operator-editable site texts: config/site.json, or the file named by SITE_CONFIG. */
export function siteConfig(): SiteConfig {
  if (cached) return cached;
  const file = path.resolve(process.env.SITE_CONFIG || "config/site.json");
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`SITE_CONFIG "${file}" could not be read (${(error as Error).message}). 사이트 설정 파일을 읽을 수 없습니다.`);
  }
  const parsed = siteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`SITE_CONFIG "${file}" is invalid: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * Coupang's own sentence for a page carrying 쿠팡 파트너스 links (its partners' guide; the 공정위's 추천·보증 심사지침 asks
 * for a definite one). A partner link is one of Coupang's tracking hosts; a plain coupang.com address earns nothing.
 */
export const COUPANG_PARTNERS_DISCLOSURE = "이 포스팅은 쿠팡 파트너스 활동의 일환으로, 이에 따른 일정액의 수수료를 제공받습니다.";
const COUPANG_PARTNERS_HOSTS = new Set(["link.coupang.com", "coupa.ng"]);

/** The disclosure every page shows: Coupang's sentence when an ad is a 쿠팡 파트너스 link, else the configured one. */
export function adDisclosure(config: SiteConfig = siteConfig()): string {
  const partnerLink = config.ads.some((ad) => COUPANG_PARTNERS_HOSTS.has(new URL(ad.link).hostname));
  return partnerLink ? COUPANG_PARTNERS_DISCLOSURE : config.disclosure;
}

/** The example business details config/site.json ships with: a footer still holding one is not a real operator's. */
const PLACEHOLDER_MARKS = [/홍길동/, /0{3,}-0{4}/, /0000호/, /로 000$/, /\.example$/, /^0{3}-?0{2}-?0{5}$/, /^예시/];

/** The footer's 사업자등록번호 as shown (`123-45-67890`) and the 공정위 page that looks it up; null while unset. */
export function businessRegistration(config: SiteConfig = siteConfig()): { number: string; lookupUrl: string } | null {
  const parsed = parseBusinessNumber(config.business.registrationNumber);
  if (!parsed.ok || !parsed.value) return null;
  return { number: formatBusinessNumber(parsed.value), lookupUrl: `${FTC_LOOKUP_URL}?wrkr_no=${parsed.value}` };
}

/** The 공정거래위원회's 사업자정보 공개 page for a 통신판매업자, by its 사업자등록번호 (the footer's `사업자정보확인`). */
export const FTC_LOOKUP_URL = "https://www.ftc.go.kr/bizCommPop.do";

/** The footer's business details that still hold the shipped examples (홍길동, 02-000-0000, …). */
export function placeholderBusinessDetails(config: SiteConfig = siteConfig()): string[] {
  const values = [
    config.business.representative,
    config.business.phone,
    config.business.mailOrderNumber,
    config.business.address,
    config.business.email,
    config.business.registrationNumber,
    config.business.hostingProvider,
    config.legal.privacyOfficer.name,
  ];
  // The two fields an operator's file from before the fourth release lacks: named as missing.
  const missing = [
    ...(config.business.registrationNumber.trim() ? [] : ["사업자등록번호 없음"]),
    ...(config.business.hostingProvider.trim() ? [] : ["호스팅서비스 제공자 없음"]),
  ];
  return [...new Set(values.filter((value) => PLACEHOLDER_MARKS.some((mark) => mark.test(value.trim())))), ...missing];
}

/**
 * The warning at start-up and on /admin while the footer shows example business details (a site must show
 * its operator's real 사업자 정보): what is still an example and how to set it. Null once they are real.
 */
export function placeholderNotice(config: SiteConfig = siteConfig()): string | null {
  const found = placeholderBusinessDetails(config);
  if (found.length === 0) return null;
  return `하단의 사업자 정보가 아직 예시 값이거나 비어 있습니다(${found.join(", ")}). 운영자의 정보를 담은 JSON 파일을 만들고 SITE_CONFIG 환경 변수로 그 경로를 지정해 주세요(기본값 config/site.json).`;
}
