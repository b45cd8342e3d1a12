import { expect, test } from "vitest";
import { closedPort } from "#tests/network.ts";
import { testDatabaseKind, withTestDatabase } from "#tests/test-database.ts";
import { currentDatabase } from "./client.server.ts";
import { openReplicas, parseLsn } from "./replicas.server.ts";

withTestDatabase();

test("WAL positions compare as numbers", () => {
  expect(parseLsn("0/3000148")).toBe(0x3000148n);
  expect(parseLsn("1/0") > parseLsn("0/FFFFFFFF")).toBe(true);
});

test.runIf(testDatabaseKind() === "postgres")(
  "a replica that answers and is current is handed out; one that does not answer is not, and the server starts all the same",
  async () => {
    const primary = currentDatabase()!;
    const url = process.env.TEST_DATABASE_URL!;
    const down = `postgres://postgres:secret@127.0.0.1:${await closedPort()}/postgres`;
    const replicas = await openReplicas([url, down], primary.db, { checkEveryMs: 60_000 });
    try {
      const [up, gone] = replicas.states();
      expect(up).toMatchObject({ healthy: true, lagSeconds: 0 });
      expect(gone).toMatchObject({ healthy: false });
      // The password never reaches the states (or the log).
      expect(gone!.url).not.toContain("secret");
      for (let i = 0; i < 4; i++) expect(replicas.pick()).toBeDefined();
      const only = await openReplicas([down], primary.db, { checkEveryMs: 60_000 });
      expect(only.pick()).toBeUndefined();
      await only.close();
    } finally {
      await replicas.close();
    }
  },
  30_000,
);
