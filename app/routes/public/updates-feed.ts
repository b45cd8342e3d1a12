import { updatesCategory } from "#app/features/updates/update-kinds.ts";
import { updatesFeed } from "#app/features/updates/updates-feed.server.ts";
import { ATOM_HEADERS } from "#app/lib/atom-feed.ts";
import type { Route } from "./+types/updates-feed";

/** /updates.xml (`?category=` for one chip): the news of /updates as Atom 1.0 (docs/decisions/0053). */
export async function loader({ request }: Route.LoaderArgs) {
  const category = updatesCategory(new URL(request.url).searchParams);
  return new Response(await updatesFeed(category), { headers: ATOM_HEADERS });
}
