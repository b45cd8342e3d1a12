// npm run db:seed: loads the demo content (wholesalers, products, external products, seller notes).
import { seedDemo } from "#app/features/demo/seed.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

runScript(() =>
  withDatabase(async () => {
    await seedDemo();
    console.log("데모 콘텐츠를 넣었습니다. (demo content loaded)");
  }),
);
