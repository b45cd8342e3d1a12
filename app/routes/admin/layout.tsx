import { Outlet } from "react-router";
import { AdminNav } from "#app/components/admin-nav.tsx";
import { countOpenRecordIssues } from "#app/features/official-records/official-records.server.ts";
import { countOpenReports } from "#app/features/reports/reports.server.ts";
import { countOpenReviewItems } from "#app/features/reviews/review-admin.server.ts";
import { countPendingClaims } from "#app/features/suppliers/claim-documents.server.ts";
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
  // The menu shows how many correction requests, official-record items and review items wait (small counts).
  const [openReports, openRecords, openReviews, openClaims] = await Promise.all([
    countOpenReports(),
    countOpenRecordIssues(),
    countOpenReviewItems(),
    countPendingClaims(),
  ]);
  return { openReports, openRecords, openReviews, openClaims };
}

export const handle = { ads: false } satisfies PageHandle;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminNav
        openReports={loaderData.openReports}
        openRecords={loaderData.openRecords}
        openReviews={loaderData.openReviews}
        openClaims={loaderData.openClaims}
      />
      <Outlet />
    </>
  );
}
