import { Link } from "react-router";
import { PageHeading } from "#app/components/page-heading.tsx";
import { loadSupplierDesk } from "#app/features/suppliers/supplier-desk.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/supplier";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "내 도매처", description: "운영자로 인증한 도매처의 위탁 조건을 관리합니다." }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadSupplierDesk(request);
}

export default function SupplierDesk({ loaderData }: Route.ComponentProps) {
  const { listings } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading>내 도매처</PageHeading>
      {listings.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white px-5 py-4 text-slate-600">
          아직 운영자로 인증한 도매처가 없습니다. 운영하시는 도매처의 페이지에서 ‘이 도매처의 운영자이신가요?’를 눌러 인증해 주세요.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {listings.map((listing) => (
            <li key={listing.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <Link to={`/wholesaler/${listing.id}`} className="break-words font-semibold text-slate-900 hover:underline">
                  {listing.name.trim() || "이름 없음"}
                </Link>
                {listing.category ? <p className="text-sm text-slate-500">{listing.category}</p> : null}
              </div>
              <div className="flex gap-3 text-sm">
                <Link to={`/products?supplier=${listing.id}`} className="font-medium text-blue-700 hover:underline">
                  상품 보기
                </Link>
                <Link to={`/supplier/${listing.id}/edit`} className="font-medium text-blue-700 hover:underline">
                  조건 수정
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
