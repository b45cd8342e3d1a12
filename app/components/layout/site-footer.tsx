import { Link } from "react-router";

export type FooterInfo = {
  disclosure: string;
  adContactEmail: string;
  business: {
    companyName: string;
    representative: string;
    mailOrderNumber: string;
    email: string;
    phone: string;
    address: string;
    hostingProvider: string;
  };
  /** 사업자등록번호 as shown, and the 공정위 page that looks it up (lib/site-config.server.ts); null while unset. */
  registration: { number: string; lookupUrl: string } | null;
};

export function SiteFooter({ info }: { info: FooterInfo }) {
  const b = info.business;
  const rows: [string, string][] = [
    ["상호", b.companyName],
    ["대표자", b.representative],
    ["통신판매업 신고번호", b.mailOrderNumber],
    ["이메일", b.email],
    ["전화", b.phone],
    ["주소", b.address],
  ];
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-50 text-sm text-slate-600">
      <div className="mx-auto max-w-[2200px] space-y-3 px-4 py-6">
        <nav aria-label="약관과 정책" className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to="/terms" className="hover:underline">
            이용약관
          </Link>
          {/* Shown in bold, as Korean services do, so the privacy policy is easy to find. */}
          <Link to="/privacy" className="font-bold text-slate-800 hover:underline">
            개인정보처리방침
          </Link>
        </nav>
        <p>{info.disclosure}</p>
        <p>
          광고 문의:{" "}
          <a href={`mailto:${info.adContactEmail}`} className="underline">
            {info.adContactEmail}
          </a>
        </p>
        <dl className="flex flex-wrap gap-x-5 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="font-medium text-slate-700">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {/* 전자상거래법 제10조: the 사업자등록번호 with the 공정위's lookup of this business, and the hosting provider. */}
          {info.registration ? (
            <div className="flex flex-wrap gap-1">
              <dt className="font-medium text-slate-700">사업자등록번호</dt>
              <dd>
                {info.registration.number}{" "}
                <a href={info.registration.lookupUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  사업자정보확인
                  <span className="sr-only"> (새 탭)</span>
                </a>
              </dd>
            </div>
          ) : null}
          {b.hostingProvider ? (
            <div className="flex gap-1">
              <dt className="font-medium text-slate-700">호스팅서비스 제공자</dt>
              <dd>{b.hostingProvider}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </footer>
  );
}
