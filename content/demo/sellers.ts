import type { DemoSeller } from "./demo-types.ts";

export const demoSellers: DemoSeller[] = [
  { email: "seller1@example.com", name: "봄날상회" },
  { email: "seller2@example.com", name: "하루살림" },
  { email: "seller3@example.com", name: "멍냥마켓" },
  { email: "seller4@example.com", name: "캠핑곳간" },
  { email: "seller5@example.com", name: "디지털나루" },
];
