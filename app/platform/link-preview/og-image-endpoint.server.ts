import { log } from "#app/lib/log.server.ts";
import { getUser } from "#app/platform/auth/auth.server.ts";
import { hitRateLimit } from "#app/platform/auth/rate-limit.server.ts";
import { lookupOgImage, UnsafeUrlError } from "./og-image.server.ts";

const LOOKUPS_PER_MINUTE = 30;
const NO_STORE = { "Cache-Control": "private, no-store" };

function answer(body: { imageUrl: string | null } | { error: string }, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * The whole endpoint: login, a per-user limit, then the lookup. Error answers are fixed Korean sentences;
 * nothing from the outside site or the network error reaches the caller.
 */
export async function ogImageResponse(request: Request) {
  const user = await getUser(request);
  if (!user) return answer({ error: "로그인이 필요합니다." }, 401);

  const limit = await hitRateLimit(`og-image:user:${user.id}`, LOOKUPS_PER_MINUTE, 60_000);
  if (!limit.allowed) {
    return answer({ error: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요." }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const pageUrl = new URL(request.url).searchParams.get("url")?.trim() ?? "";
  try {
    return answer({ imageUrl: await lookupOgImage(pageUrl) });
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      const scheme = error.reason === "invalid-url" || error.reason === "scheme";
      return answer(
        { error: scheme ? "http:// 또는 https://로 시작하는 주소를 입력해 주세요." : "이 주소에서는 이미지를 가져올 수 없습니다." },
        400,
      );
    }
    log.error("og-image lookup failed", { request, error });
    return answer({ error: "이미지를 가져오지 못했습니다. 잠시 후 다시 시도해 주세요." }, 500);
  }
}
