#!/usr/bin/env node
// `npm run db:backup -- [file]`: a consistent copy of the database the environment names,
// taken while the server runs and writes. SQLite: VACUUM INTO, which reads the whole database
// in one transaction, so the copy is the database as it was when the backup began (the server
// keeps writing meanwhile; WAL mode lets it). PostgreSQL: pg_dump, which reads one snapshot.
// Default file: DATA_DIR/backups/devprep-<date and time>.sqlite or .pgdump. Prints the file,
// its size and the time taken. Restore with `npm run db:restore -- <file>`.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { configuredDatabase, postgresTool, run, seconds } from "./db-tools.js";

const { database, dataDir } = await configuredDatabase();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(
  process.argv[2] ?? path.join(dataDir, "backups", `devprep-${stamp}.${database.dialect === "sqlite" ? "sqlite" : "pgdump"}`),
);
if (fs.existsSync(file)) {
  console.error(`${file} already exists; name another file.`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(file), { recursive: true });

const start = performance.now();
if (database.dialect === "sqlite") {
  const db = new Database(database.filename, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  db.prepare("VACUUM INTO ?").run(file);
  db.close();
} else {
  run(postgresTool("pg_dump"), ["--format=custom", "--no-owner", `--file=${file}`, database.connectionString]);
}
const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
console.log(`Backed up the ${database.dialect} database to ${file} (${megabytes} MB) in ${seconds(start)} s.`);
