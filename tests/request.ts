/**
 * Builds requests the way server.ts hands them to the app (client address header set), for tests that
 * call loaders and actions directly.
 */
export function formRequest(
  path: string,
  fields: Record<string, string>,
  init: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://localhost:3000",
      "x-client-ip": init.ip ?? "127.0.0.1",
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

/**
 * A multipart form post, as a browser sends a form with a file field: the text fields, then each file with its
 * name and declared type (the server must not believe either). A file field given as `null` is sent empty, as a
 * browser sends a file input left alone.
 */
export function multipartRequest(
  path: string,
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array; name: string; type: string } | null> = {},
  init: { cookie?: string; ip?: string } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      file ? new File([file.bytes as BlobPart], file.name, { type: file.type }) : new File([], "", { type: "application/octet-stream" }),
    );
  }
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: form,
    headers: {
      origin: "http://localhost:3000",
      "x-client-ip": init.ip ?? "127.0.0.1",
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
}

export function getRequest(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    headers: { "x-client-ip": "127.0.0.1", ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });
}

/** The cookies a response set, as a Cookie header for the next request. */
export function cookiesFrom(response: Response, previous = "") {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0] ?? "", pair] as const),
  );
  for (const setCookie of response.headers.getSetCookie()) {
    const pair = setCookie.split(";")[0] ?? "";
    const name = pair.split("=")[0] ?? "";
    if (/max-age=0/i.test(setCookie) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

type DataLike = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** Loaders and actions return a Response (redirects) or `data(...)`: one shape for assertions. */
export function asResponse(result: unknown): { status: number; headers: Headers; data: unknown; location: string | null } {
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, data: null, location: result.headers.get("Location") };
  }
  if (result && typeof result === "object" && (result as DataLike).type === "DataWithResponseInit") {
    const { data, init } = result as DataLike;
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, headers, data, location: headers.get("Location") };
  }
  return { status: 200, headers: new Headers(), data: result, location: null };
}

/** Runs a loader/action and returns the Response it threw, if it threw one. */
export async function caught(run: () => unknown): Promise<ReturnType<typeof asResponse>> {
  try {
    return asResponse(await run());
  } catch (thrown) {
    if (thrown instanceof Response) return asResponse(thrown);
    throw thrown;
  }
}

/**
 * The Retry-After of a refused action (429), and what the route's `headers` export passes on to the
 * response for it: a visitor's browser only sees the header if the route forwards it.
 */
export function retryAfterPassedOn(route: { headers?: unknown }, refused: { headers: Headers }) {
  const headers = (route.headers as (args: unknown) => HeadersInit)({
    actionHeaders: refused.headers,
    loaderHeaders: new Headers(),
    parentHeaders: new Headers(),
    errorHeaders: undefined,
  });
  return { sent: refused.headers.get("Retry-After"), passedOn: new Headers(headers).get("Retry-After") };
}
