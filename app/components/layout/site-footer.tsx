import { Link } from "react-router";

export type FooterInfo = {
  disclosure: string;
  adContactEmail: string;
  business: { companyName: string; representative: string; mailOrderNumber: string; email: string; phone: string; address: string };
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
        </dl>
      </div>
    </footer>
  );
}
