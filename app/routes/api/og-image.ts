import { ogImageResponse } from "#app/platform/link-preview/og-image-endpoint.server.ts";
import type { Route } from "./+types/og-image";

/** GET /api/og-image?url=… → {"imageUrl": string | null} for signed-in users (ui-contract "Server endpoints"). */
export async function loader({ request }: Route.LoaderArgs) {
  return ogImageResponse(request);
}
