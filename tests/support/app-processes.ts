import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServer } from "../../scripts/bench-server.js";
import type { TestDatabase } from "./databases";

/** The production server (server.js on the build) as a process of its own. */
export interface AppProcess {
  base: string;
  pid: number;
  /** Its data folder (SQLite's file lives here unless DATABASE_URL says otherwise). */
  dataDir: string;
  /** The exit code, once it has ended. */
  exited: Promise<number | null>;
  /** Ends it (SIGTERM) and removes its data folder. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** DATABASE_URL for a test database. */
export const databaseUrl = (database: TestDatabase) =>
  database.target.dialect === "sqlite" ? `file:${database.target.filename}` : database.target.connectionString;

/** One app process on a free port, its BASE_URL that address, with a data folder of its own. */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-app-"));
  const port = await freePort();
  const server = await startServer({ root, port, dataDir, env: { BASE_URL: `http://127.0.0.1:${port}`, ...env } });
  return {
    ...server,
    pid: server.pid!,
    dataDir,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * App processes sharing one database, as behind a load balancer. Started one after the other:
 * the first imports the content, the rest find it imported.
 */
export async function startAppProcesses(count: number, database: TestDatabase, env: Record<string, string> = {}) {
  const processes: AppProcess[] = [];
  for (let i = 0; i < count; i++) processes.push(await startAppProcess({ DATABASE_URL: databaseUrl(database), ...env }));
  return {
    processes,
    stop: () => Promise.all(processes.map((p) => p.stop())),
  };
}
