import { z } from "zod";
import { log } from "#app/lib/log.server.ts";
import type { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { fetchAndProcessImage, IMAGE_LIMITS, type ImageFetchOptions } from "./image-processing.server.ts";
import {
  IMAGE_FETCH_KIND,
  imageState,
  noteFailedRemake,
  requestMissingImages,
  requestOutdatedImages,
  storeFailedImage,
  storeReadyImage,
  uploadImageFiles,
} from "./images.server.ts";

/**
 * `images.fetch`: one outside picture fetched, resized and stored (docs/decisions/0023). A failure no
 * retry can change (not a picture, too big, an SVG, a refused address) is stored at once; a network
 * failure is retried twice, a minute apart and then two, before it is stored as failed.
 */

/** `remake`: a ready picture fetched again for sizes it lacks (requestOutdatedImages); a failure keeps it ready. */
const payload = z.object({ url: z.string().min(1).max(2048), remake: z.boolean().optional() });

export type ImageJobSettings = {
  /** Pictures one server makes at the same time (default 1: decoding is CPU and memory). */
  concurrency?: number;
  /** Test seams: stub DNS or network, shorter limits. */
  fetch?: ImageFetchOptions;
  backoffMs?: number;
};

export function registerImageJobs(runner: JobRunner, settings: ImageJobSettings = {}) {
  runner.register({
    kind: IMAGE_FETCH_KIND,
    concurrency: settings.concurrency ?? 1,
    timeoutMs: (settings.fetch?.timeoutMs ?? IMAGE_LIMITS.timeoutMs) + 30_000,
    backoffMs: settings.backoffMs ?? 60_000,
    parse: (value) => payload.parse(value),
    run: async ({ url, remake }, job) => {
      // Purged since it was asked for (nothing names the address any more): nothing to fetch.
      if (!(await imageState(url))) return;
      const outcome = await fetchAndProcessImage(url, { ...settings.fetch, signal: job.signal });
      if (job.signal.aborted) throw job.signal.reason;
      if (!outcome.ok && !outcome.permanent) throw new Error(`${outcome.detail} (${outcome.reason})`);
      // With IMAGE_STORE=s3 the files reach the bucket before the row that names them is written.
      const uploaded = outcome.ok ? await uploadImageFiles(outcome.hash, outcome.files) : false;
      await job.complete(async (tx) => {
        if (outcome.ok) await storeReadyImage(tx, url, outcome.hash, outcome.files, uploaded);
        else if (remake) await noteFailedRemake(tx, url, outcome.reason, outcome.detail);
        else await storeFailedImage(tx, url, outcome.reason, outcome.detail);
      });
      if (!outcome.ok) log.info("image refused", { url, reason: outcome.detail });
    },
    onGiveUp: async (tx, { url, remake }, error) => {
      const reason = "이미지를 가져오지 못했습니다. 여러 번 시도했지만 이미지 주소가 제대로 응답하지 않았습니다.";
      await (remake ? noteFailedRemake(tx, url, reason, error) : storeFailedImage(tx, url, reason, error));
    },
  });
}

/** The catch-up at start: rows saved before the pipeline existed, and pictures made before a size existed. */
export async function requestImagesAtStart() {
  const added = await requestMissingImages();
  if (added > 0) log.info("images requested for existing rows", { count: added });
  const remade = await requestOutdatedImages();
  if (remade > 0) log.info("images requested again for sizes they lack", { count: remade });
}
