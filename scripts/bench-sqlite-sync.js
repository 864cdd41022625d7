#!/usr/bin/env node
// `npm run bench:sqlite-sync` (decision 014): what SQLite's durability costs on this disk. Commits
// one small row at a time for 2 s in WAL mode with synchronous=FULL and =NORMAL, twice each, in
// DATA_DIR (./data by default: where the site's database lives), and prints commits per second
// and the time each commit holds the server's one thread (better-sqlite3 is synchronous).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const dir = path.resolve(process.env.DATA_DIR ?? "./data");
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `sync-bench-${process.pid}.db`);
const remove = () => ["", "-wal", "-shm"].forEach((suffix) => fs.rmSync(file + suffix, { force: true }));

console.log(`SQLite commits in WAL mode, one 200-byte row each, 2 s per run, in ${dir}\n`);
console.log(`${"synchronous".padEnd(12)}${"commits/s".padStart(11)}${"µs per commit".padStart(16)}`);
try {
  for (const mode of ["FULL", "NORMAL", "FULL", "NORMAL"]) {
    remove();
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${mode}`);
    db.exec("create table bench (id integer primary key, body text not null)");
    const insert = db.prepare("insert into bench (body) values (?)");
    const body = "x".repeat(200);
    const started = performance.now();
    let commits = 0;
    while (performance.now() - started < 2000) {
      insert.run(body);
      commits++;
    }
    const ms = performance.now() - started;
    db.close();
    console.log(
      `${mode.padEnd(12)}${String(Math.round((commits / ms) * 1000)).padStart(11)}${((ms * 1000) / commits).toFixed(0).padStart(16)}`,
    );
  }
} finally {
  remove();
}
