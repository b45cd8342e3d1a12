import { describe, expect, test } from "vitest";
import { IMAGE_SIZE_NAMES, IMAGE_SIZES, imagePath, parseImageFileName } from "./images.ts";

const hash = "0123456789abcdef0123456789abcdef";

describe("image file names", () => {
  test("each size names its format: WebP for logo, card, detail; AVIF for the AVIF cards", () => {
    expect(IMAGE_SIZE_NAMES.map((size) => imagePath(hash, size))).toEqual([
      `/images/${hash}-logo.webp`,
      `/images/${hash}-card.webp`,
      `/images/${hash}-detail.webp`,
      `/images/${hash}-cardavif.avif`,
      `/images/${hash}-cardavif2x.avif`,
    ]);
  });

  test("every path a page names parses back to its hash, size and format", () => {
    for (const size of IMAGE_SIZE_NAMES) {
      const name = imagePath(hash, size).slice("/images/".length);
      expect(parseImageFileName(name)).toEqual({ hash, size, format: IMAGE_SIZES[size].format });
    }
  });

  test.each([
    [`${hash}-card.avif`, "a WebP size with the AVIF extension"],
    [`${hash}-cardavif.webp`, "an AVIF size with the WebP extension"],
    [`${hash}-cardavif2x.webp`, "the 2x AVIF size with the WebP extension"],
    [`${hash}-detail.png`, "another extension"],
    [`${hash}-huge.webp`, "an unknown size"],
    [`${hash}-constructor.webp`, "a name every object has"],
    [`${hash}-card.webp.avif`, "two extensions"],
    [`${hash}-card-avif.avif`, "a dash in the size"],
    [`${hash.toUpperCase()}-card.webp`, "an upper-case hash"],
    [`${hash.slice(1)}-card.webp`, "a short hash"],
    ["../../etc/passwd", "a path"],
    ["", "nothing"],
  ])("%s is refused (%s)", (name) => {
    expect(parseImageFileName(name)).toBeNull();
  });
});

test("a picture's files are named under /images/ on this site, or on the CDN origin its view carries", () => {
  const hash = "0123456789abcdef0123456789abcdef";
  expect(imagePath(hash, "card")).toBe(`/images/${hash}-card.webp`);
  expect(imagePath(hash, "cardavif", "https://images.example.com")).toBe(`https://images.example.com/images/${hash}-cardavif.avif`);
});
