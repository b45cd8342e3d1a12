import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useLoopbackApps } from "#tests/loopback-app.ts";
import { buildFiles } from "./build-files.ts";

const serve = useLoopbackApps();
let buildDir = "";

beforeAll(() => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "domae-build-"));
  fs.mkdirSync(path.join(buildDir, "client/assets"), { recursive: true });
  fs.writeFileSync(path.join(buildDir, "client/assets/app-3f9a.js"), "console.log(1)");
  fs.writeFileSync(path.join(buildDir, "client/favicon.ico"), "icon");
});
afterAll(() => {
  fs.rmSync(buildDir, { recursive: true, force: true });
});

async function start() {
  const app = express();
  app.use(buildFiles(buildDir));
  app.use((_req, res) => {
    res.send(`the app, route ${String(res.locals.route)}`);
  });
  return serve(app);
}

test("hashed assets are cached for a year, the other build files for an hour; a miss goes on to the app", async () => {
  const base = await start();
  const asset = await fetch(`${base}/assets/app-3f9a.js`);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const icon = await fetch(`${base}/favicon.ico`);
  expect([icon.status, icon.headers.get("cache-control")]).toEqual([200, "public, max-age=3600"]);
  // Not a file of the build: the app answers, and its request is not counted as a static file.
  expect(await (await fetch(`${base}/list`)).text()).toBe("the app, route undefined");
  expect(await (await fetch(`${base}/assets/missing.js`)).text()).toBe("the app, route undefined");
  // No listing of the folder.
  expect(await (await fetch(`${base}/assets/`)).text()).toBe("the app, route undefined");
});
