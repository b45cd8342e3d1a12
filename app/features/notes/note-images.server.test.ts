import { afterAll, beforeAll, expect, test } from "vitest";
import { registerImageJobs } from "#app/platform/images/image-jobs.server.ts";
import { imageState } from "#app/platform/images/images.server.ts";
import { JobRunner } from "#app/platform/jobs/job-runner.server.ts";
import { type StandInImages, startStandInImages } from "#tests/stand-in-images.ts";
import { withTestDatabase } from "#tests/test-database.ts";
import { noteImageSources, withOwnNoteImages } from "./note-images.server.ts";
import { createNote, getNote, requestImagesOfAllNotes } from "./notes.server.ts";

withTestDatabase();

let host: StandInImages;

beforeAll(async () => {
  host = await startStandInImages({ photoCount: 1 });
}, 60_000);

afterAll(async () => {
  await host?.close();
});

test("a note's pictures are requested on save and shown as our copies; one not ready is left out", async () => {
  const photo = host.url("/photo-0.jpg");
  const broken = host.url("/page.html");
  const id = await createNote({
    title: "사진이 있는 노트",
    content: `<p>앞</p><img src="${photo}?a=1&amp;b=2" alt='상품 "사진" <b>'><p>중간</p><img src="${broken}" alt="없음"><img src="https://img.example.com/later.png" alt=""><img src="${photo}?a=1&amp;b=2" alt="다시">`,
    authorId: null,
  });
  const stored = (await getNote(id))!.content;
  expect(noteImageSources(stored)).toEqual([`${photo}?a=1&b=2`, broken, "https://img.example.com/later.png", `${photo}?a=1&b=2`]);
  expect((await imageState(`${photo}?a=1&b=2`))?.status).toBe("pending");
  // Known addresses are not requested twice.
  expect(await requestImagesOfAllNotes()).toBe(0);

  const runner = new JobRunner();
  registerImageJobs(runner, { fetch: { timeoutMs: 5_000 } });
  // The outside example.com address never resolves here: only the two stand-in pictures are run.
  await runner.runDue(2);

  const html = await withOwnNoteImages(stored);
  const images = html.match(/<img\b[^>]*>/g) ?? [];
  expect(images).toHaveLength(2);
  // The first picture shown loads at once (often the note's LCP); the later ones when scrolled near.
  expect(images[0]).toMatch(
    /^<img src="\/images\/[0-9a-f]{32}-detail\.webp" alt="상품 &quot;사진&quot; &lt;b&gt;" width="800" height="600" decoding="async" \/>$/,
  );
  expect(images[1]).toMatch(
    /^<img src="\/images\/[0-9a-f]{32}-detail\.webp" alt="다시" width="800" height="600" loading="lazy" decoding="async" \/>$/,
  );
  expect(html).toContain("<p>앞</p>");
  expect(html).not.toContain("127.0.0.1");
  expect(html).not.toContain("example.com");
});
