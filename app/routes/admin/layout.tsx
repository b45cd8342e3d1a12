import { Outlet } from "react-router";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { countOpenRecordIssues } from "#app/features/official-records/official-records.server.ts";
import { countOpenReports } from "#app/features/reports/reports.server.ts";
import type { PageHandle } from "#app/lib/page-handle.ts";
import { requireAdminMiddleware } from "#app/platform/auth/auth.server.ts";
import type { Route } from "./+types/layout";

/**
 * Every `/admin/*` page stands in this layout: its middleware checks the admin once before any of their
 * loaders or actions run (page and data requests alike), and it draws the admin menu once. The pages take the
 * checked admin from `context.get(adminContext)`; nothing under here checks the role again.
 */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export async function loader() {
  // The menu shows how many correction requests and official-record items wait (two small counts).
  const [openReports, openRecords] = await Promise.all([countOpenReports(), countOpenRecordIssues()]);
  return { openReports, openRecords };
}

export const handle = { ads: false } satisfies PageHandle;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav openReports={loaderData.openReports} openRecords={loaderData.openRecords} />
      <Outlet />
    </>
  );
}
