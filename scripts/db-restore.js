#!/usr/bin/env node
// `npm run db:restore -- <file>`: puts a copy made by `npm run db:backup` back as the database
// the environment names. Stop the server first: the database is replaced, not merged.
// SQLite: the copy's integrity is checked, then it is written beside the database and renamed
// over it (its -wal and -shm files removed), so a failure leaves the old database whole.
// PostgreSQL: pg_restore in one transaction, replacing every table it holds.
import fs from "node:fs";
import Database from "better-sqlite3";
import { configuredDatabase, postgresTool, run, seconds } from "./db-tools.js";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error("Usage: npm run db:restore -- <backup file> (stop the server first)");
  process.exit(2);
}
const { database } = await configuredDatabase();

const start = performance.now();
if (database.dialect === "sqlite") {
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  const check = copy.pragma("integrity_check", { simple: true });
  copy.close();
  if (check !== "ok") {
    console.error(`${file} is damaged (${check}); the database was not touched.`);
    process.exit(1);
  }
  const temporary = `${database.filename}.restoring`;
  fs.copyFileSync(file, temporary);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${database.filename}${suffix}`, { force: true });
  fs.renameSync(temporary, database.filename);
} else {
  run(postgresTool("pg_restore"), [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--single-transaction",
    `--dbname=${database.connectionString}`,
    file,
  ]);
}
console.log(`Restored the ${database.dialect} database from ${file} in ${seconds(start)} s.`);
