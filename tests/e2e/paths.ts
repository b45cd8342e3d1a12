/**
 * Where the end-to-end server lives, shared by playwright.config.ts and the journeys: its port, its
 * fresh DATA_DIR and the log it writes there (the journeys read mailed links from it, as an operator
 * without SMTP_URL would).
 */
export const e2ePort = Number(process.env.E2E_PORT || 3210);
export const e2eDataDir = `./data-e2e-${e2ePort}`;
export const e2eServerLog = `${e2eDataDir}/server.log`;
/** The stand-in registries' process (tests/e2e/stand-in-registry-server.ts): the e2e server is told its address. */
export const e2eRegistryPort = e2ePort + 10_000;
/**
 * The stand-in mail server's process (tests/e2e/stand-in-smtp-server.ts): SMTP on E2E_PORT + 20000 (the e2e server's
 * SMTP_URL), a control endpoint on E2E_PORT + 20001, and every mail it receives as one JSON line in this file, which
 * the journeys read (tests/e2e/mailbox.ts).
 */
export const e2eSmtpPort = e2ePort + 20_000;
export const e2eSmtpControlPort = e2ePort + 20_001;
export const e2eMailbox = `./data-e2e-${e2ePort}-mailbox.jsonl`;
/** The stand-in 카카오 and 네이버 sign-in services (tests/e2e/stand-in-oauth-server.ts), whose bases the e2e server is given. */
export const e2eOAuthPort = e2ePort + 30_000;
