// npm run bench:images (also `npm run bench -- --only images`): the image pipeline (docs/decisions/0023)
// on the bad input set of issue 16 and on a normal set of product photos, each in a process of its own so
// its peak RSS is its own: a baseline process that starts everything but processes nothing, one that
// processes the normal set, one that processes the bad set. Also the card sizes' bytes, WebP beside AVIF,
// and what the first page of /products would load. Writes bench/results/images.json.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import type { ImageSizeName } from "#app/lib/images.ts";
import { registerImageJobs } from "#app/platform/images/image-jobs.server.ts";
import { imageFile, imageState, requestImages } from "#app/platform/images/images.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { BAD_IMAGES, shopPhotoSize, shopPhotos, startStandInImages } from "#tests/stand-in-images.ts";
import { createPostgresDatabase, postgresReachable } from "./server-process.ts";

const PAGE_CARDS = 24; // PRODUCTS_PER_PAGE: the first page of /products shows 24 product cards
// ...and 24 external-product cards below them (the normal set's photos again: the bench has 24).
const PAGE_EXTERNAL_CARDS = 24;
const CARD_BUDGET = 25 * 1024;
const PAGE_BUDGET = 400 * 1024;

type Sizes = {
  width: number;
  height: number;
  sourceBytes: number;
  card: number;
  detail: number;
  logo: number;
  cardavif: number;
  cardavif2x: number;
};
type ChildResult = {
  set: string;
  database: string;
  /** ru_maxrss of the whole process (start included). */
  peakRssMb: number;
  /** RSS after start (database open, stand-in host up), and the highest RSS sampled every 5 ms while the set ran. */
  rssAtStartMb: number;
  sampledPeakMb: number;
  seconds: number;
  outcomes: Record<string, string>;
  sizes: Sizes[];
};

/** The normal set (shopPhotos: 20 shop-sized squares and 4 camera photos), as files the child processes read. */
async function normalPhotos(dir: string) {
  for (const [i, bytes] of (await shopPhotos(PAGE_CARDS)).entries()) fs.writeFileSync(path.join(dir, `photo-${i}.jpg`), bytes);
}

/**
 * One set in this process. PostgreSQL when it answers: an embedded PGlite alone takes this process past
 * 1.2 GB while it opens and migrates, which would hide whatever the pictures cost.
 */
