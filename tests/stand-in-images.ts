import type http from "node:http";
import zlib from "node:zlib";
import sharp from "sharp";
import { type LocalServer, setAllowHosts, startServer } from "./network.ts";

/**
 * A stand-in picture host for the image pipeline (platform/images): one HTTP server on 127.0.0.1,
 * allowed by OUTBOUND_ALLOW_HOSTS as exactly `127.0.0.1:<port>`, serving ordinary photos and the bad
 * input set of issue 16. Every file is made here, in memory; nothing reaches past 127.0.0.1.
 */

export type StandInImages = {
  server: LocalServer;
  /** `http://127.0.0.1:<port><path>` */
  url: (path: string) => string;
  /** Ordinary photos: `/photo-<n>.jpg`, n from 0 to `photoCount - 1`. */
  photoCount: number;
  /** Bytes the 50 MB picture managed to send before the reader hung up. */
  hugeBytesSent: () => number;
  close: () => Promise<void>;
};

/** The bad input set: path → what it is. */
export const BAD_IMAGES = {
  "/page.html": "an HTML page",
  "/huge.png": "a 50 MB PNG",
  "/bomb.png": "a PNG of a few KB declaring 30,000×30,000 pixels",
  "/sliver.png": "a whole, valid PNG of 1×23,990,000 pixels (under the pixel cap; 18 s of CPU when it was decoded)",
  "/banner.png": "a whole, valid PNG of 16,000×100 pixels (160:1)",
  "/script.svg": "an SVG with a script",
  "/animated.gif": "an animated GIF of 500 frames of 400×400",
  "/to-private.png": "a redirect to a private address",
  tls: "an https address on a plain-HTTP port",
} as const;

/**
 * A photo-like picture: colour fields and shapes with texture at three scales (blotches, mid detail,
 * grain), so it compresses like a product shot: about 260 KB as a 1200×1200 JPEG. Plain noise would be
 * the worst case, a smooth gradient the best; neither is what shops upload.
 */
