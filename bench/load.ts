/** Load generation for the benchmarks: autocannon against a running server, with its CPU time per request. */
import fs from "node:fs";
import autocannon from "autocannon";
import type { ServerHandle } from "./server-process.ts";

/** CPU time (user + system) of a process, in milliseconds, from /proc. */
export function cpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  return (ticks * 1000) / 100;
}

export type LoadOptions = { duration: number; warmup: number; cookie?: string };

export async function load(server: ServerHandle, url: string, { duration, warmup, cookie }: LoadOptions) {
  // autocannon writes the path as given: Korean query text must be percent-encoded first.
  const target = `${server.base}${encodeURI(url)}`;
  const headers = cookie ? { cookie } : {};
  // Warm-up (JIT, database caches), not measured.
  await autocannon({ url: target, connections: 10, duration: warmup, headers });
  const before = cpuMs(server.child.pid!);
  const result = await autocannon({ url: target, connections: 10, duration, headers });
  const cpu = cpuMs(server.child.pid!) - before;
  const requests = result.requests.total;
  return {
    url,
    signedIn: Boolean(cookie),
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: requests ? Math.round((cpu / requests) * 100) / 100 : null,
  };
}

export const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * `/list` ÷ the no-database reference route: loaded alternately, so load from other processes on the
 * shared cores falls on both alike; the median of the per-round ratios (throughput and CPU per request).
 */
export async function listToReference(server: ServerHandle, rounds: number, options: LoadOptions) {
  const measured = [];
  for (let i = 0; i < rounds; i++) {
    const list = await load(server, "/list", options);
    const reference = await load(server, "/bench/reference-list", options);
    measured.push({
      list,
      reference,
      throughput: list.reqPerSec / Math.max(1, reference.reqPerSec),
      cpu: (reference.cpuMsPerRequest ?? 0) / Math.max(0.01, list.cpuMsPerRequest ?? 0),
    });
  }
  return {
    throughput: Math.round(middle(measured.map((r) => r.throughput)) * 100) / 100,
    cpu: Math.round(middle(measured.map((r) => r.cpu)) * 100) / 100,
    rounds: measured.map((r) => ({
      list: r.list.reqPerSec,
      reference: r.reference.reqPerSec,
      listCpuMs: r.list.cpuMsPerRequest,
      referenceCpuMs: r.reference.cpuMsPerRequest,
    })),
    reference: measured.map((r) => r.reference).sort((a, b) => a.reqPerSec - b.reqPerSec)[Math.floor(measured.length / 2)]!,
  };
}
