import { vi } from "vitest";

/**
 * The logger's JSON lines (lib/log.server.ts writes to stdout and stderr) while a test runs, parsed; the
 * streams are given back by `vi.restoreAllMocks()`.
 */
export function captureLog(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const write = (chunk: unknown) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
    return true;
  };
  vi.spyOn(process.stdout, "write").mockImplementation(write as typeof process.stdout.write);
  vi.spyOn(process.stderr, "write").mockImplementation(write as typeof process.stderr.write);
  return lines;
}

/** The `"msg":"mail"` line each mail sent without SMTP_URL writes while `send` runs (SMTP_URL is unset meanwhile). */
export async function loggedMails(
  send: () => Promise<unknown>,
): Promise<{ to: string; subject: string; link?: string; links: string[] }[]> {
  const smtp = process.env.SMTP_URL;
  delete process.env.SMTP_URL;
  const lines = captureLog();
  try {
    await send();
  } finally {
    vi.restoreAllMocks();
    if (smtp !== undefined) process.env.SMTP_URL = smtp;
  }
  return lines.filter((line) => line.msg === "mail") as never;
}
