import { asc } from "drizzle-orm";
import { db } from "#app/db/client.server.ts";
import { wholesalers } from "#app/db/schema.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeading } from "#app/components/page-heading.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "도매 사이트 목록", description: "카테고리와 검색으로 온라인 판매에 맞는 도매처를 찾아보세요." });

export async function loader() {
  const rows = await db().select({ id: wholesalers.id, name: wholesalers.name }).from(wholesalers).orderBy(asc(wholesalers.name)).limit(40);
  return { wholesalers: rows };
}

export default function List({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading>도매 사이트 목록</PageHeading>
      {loaderData.wholesalers.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.wholesalers.map((w) => (
            <li key={w.id} className="rounded-lg border border-slate-200 bg-white p-3">
              {w.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
