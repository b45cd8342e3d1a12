// npm run images:copy -- to-s3 | to-database: moves our picture files' bytes from the database into the S3
// bucket of the S3_* settings, or back (app/platform/images/image-copy.server.ts, docs/deployment.md). Safe to
// run while servers serve pictures, and again after a failure. Switch IMAGE_STORE after `to-s3` (or before
// `to-database`), so that new pictures go where the old ones are.
import { copyImagesToBucket, copyImagesToDatabase } from "#app/platform/images/image-copy.server.ts";
import { openS3Store, s3SettingsFromEnv } from "#app/platform/images/image-store.server.ts";
import { runScript, withDatabase } from "./with-database.ts";

const direction = process.argv[2];
runScript(async () => {
  if (direction !== "to-s3" && direction !== "to-database") {
    throw new Error("usage: npm run images:copy -- to-s3 | to-database (방향을 to-s3 또는 to-database로 적어 주세요)");
  }
  const store = await openS3Store(s3SettingsFromEnv());
  try {
    await withDatabase(async () => {
      if (direction === "to-s3") {
        const copied = await copyImagesToBucket(store);
        console.log(`이미지 파일 ${copied}개를 버킷으로 옮겼습니다. (${copied} files moved to the bucket)`);
      } else {
        const { copied, missing } = await copyImagesToDatabase(store);
        console.log(`이미지 파일 ${copied}개를 데이터베이스로 옮겼습니다. (${copied} files copied back; ${missing} missing in the bucket)`);
      }
    });
  } finally {
    store.close();
  }
});
