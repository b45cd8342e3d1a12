// The stand-in 카카오 and 네이버 sign-in services for the e2e server (playwright.config.ts starts this file as a web
// server on E2E_PORT + 30000): the same stand-in as the Vitest suites (tests/stand-in-oauth.ts), a real HTTP server on
// 127.0.0.1. A journey says who is signed in at the service with `POST /control/member` (tests/e2e/fixtures.ts).
import { startStandInOAuth } from "../stand-in-oauth.ts";
import { e2eOAuthPort } from "./paths.ts";

const oauth = await startStandInOAuth({ port: e2eOAuthPort });
process.on("SIGTERM", () => void oauth.close().then(() => process.exit(0)));
process.on("SIGINT", () => void oauth.close().then(() => process.exit(0)));
