import { PageHeading } from "#app/components/page-heading.tsx";
import { requireAdmin } from "#app/lib/auth.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/admin-home";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "도매처 관리", description: "관리자 페이지" }), { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome() {
  return <PageHeading>도매처 관리</PageHeading>;
}