export async function photoLike(seed: number, width = 1600, height = 1200) {
  const hue = (seed * 47) % 360;
  const noise = async (scale: number, sigma: number) =>
    sharp({
      create: {
        width: Math.ceil(width / scale),
        height: Math.ceil(height / scale),
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: "cubic" })
      .png()
      .toBuffer();
  const shapes = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,35%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.45}" cy="${height * 0.5}" r="${height * 0.3}" fill="hsl(${(hue + 180) % 360},60%,55%)"/>
    <rect x="${width * 0.6}" y="${height * 0.2}" width="${width * 0.25}" height="${height * 0.55}" rx="40" fill="hsl(${(hue + 90) % 360},35%,88%)"/>
  </svg>`;
  const layered = await sharp(Buffer.from(shapes))
    .composite([
      { input: await noise(24, 50), blend: "overlay" },
      { input: await noise(4, 30), blend: "soft-light" },
      { input: await noise(1, 10), blend: "soft-light" },
    ])
    .png()
    .toBuffer();
  return sharp(layered).jpeg({ quality: 85 }).toBuffer();
}

/** The size of photo `i` of the normal set: every sixth a camera photo (4000×3000), the rest shop-sized squares (1200×1200). */
export function shopPhotoSize(i: number) {
  return i % 6 === 5 ? { width: 4000, height: 3000 } : { width: 1200, height: 1200 };
}

/**
 * The normal set of product photos (issue 16): `count` photo-like JPEGs at quality 85, sized by
 * `shopPhotoSize` (the default 24: 20 squares and 4 camera photos). Made one at a time, as a camera
 * photo takes a few hundred MB while it is composed.
 */
export async function shopPhotos(count = 24) {
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const { width, height } = shopPhotoSize(i);
    photos.push(await photoLike(i, width, height));
  }
  return photos;
}

/**
 * A valid PNG header that declares `width`×`height` grey pixels, with only the first `rows` rows' data (a
 * few KB), or every row's (`rows: height`: a whole, valid picture; black, so it compresses to little).
 */
export function pngDeclaring(width: number, height: number, rows = 4) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const data = zlib.deflateSync(Buffer.alloc((width + 1) * Math.min(rows, height)), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", data),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * An animated GIF of `frames` frames: one frame made by sharp, its image block repeated with a delay
 * and a loop extension (encoding 500 distinct frames takes sharp over ten seconds).
 */
export async function animatedGif(frames: number, size = 400) {
  const one = await sharp({ create: { width: size, height: size, channels: 3, background: "#e11d48" } })
    .gif()
    .toBuffer();
  // Header (6) and logical screen descriptor (7), then the global colour table if the flag says so.
  let at = 13;
  if ((one[10] ?? 0) & 0x80) at += 3 * 2 ** (((one[10] ?? 0) & 0x07) + 1);
  const head = one.subarray(0, at);
  let image: Buffer | null = null;
  while (at < one.length && one[at] !== 0x3b) {
    const start = at;
    if (one[at] === 0x21) {
      at += 2;
    } else if (one[at] === 0x2c) {
      const packed = one[at + 9] ?? 0;
      at += 10;
      if (packed & 0x80) at += 3 * 2 ** ((packed & 0x07) + 1);
      at += 1; // LZW minimum code size
    } else {
      throw new Error("unexpected GIF block");
    }
    while ((one[at] ?? 0) !== 0) at += (one[at] ?? 0) + 1;
    at += 1;
    if (one[start] === 0x2c) image = one.subarray(start, at);
  }
  if (!image) throw new Error("no image block");
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const control = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]);
  const frameBlocks = Array.from({ length: frames }, () => Buffer.concat([control, image]));
  return Buffer.concat([head, loop, ...frameBlocks, Buffer.from([0x3b])]);
}

const SCRIPT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(document.cookie)</script><image href="http://10.0.0.1/track.png" width="10" height="10"/><rect width="200" height="200" fill="red"/></svg>`;

/** `photos`: ready-made photo files (the image bench makes them in another process); else `photoCount` made here. */
export async function startStandInImages({
  photoCount = 4,
  photos: given,
}: {
  photoCount?: number;
  photos?: Buffer[];
} = {}): Promise<StandInImages> {
  const photos = given ?? (await Promise.all(Array.from({ length: photoCount }, (_, i) => photoLike(i))));
  photoCount = photos.length;
  const bomb = pngDeclaring(30_000, 30_000);
  const sliver = pngDeclaring(1, 23_990_000, 23_990_000);
  const banner = pngDeclaring(16_000, 100, 100);
  const gif = await animatedGif(500);
  let hugeSent = 0;
  const send = (response: http.ServerResponse, type: string, body: Buffer | string) => {
    response.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body) });
    response.end(body);
  };
  const server = await startServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const photo = /^\/photo-(\d+)\.jpg$/.exec(path);
    if (photo) {
      const bytes = photos[Number(photo[1])];
      if (bytes) return send(response, "image/jpeg", bytes);
    }
    switch (path) {
      case "/page.html":
        return send(
          response,
          "text/html; charset=utf-8",
          "<!doctype html><html><head><title>상품</title></head><body>이미지가 아닙니다</body></html>",
        );
      case "/huge.png": {
        // 50 MB announced by no length (chunked), so only the byte cap can stop it.
        response.writeHead(200, { "content-type": "image/png" });
        const block = Buffer.alloc(64 * 1024, 7);
        const header = pngDeclaring(4000, 4000).subarray(0, 33);
        hugeSent += header.length;
        response.write(header);
        const pump = () => {
          while (hugeSent < 50 * 1024 * 1024) {
            hugeSent += block.length;
            if (!response.write(block)) return void response.once("drain", pump);
          }
          response.end();
        };
        response.on("error", () => {});
        return pump();
      }
      case "/bomb.png":
        return send(response, "image/png", bomb);
      case "/sliver.png":
        return send(response, "image/png", sliver);
      case "/banner.png":
        return send(response, "image/png", banner);
      case "/script.svg":
        return send(response, "image/svg+xml", SCRIPT_SVG);
      case "/disguised-svg.png":
        // The same SVG claiming to be a PNG: refused by what the bytes are, not by the label.
        return send(response, "image/png", SCRIPT_SVG);
      case "/animated.gif":
        return send(response, "image/gif", gif);
      case "/to-private.png":
        response.writeHead(302, { location: "http://10.0.0.1/secret.png" });
        return response.end();
      case "/unavailable.png":
        response.writeHead(503, { "content-type": "text/plain", "retry-after": "60" });
        return response.end("busy");
      case "/missing.png":
        response.writeHead(404, { "content-type": "text/plain" });
        return response.end("not found");
      default:
        response.writeHead(404, { "content-type": "text/plain" });
        return response.end("not found");
    }
  });
  setAllowHosts(`127.0.0.1:${server.port}`);
  return {
    server,
    url: (path: string) => `${server.origin}${path}`,
    photoCount,
    hugeBytesSent: () => hugeSent,
    close: () => server.close(),
  };
}
