import { evidenceResponse } from "#app/platform/evidence/evidence.server.ts";
import type { Route } from "./+types/evidence";

/**
 * GET /admin/evidence/{id}: an evidence file (a review's or a report's screenshot), for administrators only. It stands
 * in the admin layout, whose middleware refuses everyone else before this runs; the file itself is sent never
 * cached, never sniffed and sandboxed, a PDF only as a download (platform/evidence).
 */
export function loader({ params }: Route.LoaderArgs) {
  return evidenceResponse(params.id);
}
