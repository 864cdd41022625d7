import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { writeBank } from "../../scripts/bench-questions.js";
import { databaseUrl, freshClientAddress, startAppProcess } from "../support/app-processes";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";

/**
 * Issue #15: `npm run db:backup` copies the database while the server is writing to it, and
 * `npm run db:restore` brings the copy back; every write acknowledged before the backup began
 * is in the restored database. Runs the real scripts against the production server.
 */
const root = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one of the db scripts on a database (without blocking the writers); its printed summary. */
function script(name: "db-backup" | "db-restore", database: TestDatabase, dataDir: string, file: string) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts", `${name}.js`), file],
      {
        cwd: root,
        // Vitest sets BASE_URL to Vite's "/"; the scripts read the server's settings.
        env: { ...process.env, DATABASE_URL: databaseUrl(database), DATA_DIR: dataDir, BASE_URL: "http://127.0.0.1", LOG_LEVEL: "warn" },
        encoding: "utf8",
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${name}: ${stdout}${stderr}`)) : resolve(stdout.trim())),
    );
  });
}

async function contactIds(database: TestDatabase): Promise<Set<string>> {
  if (database.target.dialect === "sqlite") {
    const db = new Database(database.target.filename, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = db.prepare("select id from contact_message").all() as { id: string }[];
    db.close();
    return new Set(rows.map((r) => r.id));
  }
  const client = new pg.Client({ connectionString: database.target.connectionString });
  await client.connect();
  const { rows } = await client.query<{ id: string }>("select id from contact_message");
  await client.end();
  return new Set(rows.map((r) => r.id));
}

describe.each(testDialects())("backup and restore on %s", (dialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("a backup taken under write load restores every write acknowledged before it began", { timeout: 120_000 }, async () => {
    const live = await createTestDatabase(dialect);
    const restored = await createTestDatabase(dialect);
    cleanup.push(
      () => live.drop(),
      () => restored.drop(),
    );
    // The backup lives apart from the server's data folder, which goes when the server stops.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-backup-data-"));
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-backup-content-"));
    cleanup.push(
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
      () => fs.rmSync(contentDir, { recursive: true, force: true }),
    );
    writeBank(contentDir, 20);
    const server = await startAppProcess({
      DATABASE_URL: databaseUrl(live),
      CONTENT_DIR: contentDir,
      TRUST_PROXY: "true",
      AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
    });
    cleanup.push(() => server.stop());

    // Four writers send contact messages without pause, each message from an address of its own
    // (the endpoint allows five per address); every 201 is an acknowledged write, with its time.
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    let sent = 0;
    const writer = async () => {
      while (writing) {
        const n = sent++;
        const response = await fetch(`${server.base}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": freshClientAddress() },
          body: JSON.stringify({ name: "Backup Writer", email: "writer@example.com", message: `Message number ${n}, written under load.` }),
        });
        if (response.status === 201) acknowledged.push({ id: ((await response.json()) as { id: string }).id, at: Date.now() });
        else expect(response.status, await response.text()).toBe(201);
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await sleep(1000);

    const file = path.join(dataDir, `backup.${dialect === "sqlite" ? "sqlite" : "pgdump"}`);
    const began = Date.now();
    const backupOutput = await script("db-backup", live, dataDir, file);
    const ended = Date.now();
    await sleep(300);
    writing = false;
    await writers;
    await server.stop();

    const before = acknowledged.filter((w) => w.at < began);
    const during = acknowledged.filter((w) => w.at >= began && w.at <= ended);
    expect(before.length).toBeGreaterThan(20);
    expect(during.length, "the server kept acknowledging writes while the backup ran").toBeGreaterThan(0);

    const restoreOutput = await script("db-restore", restored, dataDir, file);
    const ids = await contactIds(restored);
    expect(before.filter((w) => !ids.has(w.id))).toEqual([]);
    // The copy is one moment of the database: nothing in it that was never acknowledged or written.
    const everything = await contactIds(live);
    expect([...ids].filter((id) => !everything.has(id))).toEqual([]);
    console.log(
      `${dialect}: ${backupOutput}\n${dialect}: ${restoreOutput}\n` +
        `${dialect}: ${before.length} writes acknowledged before the backup began, all restored; ` +
        `${during.length} acknowledged while it ran; ${ids.size} messages in the copy`,
    );
  });
});
