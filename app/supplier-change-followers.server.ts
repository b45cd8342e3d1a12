import { alertsFollower } from "#app/features/alerts/alert-jobs.server.ts";
import { officialRecordsFollower } from "#app/features/official-records/official-record-follow-up.server.ts";
import { updatesFollower } from "#app/features/updates/updates.server.ts";
import { followSupplierChanges } from "#app/features/wholesalers/wholesaler-history.server.ts";

/**
 * Every feature that follows supplier changes (docs/decisions/0051), registered once per process at start, in a web
 * server and a worker alike (a web server with JOBS=none still writes suppliers and must queue their follow-ups),
 * and by the test databases, so tests see the app's behaviour. A new follower is added here; its job kind goes in
 * `allJobs` (app-lifecycle.server.ts).
 */
export function followSupplierChangesAtStart() {
  followSupplierChanges(alertsFollower);
  followSupplierChanges(officialRecordsFollower);
  // What is new (/updates, its feed) and the saved searches' queue (docs/decisions/0053).
  followSupplierChanges(updatesFollower);
}