async function child(set: string, photoDir: string) {
  const usePostgres = await postgresReachable();
  const created = usePostgres ? await createPostgresDatabase("domae_images_bench") : null;
  const dataDir = created ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "domae-images-bench-"));
  const open = await openDatabase({ databaseUrl: created?.url, dataDir });
  setCurrentDatabase(open);
  const photoFiles = fs.readdirSync(photoDir).sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
  const host = await startStandInImages({ photos: photoFiles.map((file) => fs.readFileSync(path.join(photoDir, file))) });
  const rssAtStart = process.memoryUsage().rss;
  // The high-water mark of the process counts its start too; sampling shows the peak while pictures are made.
  let sampledPeak = rssAtStart;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
  }, 5);
  const urls =
    set === "normal"
      ? photoFiles.map((_, i) => host.url(`/photo-${i}.jpg`))
      : set === "bad"
        ? Object.keys(BAD_IMAGES).map((key) => (key === "tls" ? host.url("/photo-0.jpg").replace("http:", "https:") : host.url(key)))
        : [];
  const started = performance.now();
  const runner = new JobRunner();
  registerImageJobs(runner);
  await requestImages(urls);
  await runner.runDue();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const outcomes: Record<string, string> = {};
  const sizes: Sizes[] = [];
  for (const [i, url] of urls.entries()) {
    const state = await imageState(url);
    outcomes[url.replace(/^https?:\/\/127\.0\.0\.1:\d+/, "")] =
      state?.status === "failed" ? `failed: ${state.failure}` : (state?.status ?? "missing");
    if (set === "normal" && state?.hash) {
      const bytes = async (size: ImageSizeName) => (await imageFile(state.hash!, size))?.length ?? 0;
      const source = fs.readFileSync(path.join(photoDir, photoFiles[i]!));
      const { width, height } = shopPhotoSize(i);
      sizes.push({
        width,
        height,
        sourceBytes: source.length,
        card: await bytes("card"),
        detail: await bytes("detail"),
        logo: await bytes("logo"),
        cardavif: await bytes("cardavif"),
        cardavif2x: await bytes("cardavif2x"),
      });
    }
  }
  await host.close();
  setCurrentDatabase(undefined);
  await open.close();
  await created?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const result: ChildResult = {
    set,
    database: usePostgres ? "postgres" : "pglite",
    sampledPeakMb: Math.round(sampledPeak / 1024 / 1024),
    // ru_maxrss: the process's high-water mark, in kilobytes on Linux.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    rssAtStartMb: Math.round(rssAtStart / 1024 / 1024),
    seconds: Math.round(seconds * 100) / 100,
    outcomes,
    sizes,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

function runChild(set: string, photoDir: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), "--set", set, "--photos", photoDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk) => {
      out += chunk;
    });
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (code !== 0 || !line) return reject(new Error(`image bench child (${set}) exited ${code}: ${out.slice(-2000)}`));
      resolve(JSON.parse(line.slice(7)) as ChildResult);
    });
  });
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function imagesBench() {
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-images-photos-"));
  try {
    await normalPhotos(photoDir);
    const runs: ChildResult[] = [];
    // Alternating twice: each set's peak is the larger of its two runs.
    for (let round = 0; round < 2; round++) for (const set of ["baseline", "normal", "bad"]) runs.push(await runChild(set, photoDir));
    const peak = (set: string) => Math.max(...runs.filter((r) => r.set === set).map((r) => r.peakRssMb));
    const growth = (set: string) => Math.max(...runs.filter((r) => r.set === set).map((r) => r.sampledPeakMb - r.rssAtStartMb));
    const normal = runs.find((r) => r.set === "normal")!;
    const bad = runs.find((r) => r.set === "bad")!;
    const cards = normal.sizes.map((s) => s.card);
    const details = normal.sizes.map((s) => s.detail);
    const avifs = normal.sizes.map((s) => s.cardavif);
    const avifs2x = normal.sizes.map((s) => s.cardavif2x);
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    const pageBytes = sum(cards);
    const pageBytes2x = sum(details);
    // The whole first page: its product cards and the external cards below them, each the same photo set.
    const wholePage = (list: number[]) => kb(sum(list) * ((PAGE_CARDS + PAGE_EXTERNAL_CARDS) / list.length));
    const range = (list: number[]) => ({ minKb: kb(Math.min(...list)), maxKb: kb(Math.max(...list)), meanKb: kb(sum(list) / list.length) });
    const normalSeconds = runs.filter((r) => r.set === "normal").map((r) => r.seconds);
    const results = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
      database: runs[0]?.database,
      peakRssMb: { baseline: peak("baseline"), normal: peak("normal"), bad: peak("bad") },
      growthWhileRunningMb: { baseline: growth("baseline"), normal: growth("normal"), bad: growth("bad") },
      secondsPerSet: Object.fromEntries(["normal", "bad"].map((set) => [set, runs.filter((r) => r.set === set).map((r) => r.seconds)])),
      /** The normal set's time over its pictures: fetch, decode, every size, store (one picture at a time). */
      secondsPerPicture: normalSeconds.map((seconds) => Math.round((seconds / normal.sizes.length) * 100) / 100),
      badOutcomes: bad.outcomes,
      normalOutcomes: normal.outcomes,
      card: { minKb: kb(Math.min(...cards)), maxKb: kb(Math.max(...cards)), overBudget: cards.filter((b) => b > CARD_BUDGET).length },
      sourceKb: {
        min: kb(Math.min(...normal.sizes.map((s) => s.sourceBytes))),
        max: kb(Math.max(...normal.sizes.map((s) => s.sourceBytes))),
      },
      detail: { minKb: kb(Math.min(...details)), maxKb: kb(Math.max(...details)) },
      /** Card bytes by format: the WebP card (1x) and detail (2x) beside the AVIF cards (1x 400×300, 2x 800×600). */
      cardKb: { webp1x: range(cards), webp2x: range(details), avif1x: range(avifs), avif2x: range(avifs2x) },
      productsPageKb: { cards1x: kb(pageBytes), cards2x: kb(pageBytes2x), budget: kb(PAGE_BUDGET) },
      /** The first page of /products whole: 24 product cards and 24 external cards, had every card loaded. */
      productsPageWholeKb: {
        cards: PAGE_CARDS + PAGE_EXTERNAL_CARDS,
        webp1x: wholePage(cards),
        webp2x: wholePage(details),
        avif1x: wholePage(avifs),
        avif2x: wholePage(avifs2x),
        budget: kb(PAGE_BUDGET),
      },
      sizes: normal.sizes,
    };
    fs.mkdirSync("bench/results", { recursive: true });
    fs.writeFileSync("bench/results/images.json", `${JSON.stringify(results, null, 2)}\n`);
    console.log(`database: ${results.database}`);
    console.log(
      `peak RSS (MB): baseline ${results.peakRssMb.baseline}, normal set ${results.peakRssMb.normal}, bad set ${results.peakRssMb.bad}`,
    );
    const g = results.growthWhileRunningMb;
    console.log(`RSS growth while running (MB): baseline ${g.baseline}, normal set ${g.normal}, bad set ${g.bad}`);
    console.log(`seconds: normal ${results.secondsPerSet.normal?.join(", ")}, bad ${results.secondsPerSet.bad?.join(", ")}`);
    for (const [url, outcome] of Object.entries(bad.outcomes)) console.log(`  bad ${url}: ${outcome}`);
    console.log(
      `card: ${results.card.minKb}–${results.card.maxKb} KB (${results.card.overBudget} over 25 KB); detail ${results.detail.minKb}–${results.detail.maxKb} KB`,
    );
    console.log(
      `/products first page (${PAGE_CARDS} cards): ${results.productsPageKb.cards1x} KB at 1x, ${results.productsPageKb.cards2x} KB if every card took the 2x size (budget 400 KB)`,
    );
    console.log(`seconds per picture (normal set): ${results.secondsPerPicture.join(", ")}`);
    console.log("card bytes (KB)     min    mean   max");
    for (const [label, r] of [
      ["WebP 1x card", results.cardKb.webp1x],
      ["WebP 2x detail", results.cardKb.webp2x],
      ["AVIF 1x cardavif", results.cardKb.avif1x],
      ["AVIF 2x cardavif2x", results.cardKb.avif2x],
    ] as const) {
      console.log(`  ${label.padEnd(19)} ${String(r.minKb).padStart(5)}  ${String(r.meanKb).padStart(5)}  ${String(r.maxKb).padStart(5)}`);
    }
    const w = results.productsPageWholeKb;
    console.log(
      `/products whole first page (${PAGE_CARDS} product + ${PAGE_EXTERNAL_CARDS} external cards, every one loaded): WebP ${w.webp1x} KB at 1x, ${w.webp2x} KB at 2x; AVIF ${w.avif1x} KB at 1x, ${w.avif2x} KB at 2x (budget 400 KB)`,
    );
    console.log("wrote bench/results/images.json");
    return results;
  } finally {
    fs.rmSync(photoDir, { recursive: true, force: true });
  }
}

const { values: args } = parseArgs({ options: { set: { type: "string" }, photos: { type: "string" } }, strict: false });
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = args.set ? child(String(args.set), String(args.photos)) : imagesBench();
  work.then(
    () => process.exit(0),
    (error: Error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
