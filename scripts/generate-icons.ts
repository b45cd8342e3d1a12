/**
 * `npm run icons`: the site's icons and its default sharing picture, drawn from its own artwork (public/favicon.svg)
 * and its name (config/site.json), written into public/ and committed. Run it again after changing either.
 *
 *   favicon.ico              16, 32 and 48 px (PNG inside an ICO, for browsers and tools that ask for /favicon.ico)
 *   apple-touch-icon.png     180 px, square and opaque (iOS rounds the corners itself)
 *   icon-192.png, icon-512.png and manifest.webmanifest (Korean name, theme colour)
 *   og-image.png             1200×630, the picture KakaoTalk, Naver and others show for a shared link
 *
 * Text is set in Pretendard (the site's own font, from the npm package) by sharp's text renderer, so the output does
 * not depend on the fonts installed on the machine.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DEFAULT_OG_IMAGE } from "#app/lib/meta.ts";

const PUBLIC = path.resolve("public");
const THEME = "#2563eb"; // app/root.tsx theme-color, the tile of favicon.svg
const BACKGROUND = "#f8fafc"; // the page background (Tailwind slate-50)
const FONT_DIR = path.resolve("node_modules/pretendard/dist/public/static");

const config = JSON.parse(fs.readFileSync(process.env.SITE_CONFIG || "config/site.json", "utf8")) as {
  siteName: string;
  siteDescription: string;
};
const artwork = fs.readFileSync(path.join(PUBLIC, "favicon.svg"), "utf8");

/** The artwork at `size` px; `square` fills the rounded corners with the tile colour (for icons shown on a mask). */
function drawLogo(size: number, { square = false } = {}) {
  const svg = square ? artwork.replace(/ rx='[\d.]+'/, "") : artwork;
  const image = sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size);
  return (square ? image.removeAlpha() : image).png({ compressionLevel: 9 }).toBuffer();
}

function escapeMarkup(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One line of text in a Pretendard weight, as a transparent PNG. */
function drawText(text: string, { weight, size, color }: { weight: "ExtraBold" | "Medium"; size: number; color: string }) {
  return sharp({
    text: {
      text: `<span foreground="${color}">${escapeMarkup(text)}</span>`,
      font: `Pretendard ${weight} ${size}`,
      fontfile: path.join(FONT_DIR, `Pretendard-${weight}.otf`),
      dpi: 72,
      rgba: true,
    },
  })
    .png()
    .toBuffer();
}

/** An .ico file holding PNG images (every browser since IE 11 reads PNG entries). */
function icoFile(images: { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function sharingImage() {
  const { width, height } = DEFAULT_OG_IMAGE;
  // The first sentence of the site description: "온라인 셀러를 위한 도매처·위탁 공급사 디렉터리"
  const tagline = config.siteDescription.split(/[.。]\s*/)[0] ?? config.siteDescription;
  const logoSize = 200;
  const [logo, title, subtitle] = await Promise.all([
    drawLogo(logoSize),
    drawText(config.siteName, { weight: "ExtraBold", size: 120, color: "#0f172a" }),
    drawText(tagline, { weight: "Medium", size: 40, color: "#475569" }),
  ]);
  const [titleSize, subtitleSize] = await Promise.all([sharp(title).metadata(), sharp(subtitle).metadata()]);
  const gap = 56;
  const textWidth = Math.max(titleSize.width, subtitleSize.width);
  const left = Math.round((width - (logoSize + gap + textWidth)) / 2);
  const textTop = Math.round((height - (titleSize.height + 16 + subtitleSize.height)) / 2);
  return sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite([
      { input: logo, left, top: Math.round((height - logoSize) / 2) },
      { input: title, left: left + logoSize + gap, top: textTop },
      { input: subtitle, left: left + logoSize + gap, top: textTop + titleSize.height + 16 },
      // A band in the theme colour along the bottom edge, so the card reads as the site's even when cropped.
      { input: { create: { width, height: 18, channels: 3, background: THEME } }, left: 0, top: height - 18 },
    ])
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main() {
  const files: Record<string, Buffer | string> = {
    "favicon.ico": icoFile(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await drawLogo(size) })))),
    "apple-touch-icon.png": await drawLogo(180, { square: true }),
    "icon-192.png": await drawLogo(192),
    "icon-512.png": await drawLogo(512),
    "og-image.png": await sharingImage(),
    "manifest.webmanifest": `${JSON.stringify(
      {
        name: config.siteName,
        short_name: config.siteName,
        description: config.siteDescription,
        lang: "ko",
        start_url: "/list",
        display: "minimal-ui",
        theme_color: THEME,
        background_color: BACKGROUND,
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
        ],
      },
      null,
      2,
    )}\n`,
  };
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(PUBLIC, name), content);
    console.log(`public/${name} (${Buffer.byteLength(content).toLocaleString("en")} bytes)`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
