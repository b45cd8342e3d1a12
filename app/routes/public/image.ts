import { imageFileResponse } from "#app/platform/images/images.server.ts";
import type { Route } from "./+types/image";

/** GET /images/<hash>-<size>.<format> (.webp, .avif): our copy of an outside picture (docs/decisions/0023). */
export async function loader({ params }: Route.LoaderArgs) {
  return imageFileResponse(params.file);
}
