import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { S3Settings } from "#app/platform/images/image-store.server.ts";

/** s3rver ships no types: its name is in a variable, so the compiler does not look for them. */
const S3RVER = "s3rver";

export type StandInS3 = { port: number; settings: S3Settings; close: () => Promise<void> };

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, in a temporary folder: the picture and
 * evidence stores' tests and the cluster trial reach it through the AWS SDK, never a mocked client. `settings` are
 * s3rver's own fixed credentials with path-style addresses, as for MinIO.
 */
export async function startStandInS3(bucket: string): Promise<StandInS3> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "domae-s3-"));
  const { default: S3rver } = (await import(/* @vite-ignore */ S3RVER)) as {
    default: new (options: Record<string, unknown>) => { run: () => Promise<{ port: number }>; close: () => Promise<void> };
  };
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: folder, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    port,
    settings: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
