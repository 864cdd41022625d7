import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "./database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-database-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** SQLite's own answer to `pragma synchronous`: 1 is NORMAL, 2 is FULL. */
async function synchronousOf(target: Parameters<typeof openDatabase>[0]) {
  const database = openDatabase(target);
  try {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    return { synchronous: rows[0]?.synchronous, journal: journal.rows[0]?.journal_mode };
  } finally {
    await database.close();
  }
}

test("SQLite syncs its write-ahead log at every commit unless the settings say NORMAL (decision 014)", async () => {
  expect(await synchronousOf({ dialect: "sqlite", filename: path.join(dir, "default.db") })).toEqual({ synchronous: 2, journal: "wal" });
  expect(await synchronousOf({ dialect: "sqlite", filename: path.join(dir, "full.db"), synchronous: "FULL" })).toEqual({
    synchronous: 2,
    journal: "wal",
  });
  expect(await synchronousOf({ dialect: "sqlite", filename: path.join(dir, "normal.db"), synchronous: "NORMAL" })).toEqual({
    synchronous: 1,
    journal: "wal",
  });
});
