// The `pictures` trial of npm run bench:faults (issue 41 item 4; docs/decisions/0026 and 0043): fresh accounts flood
// the picture queue while a real user's ordinary picture is timed, and the server's memory is read throughout.
// One phase per number of fresh accounts (1, 7 and 30), each on a fresh PostgreSQL database and a production server
// on 127.0.0.1 with the default caps. Every fresh account signs up and asks, all at once, for three of the costliest
// pictures the limits allow: a 1,464×16,384 16-bit PNG of 5.9 MB whose top 1,000 rows are noise (about 12 s of a
// core each, nearly all of it the AVIF encoding of the noisy 800×600 cut). 3 s later the real user (an account whose
// e-mail is confirmed) asks for one photo. Reported: how long the real user's picture waited (from the save to the
// fetch of its picture, and until /products shows it) and how many of the fresh accounts' jobs started first; the
// server's resident memory before the flood, at its peak and after: the backlog runs for at most `drainSeconds`
// more, what is still queued then is given up (as docs/operations.md does), and the idle server is read 10 s later.
// Bounded: at most 180 s of waiting and `drainSeconds` of backlog per phase, about five minutes in all on an idle machine.
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import pg from "pg";
import sharp from "sharp";
import { photoLike } from "#tests/stand-in-images.ts";
import { type ServerHandle, signUp, startServer, stopServer } from "./server-process.ts";

const PICTURES_PER_ACCOUNT = 3;
const WAIT_LIMIT_MS = 180_000;

/** The costliest picture the limits allow: at the side limit, 16 bits a channel, and noise where the cards are cut. */
async function costliestPicture() {
  const noisyRows = 1_000;
  const noise = await sharp({
    create: { width: 1_464, height: noisyRows, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .extend({ bottom: 16_384 - noisyRows, background: "#000000" })
    .toColourspace("rgb16")
    .png({ compressionLevel: 9 })
    .toBuffer();
}

type Fetch = { path: string; at: number };

/** The stand-in picture host: `/a/…` the costly PNG, `/b/…` a photo; every request's path and time is recorded. */
async function startPictureHost() {
  const costly = await costliestPicture();
  const photo = await photoLike(3, 1200, 1200);
  const fetches: Fetch[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? "/";
    fetches.push({ path, at: Date.now() });
    const [type, body] = path.startsWith("/b/") ? ["image/jpeg", photo] : ["image/png", costly];
    response.writeHead(200, { "content-type": type, "content-length": body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    costlyBytes: costly.length,
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

/** Resident memory of a process in MB (Linux /proc). */
function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signUpAll(server: ServerHandle, emails: string[]) {
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += 5) {
    const batch = await Promise.all(emails.slice(i, i + 5).map((email) => signUp(server.base, email)));
    cookies.push(...batch.map((account) => account.cookie));
  }
  return cookies;
}

export async function pictureFloodTrial(
  databaseUrl: string,
  env: Record<string, string>,
  port: number,
  freshAccounts: number,
  drainSeconds = 30,
) {
  const host = await startPictureHost();
  const server = await startServer(port, { ...env, OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${host.port}` });
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const queued = async () =>
    (
      await database.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM jobs WHERE kind = 'images.fetch' GROUP BY state`,
      )
    ).rows;
  const pid = server.child.pid as number;
  try {
    const residentAtStart = residentMb(pid);
    const [real] = await signUpAll(server, [`real-${freshAccounts}@example.com`]);
    // The real user: an account whose e-mail is confirmed (as the link of a confirmation mail leaves it).
    await database.query(`UPDATE "user" SET email_verified = true WHERE email = $1`, [`real-${freshAccounts}@example.com`]);
    const fresh = await signUpAll(
      server,
      Array.from({ length: freshAccounts }, (_, n) => `fresh-${freshAccounts}-${n}@example.com`),
    );
    await pause(1_000);
    const residentBefore = residentMb(pid);
    let residentPeak = residentBefore;
    const sampler = setInterval(() => {
      residentPeak = Math.max(residentPeak, residentMb(pid));
    }, 50);

    // The flood: every fresh account's three pictures at once.
    const statuses: Record<string, number> = {};
    await Promise.all(
      fresh.flatMap((cookie, n) =>
        Array.from({ length: PICTURES_PER_ACCOUNT }, async (_, k) => {
          const status = await addProduct(server.base, cookie, `새 계정 그림 ${n}-${k}`, `${host.origin}/a/${n}-${k}.png`);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }),
      ),
    );

    // The real user's picture, asked for while the flood's first job runs.
    await pause(3_000);
    const name = `실사용자 그림 ${freshAccounts}`;
    const askedAt = Date.now();
    const realStatus = await addProduct(server.base, real!, name, `${host.origin}/b/photo.jpg`);
    let readyAt = 0;
    while (!readyAt && Date.now() - askedAt < WAIT_LIMIT_MS) {
      const page = await (await fetch(`${server.base}/products?q=${encodeURIComponent(name)}`)).text();
      // Our copy in the card (the page's speculation rules name /images/ too).
      if (/(?:src|srcset)="\/images\/[0-9a-f]{32}-/.test(page)) readyAt = Date.now();
      else await pause(200);
    }
    const fetchedAt = host.fetches.find((f) => f.path === "/b/photo.jpg")?.at ?? 0;
    const floodFetches = () => host.fetches.filter((f) => f.path.startsWith("/a/"));
    const startedFirst = floodFetches().filter((f) => f.at > askedAt && (!fetchedAt || f.at < fetchedAt)).length;

    // The backlog runs on for a while, then what is still queued is given up; the worker finishes its job.
    const drainUntil = Date.now() + drainSeconds * 1000;
    while (Date.now() < drainUntil && (await queued()).some((row) => row.state === "queued")) await pause(1_000);
    const givenUp = await database.query(
      `UPDATE jobs SET state = 'failed', finished_at = now(), last_error = 'given up by the bench' WHERE kind = 'images.fetch' AND state = 'queued'`,
    );
    while ((await queued()).some((row) => row.state === "running")) await pause(500);
    await pause(10_000);
    clearInterval(sampler);
    const residentAfter = residentMb(pid);
    return {
      freshAccounts,
      costlyPngBytes: host.costlyBytes,
      freshSaves: statuses,
      realSave: realStatus,
      realWaitedSeconds: fetchedAt ? seconds(fetchedAt - askedAt) : null,
      realReadySeconds: readyAt ? seconds(readyAt - askedAt) : null,
      freshJobsStartedFirst: startedFirst,
      costlyPicturesMade: floodFetches().length,
      backlogGivenUp: givenUp.rowCount,
      residentMb: { atStart: residentAtStart, before: residentBefore, peak: residentPeak, after: residentAfter },
      mallocMmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null,
    };
  } finally {
    await database.end();
    await stopServer(server);
    await host.close();
  }
}
