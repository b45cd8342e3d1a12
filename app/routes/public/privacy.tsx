import { legalPageData } from "#app/features/legal/legal.server.ts";
import { PrivacyPolicy } from "#app/features/legal/privacy-policy.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { SCRIPT_FREE } from "#app/lib/page-handle.ts";
import type { Route } from "./+types/privacy";

/** Plain links and forms only: sent without React's client scripts (ADR 0031). */
export const handle = SCRIPT_FREE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "개인정보처리방침", description: "어떤 개인정보를 왜, 얼마 동안 처리하고 어떻게 삭제할 수 있는지 안내합니다." }, args);

export function loader() {
  return legalPageData();
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPolicy data={loaderData} />;
}
