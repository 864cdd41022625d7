import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "../config";
import type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseTarget["dialect"];
  close(): Promise<void>;
}

/**
 * Opens the database named by the config. SQLite runs in WAL mode with a busy timeout so
 * readers never block the writer, syncing its log at every commit unless told otherwise
 * (docs/decisions/014-sqlite-durability.md); PostgreSQL gets a small pool (one app process per core).
 */
export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.dialect === "sqlite") {
    if (target.filename !== ":memory:") fs.mkdirSync(path.dirname(target.filename), { recursive: true });
    const sqlite = new SQLite(target.filename);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma(`synchronous = ${target.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
