import { randomInt } from "node:crypto";
import type { Ad } from "#app/lib/site-config.server.ts";

/** Two different ads drawn at random for one page view (one per side column). */
export function pickTwoAds(pool: Ad[]): [Ad, Ad] {
  const first = randomInt(pool.length);
  let second = randomInt(pool.length - 1);
  if (second >= first) second += 1;
  return [pool[first] as Ad, pool[second] as Ad];
}
