// npm run bench:scale [-- --quick] [-- --claims]: the search classes on PostgreSQL at 100,000 and at 1,000,000
// products (10,000 and 100,000 wholesalers) in one run, /list ÷ the no-database reference route at 100,000
// wholesalers, and the job claim at 1,000 and at 1,000,000 queued jobs (bench/job-claims.ts; --claims runs only
// that). Part of `npm run bench` (not with --quick); alone it writes bench/results/scale.json.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { type OpenDatabase, openDatabase, setCurrentDatabase } from "#app/db/client.server.ts";
import { seedDemoIfFirstStart } from "#app/features/demo/seed.server.ts";
import { QUERY_CLASSES, RARE_QUERY_CLASS } from "./catalogue-generator.ts";
import { generateCatalogue } from "./generate-data.ts";
import { claimScaleBench, printClaimScale } from "./job-claims.ts";
import { listToReference, middle } from "./load.ts";
import { timeSearchClasses } from "./search-timing.ts";
import { BENCH_AUTH_SECRET, createPostgresDatabase, ensureBuild, postgresReachable, startServer, stopServer } from "./server-process.ts";

export const SCALES = [
  { products: 100_000, wholesalers: 10_000 },
  { products: 1_000_000, wholesalers: 100_000 },
] as const;

type Options = { quick?: boolean; port: number };

/**
 * Both catalogues are open at once and timed in alternating rounds (100,000, then 1,000,000, then again),
 * so load from other processes on the shared cores falls on both alike; each class's ratio is the median
 * of its per-round ratios of p95.
 */
export async function scaleBench({ quick = false, port }: Options) {
  const scales = quick ? SCALES.map((s) => ({ products: s.products / 10, wholesalers: s.wholesalers / 10 })) : SCALES;
  const databases: { url: string; drop: () => Promise<void>; open?: OpenDatabase; seconds?: number }[] = [];
  try {
    for (const scale of scales) {
      const created = await createPostgresDatabase("domae_bench_scale");
      databases.push(created);
      const open = await openDatabase({ databaseUrl: created.url });
      setCurrentDatabase(open);
      const started = Date.now();
      await seedDemoIfFirstStart();
      await generateCatalogue({ wholesalerCount: scale.wholesalers, productCount: scale.products });
      const last = databases.at(-1)!;
      last.open = open;
      last.seconds = Math.round((Date.now() - started) / 1000);
      console.log(`scale: ${scale.products} products, ${scale.wholesalers} wholesalers generated in ${last.seconds} s`);
    }

    const rounds = quick ? 2 : 3;
    const perRound: Awaited<ReturnType<typeof timeSearchClasses>>[][] = scales.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [i, database] of databases.entries()) {
        setCurrentDatabase(database.open);
        perRound[i]!.push(
          await timeSearchClasses({
            repeats: quick ? 8 : 20,
            exactRepeats: 5,
            compareUnindexed: false,
            classes: { ...QUERY_CLASSES, ...RARE_QUERY_CLASS },
          }),
        );
      }
    }
    const classes = perRound[0]![0]!.map((row, c) => {
      const small = perRound[0]!.map((r) => r[c]!);
      const large = perRound[1]!.map((r) => r[c]!);
      return {
        class: row.class,
        matchesSmall: row.matches,
        matchesLarge: large[0]!.matches,
        p95SmallMs: middle(small.map((r) => r.p95Ms)),
        p95LargeMs: middle(large.map((r) => r.p95Ms)),
        ratio: round2(middle(small.map((r, k) => large[k]!.p95Ms / r.p95Ms))),
        exactCountSmallMs: middle(small.map((r) => r.exactCountP95Ms)),
        exactCountLargeMs: middle(large.map((r) => r.exactCountP95Ms)),
        exactCountRatio: round2(middle(small.map((r, k) => large[k]!.exactCountP95Ms / r.exactCountP95Ms))),
        usesIndex: [...small, ...large].every((r) => r.usesIndex),
      };
    });
    for (const database of databases) {
      await database.open?.close();
      database.open = undefined;
    }
    setCurrentDatabase(undefined);

    // /list at the larger catalogue's 100,000 wholesalers against the reference route, same server.
    const server = await startServer(port, { DATABASE_URL: databases[1]!.url, AUTH_SECRET: BENCH_AUTH_SECRET, SEED_DEMO: "0" });
    let list: Awaited<ReturnType<typeof listToReference>>;
    try {
      list = await listToReference(server, quick ? 1 : 3, { duration: quick ? 2 : 8, warmup: quick ? 1 : 2 });
    } finally {
      await stopServer(server);
    }
    return {
      scales,
      generateSeconds: databases.map((d) => d.seconds),
      search: classes,
      listToReference: { wholesalers: scales[1]!.wholesalers, ...list },
      claims: await claimScaleBench({ quick }),
    };
  } finally {
    setCurrentDatabase(undefined);
    for (const database of databases) {
      await database.open?.close().catch(() => {});
      await database.drop();
    }
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function printScale(result: Awaited<ReturnType<typeof scaleBench>>) {
  console.log(
    `\n### PostgreSQL: ${result.scales[0]!.products} vs ${result.scales[1]!.products} products (ratio = p95 at the larger ÷ p95 at the smaller, per round, median)`,
  );
  console.table(result.search);
  const l = result.listToReference;
  console.log(`/list ÷ reference at ${l.wholesalers} wholesalers: throughput ${l.throughput}, CPU per request ${l.cpu}`);
  console.table(l.rounds);
  printClaimScale(result.claims);
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, claims: { type: "boolean", default: false } } });
  if (!(await postgresReachable())) {
    console.error("PostgreSQL is not reachable (BENCH_DATABASE_URL / TEST_DATABASE_URL): the scale bench runs on PostgreSQL only.");
    process.exit(1);
  }
  let result: object;
  if (values.claims) {
    const claims = await claimScaleBench({ quick: values.quick });
    printClaimScale(claims);
    result = { claims };
  } else {
    ensureBuild();
    const scale = await scaleBench({ quick: values.quick, port: Number(process.env.BENCH_PORT || 3400) });
    printScale(scale);
    result = scale;
  }
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/scale.json", `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
  process.exit(0);
}
