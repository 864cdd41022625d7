import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServer } from "../../scripts/bench-server.js";
import type { TestDatabase } from "./databases";

export interface AppProcess {
  base: string;
  pid: number;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** DATABASE_URL for a test database. */
export const databaseUrl = (database: TestDatabase) =>
  database.target.dialect === "sqlite" ? `file:${database.target.filename}` : database.target.connectionString;

/**
 * Production app processes (server.js on the build) sharing one database, as behind a load
 * balancer, each with its own port, BASE_URL and data folder. Started one after the other: the
 * first imports the content, the rest find it imported. `stop()` ends them and removes their folders.
 */
export async function startAppProcesses(count: number, database: TestDatabase, env: Record<string, string> = {}) {
  const processes: AppProcess[] = [];
  const dataDirs: string[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-app-"));
    dataDirs.push(dataDir);
    const port = await freePort();
    processes.push(
      (await startServer({
        root,
        port,
        dataDir,
        env: { DATABASE_URL: databaseUrl(database), BASE_URL: `http://127.0.0.1:${port}`, ...env },
      })) as AppProcess,
    );
  }
  return {
    processes,
    async stop() {
      await Promise.all(processes.map((p) => p.stop()));
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
