import { adStrategy } from "./ad-strategy.ts";
import { algorithmStrategy } from "./algorithm-strategy.ts";
import { detailpageStrategy } from "./detailpage-strategy.ts";
import type { Guide } from "./guide-types.ts";
import { keywordStrategy } from "./keyword-strategy.ts";
import { promotionStrategy } from "./promotion-strategy.ts";
import { reviewStrategy } from "./review-strategy.ts";
import { trafficStrategy } from "./traffic-strategy.ts";
import { trendStrategy } from "./trend-strategy.ts";

export const guides: Guide[] = [
  algorithmStrategy,
  keywordStrategy,
  detailpageStrategy,
  reviewStrategy,
  trafficStrategy,
  promotionStrategy,
  adStrategy,
  trendStrategy,
];

export function findGuide(slug: string): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}
