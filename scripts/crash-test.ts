#!/usr/bin/env node
// `npm run crash-test` (issue #15; run with vite-node, for the shared test support): concurrent
// writes of every kind against the production server, which is killed with SIGKILL at a random
// moment, restarted and checked, `--cycles` times (default 50) on SQLite and on PostgreSQL.
// Prints each cycle and, per database, the writes acknowledged and lost (target: 0 lost), the
// integrity check, sign-ups left half made and the restart time.
// Options: --cycles <n>; --database sqlite|postgres|both (default both); --clients <n> (default 6);
// --sqlite-synchronous FULL|NORMAL (to compare SQLite's durability settings; default the server's).
// PostgreSQL: a throw-away cluster from Debian's postgresql package, or TEST_DATABASE_URL's server.
import path from "node:path";
import type { DatabaseTarget } from "../server/config";
import { type CrashReport, WRITE_KINDS, crashCycles } from "../tests/support/crash-cycles";
import { findPostgresBin, startCluster } from "../tests/support/postgres-cluster";
import { createPostgresDatabase, createSqliteDatabase } from "../tests/support/new-databases";
import { ensureBuild } from "./bench-server.js";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const cycles = Number(option("cycles", "50"));
const clients = Number(option("clients", "6"));
const which = option("database", "both");
const synchronous = option("sqlite-synchronous", "");
if (
  !Number.isInteger(cycles) ||
  cycles < 1 ||
  !Number.isInteger(clients) ||
  clients < 1 ||
  !["sqlite", "postgres", "both"].includes(which)
) {
  console.error(
    "Usage: npm run crash-test -- [--cycles 50] [--clients 6] [--database sqlite|postgres|both] [--sqlite-synchronous FULL|NORMAL]",
  );
  process.exit(2);
}

/** A database of the dialect to crash, and how to remove it afterwards. */
async function database(dialect: DatabaseTarget["dialect"]): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (dialect === "sqlite") return createSqliteDatabase("devprep_crash");
  let adminUrl = process.env.TEST_DATABASE_URL;
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  if (!adminUrl) {
    const bin = findPostgresBin();
    if (!bin) throw new Error("No PostgreSQL: install Debian's postgresql package, set TEST_DATABASE_URL, or pass --database sqlite.");
    cluster = await startCluster(bin);
    adminUrl = cluster.url;
  }
  const database = await createPostgresDatabase(adminUrl, "devprep_crash");
  return { target: database.target, drop: async () => (cluster ? cluster.stop() : database.drop()) };
}

ensureBuild(root);
const dialects: DatabaseTarget["dialect"][] = which === "both" ? ["sqlite", "postgres"] : [which as DatabaseTarget["dialect"]];
const reports: [string, CrashReport][] = [];
for (const dialect of dialects) {
  const { target, drop } = await database(dialect);
  const label = dialect === "sqlite" && synchronous ? `sqlite (synchronous=${synchronous})` : dialect;
  console.log(`\n${label}: ${cycles} cycles, ${clients} clients writing`);
  try {
    const env: Record<string, string> = dialect === "sqlite" && synchronous ? { SQLITE_SYNCHRONOUS: synchronous } : {};
    reports.push([label, await crashCycles({ target, cycles, clients, env, log: (line) => console.log(`  ${line}`) })]);
  } finally {
    await drop();
  }
}

console.log(
  `\n${"database".padEnd(28)}${WRITE_KINDS.map((k) => k.padStart(12)).join("")}${"lost".padStart(6)}  integrity  half-made  writes/s  restart ms (median / worst)`,
);
let failed = false;
for (const [label, report] of reports) {
  const lost = Object.values(report.lost).reduce((n, l) => n + l.length, 0);
  failed ||= lost > 0 || report.integrity.length > 0 || report.halfMadeSignUps > 0;
  console.log(
    `${label.padEnd(28)}${WRITE_KINDS.map((k) => String(report.acknowledged[k]).padStart(12)).join("")}${String(lost).padStart(6)}  ` +
      `${(report.integrity.length ? "FAILED" : "ok").padEnd(9)}  ${String(report.halfMadeSignUps).padStart(9)}  ${String(report.writesPerSecond).padStart(8)}  ` +
      `${report.restartMs.median} / ${report.restartMs.worst}`,
  );
  for (const [kind, missing] of Object.entries(report.lost))
    if (missing.length) console.log(`  lost ${kind}: ${missing.slice(0, 5).join(", ")}`);
  for (const problem of report.integrity) console.log(`  integrity: ${problem}`);
  if (report.unexpected.length) console.log(`  unexpected answers: ${report.unexpected.slice(0, 10).join(", ")}`);
}
console.log("(acknowledged writes by kind; lost: acknowledged but missing after a restart; half-made: users without a password)");
process.exit(failed ? 1 : 0);
