import { legalPageData } from "#app/features/legal/legal.server.ts";
import { TermsOfService } from "#app/features/legal/terms-of-service.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/terms";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "이용약관", description: "서비스 이용 조건, 회원 가입과 탈퇴, 게시물과 광고에 관한 약속을 안내합니다." }, args);

export function loader() {
  return legalPageData();
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <TermsOfService data={loaderData} />;
}
