// The `pictures` trial of npm run bench:faults (issue 28, item 1; docs/decisions/0026): one account registers
// 300 products whose pictures are hostile, as fast as it can, while another account's ordinary picture is timed.
// Two phases, each on a fresh database and a production server on 127.0.0.1:
//   caps   the settings' defaults (IMAGE_REQUESTS_PER_HOUR=30, PRODUCTS_PER_ACCOUNT=200): how many of the 300 get in
//   queue  the caps raised to 1,000, so all 300 are queued: does the other account's picture wait for at most the
//          one job already running (fair queuing per owner)?
//   cpu    as `queue`, with only the costliest picture the limits allow: the core is busy with the flood throughout
// The hostile pictures come from a stand-in host on 127.0.0.1, in turn: a 1,464×16,384 black PNG (100 KB, the
// most decoding the limits allow), a whole 1×23,990,000 PNG (refused from its header), and an address that sends
// one byte a second (cut at the fetch's 15 s budget). Bounded: 300 posts, then at most 90 s of timing.
import http from "node:http";
import type net from "node:net";
import sharp from "sharp";
import { photoLike, pngDeclaring } from "#tests/stand-in-images.ts";
import { signUp, startServer, stopServer } from "./server-process.ts";

const PRODUCTS = 300;
const POSTERS = 10;
const HOSTILE_KINDS = ["tall", "sliver", "slow"] as const;
type HostileKind = (typeof HOSTILE_KINDS)[number];

type Fetch = { path: string; at: number; closedAt?: number };

/** The stand-in picture host; every request's path and start time is recorded. */
async function startPictureHost() {
  const tall = await sharp({ create: { width: 1_464, height: 16_384, channels: 3, background: "#000000" } })
    .greyscale()
    .png({ compressionLevel: 9 })
    .toBuffer();
  const sliver = pngDeclaring(1, 23_990_000, 23_990_000);
  const photo = await photoLike(3, 1200, 1200);
  const fetches: Fetch[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    const fetch: Fetch = { path, at: Date.now() };
    fetches.push(fetch);
    response.on("close", () => {
      fetch.closedAt = Date.now();
    });
    const kind = /^\/a\/(tall|sliver|slow)-/.exec(path)?.[1];
    if (path.startsWith("/b/")) {
      response.writeHead(200, { "content-type": "image/jpeg", "content-length": photo.length });
      return response.end(photo);
    }
    if (kind === "tall" || kind === "sliver") {
      const body = kind === "tall" ? tall : sliver;
      response.writeHead(200, { "content-type": "image/png", "content-length": body.length });
      return response.end(body);
    }
    if (kind === "slow") {
      response.writeHead(200, { "content-type": "image/png" });
      const header = tall.subarray(0, 64);
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer);
        response.write(header.subarray(sent % header.length, (sent % header.length) + 1));
        sent += 1;
      }, 1_000);
      response.on("close", () => clearInterval(timer));
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function addProduct(base: string, cookie: string, name: string, imageUrl: string) {
  const res = await fetch(`${base}/add`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie },
    body: new URLSearchParams({ name, price: "1000", summary: "", imageUrl, siteUrl: "", js: "1" }),
    redirect: "manual",
  });
  await res.arrayBuffer();
  return res.status;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
};
const seconds = (ms: number) => Math.round(ms / 100) / 10;

export async function pictureFloodTrial(kind: string, env: Record<string, string>, port: number, phase: "caps" | "queue" | "cpu") {
  const hostileKinds: readonly HostileKind[] = phase === "cpu" ? ["tall"] : HOSTILE_KINDS;
  const host = await startPictureHost();
  const caps =
    phase === "caps"
      ? { IMAGE_REQUESTS_PER_HOUR: "30", PRODUCTS_PER_ACCOUNT: "200" }
      : { IMAGE_REQUESTS_PER_HOUR: "1000", PRODUCTS_PER_ACCOUNT: "1000" };
  const server = await startServer(port, { ...env, ...caps, OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${host.port}` });
  try {
    const attacker = await signUp(server.base, `flood-${phase}-a@example.com`);
    const other = await signUp(server.base, `flood-${phase}-b@example.com`);

    // The flood: 300 products from one account, ten at a time.
    const statuses: Record<string, number> = {};
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: POSTERS }, async () => {
        for (let n = next++; n < PRODUCTS; n = next++) {
          const hostile = hostileKinds[n % hostileKinds.length]!;
          const status = await addProduct(server.base, attacker.cookie, `악성 그림 ${n}`, `${host.origin}/a/${hostile}-${n}.png`);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const postSeconds = seconds(Date.now() - started);

    // The other account's pictures, one at a time, asked for while the backlog runs.
    const samples = [];
    for (let b = 0; b < 3; b++) {
      await new Promise((resolve) => setTimeout(resolve, b === 0 ? 3_000 : 5_000));
      const name = `공정 대기 시험 ${phase} ${b}`;
      const askedAt = Date.now();
      const status = await addProduct(server.base, other.cookie, name, `${host.origin}/b/photo-${b}.jpg`);
      let readyAt = 0;
      while (!readyAt && Date.now() - askedAt < 60_000) {
        const page = await (await fetch(`${server.base}/products?q=${encodeURIComponent(name)}`)).text();
        if (page.includes("/images/")) readyAt = Date.now();
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const fetchedAt = host.fetches.find((f) => f.path === `/b/photo-${b}.jpg`)?.at ?? 0;
      const attackerFetches = host.fetches.filter((f) => f.path.startsWith("/a/"));
      const inFlight = attackerFetches.filter((f) => f.at <= askedAt).at(-1);
      // A job ends when the worker takes the next one: the next fetch's start.
      const inFlightEnd = inFlight ? host.fetches.find((f) => f.at > inFlight.at)?.at : undefined;
      samples.push({
        status,
        readySeconds: readyAt ? seconds(readyAt - askedAt) : null,
        waitedSeconds: fetchedAt ? seconds(fetchedAt - askedAt) : null,
        attackerJobsStartedMeanwhile: fetchedAt ? attackerFetches.filter((f) => f.at > askedAt && f.at < fetchedAt).length : null,
        jobInFlight: inFlight ? /^\/a\/(\w+)-/.exec(inFlight.path)?.[1] : null,
        jobInFlightSeconds: inFlight && inFlightEnd ? seconds(inFlightEnd - inFlight.at) : null,
      });
    }

    // One job's time per hostile kind: from its fetch to the next fetch (the worker is one, the jobs run in turn).
    const jobSeconds: Record<string, number> = {};
    for (const hostile of hostileKinds) {
      const gaps = host.fetches
        .map((f, i) => ({ f, nextAt: host.fetches[i + 1]?.at }))
        .filter(({ f, nextAt }) => nextAt && f.path.startsWith(`/a/${hostile}-`))
        .map(({ f, nextAt }) => nextAt! - f.at);
      jobSeconds[hostile] = seconds(median(gaps));
    }
    return {
      kind,
      phase,
      caps,
      products: PRODUCTS,
      postSeconds,
      statuses,
      attackerPicturesFetched: host.fetches.filter((f) => f.path.startsWith("/a/")).length,
      medianJobSeconds: jobSeconds,
      otherAccount: samples,
    };
  } finally {
    await stopServer(server);
    await host.close();
  }
}
