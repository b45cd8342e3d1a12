import { notesFeed } from "#app/features/notes/notes-feed.server.ts";
import { ATOM_HEADERS } from "#app/lib/atom-feed.ts";

/** /sellernote.xml: the seller notes as Atom 1.0 (docs/decisions/0053). */
export async function loader() {
  return new Response(await notesFeed(), { headers: ATOM_HEADERS });
}
