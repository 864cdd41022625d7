import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseTarget } from "../../server/config";

/** New, empty databases for tests and test scripts, each with the way to remove it. */

/** A new SQLite database file in a folder of its own. */
export function createSqliteDatabase(prefix = "devprep_test") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-sqlite-"));
  const target: DatabaseTarget = { dialect: "sqlite", filename: path.join(dir, `${prefix}_${crypto.randomBytes(6).toString("hex")}.db`) };
  return { target, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A new, empty PostgreSQL database on the server of `adminUrl` (a superuser's), and how to drop it. */
export async function createPostgresDatabase(adminUrl: string, prefix = "devprep_test") {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { dialect: "postgres", connectionString: url.toString() };
  return {
    target,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
