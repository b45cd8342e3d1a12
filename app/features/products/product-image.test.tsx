import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { ImageView } from "#app/lib/images.ts";
import { imagesFromElsewhere, imagesWithoutSize } from "#bench/page-weight.ts";
import { ProductImage } from "./product-image.tsx";

const hash = "0123456789abcdef0123456789abcdef";
/** A picture whose variants are given as `size:widthxheight` ("card:400x300"). */
const picture = (...variants: string[]): ImageView => ({
  hash,
  variants: variants.map((variant) => {
    const [size = "", dimensions = ""] = variant.split(":");
    const [width, height] = dimensions.split("x");
    return { size, width: Number(width), height: Number(height) } as ImageView["variants"][number];
  }),
});
const webpOnly = picture("logo:160x120", "card:400x300", "detail:800x600");
const ready = picture("logo:160x120", "card:400x300", "detail:800x600", "cardavif:400x300", "cardavif2x:800x600");

describe("ProductImage", () => {
  test("a ready picture: an AVIF <source> of our own /images/…avif files, the WebP <img> inside", () => {
    const html = renderToStaticMarkup(<ProductImage image={ready} />);
    expect(html).toMatch(/^<picture class="block"><source type="image\/avif" [^>]*><img [^>]*><\/picture>$/);
    const source = /<source [^>]*>/.exec(html)?.[0] ?? "";
    expect(/\ssrcset="([^"]*)"/i.exec(source)?.[1]).toBe(`/images/${hash}-cardavif.avif 400w, /images/${hash}-cardavif2x.avif 800w`);
    expect(source).toMatch(/\ssizes="[^"]+"/);
    const img = /<img [^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain(`src="/images/${hash}-card.webp"`);
    expect(img).toMatch(/srcSet="\/images\/[0-9a-f]{32}-card\.webp 400w, \/images\/[0-9a-f]{32}-detail\.webp 800w"/i);
    expect(img).toContain('width="400"');
    expect(img).toContain('height="300"');
    expect(img).toContain('loading="lazy"');
    expect(img).not.toMatch(/fetchpriority/i);
    expect(imagesWithoutSize(html)).toEqual([]);
    expect(imagesFromElsewhere(html)).toEqual([]);
  });

  test("a picture made before the AVIF sizes: the plain WebP <img>, exactly as before", () => {
    const html = renderToStaticMarkup(<ProductImage image={webpOnly} />);
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("<source");
    expect(html).toMatch(/^<img [^>]*\/>$/);
    expect(html).toContain(`src="/images/${hash}-card.webp"`);
    expect(html).toMatch(/srcSet="\/images\/[0-9a-f]{32}-card\.webp 400w, \/images\/[0-9a-f]{32}-detail\.webp 800w"/i);
  });

  test("a small source: the 2x AVIF only when it is larger than the 1x", () => {
    const small = picture("card:300x225", "detail:300x300", "cardavif:300x225", "cardavif2x:300x225");
    const html = renderToStaticMarkup(<ProductImage image={small} />);
    expect(html).toMatch(new RegExp(`<source type="image/avif" srcSet="/images/${hash}-cardavif\\.avif 300w"`, "i"));
    expect(html).not.toContain("cardavif2x");
    expect(html).toMatch(/<img [^>]*width="300" height="225"/);
  });

  test("the first card: loaded at once, with high priority", () => {
    const html = renderToStaticMarkup(<ProductImage image={ready} eager />);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/<img [^>]*fetchPriority="high"/i);
  });

  test("no picture yet: the drawn placeholder", () => {
    expect(renderToStaticMarkup(<ProductImage image={null} />)).not.toContain("<img");
  });
});
