import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServer } from "../../scripts/bench-server.js";
import type { TestDatabase } from "./databases";

/** The production server (server.js on the build) as a process of its own. */
export interface AppProcess {
  base: string;
  /** The current process's (a restart makes a new one). */
  readonly pid: number;
  /** Its data folder (SQLite's file lives here unless DATABASE_URL says otherwise). */
  dataDir: string;
  /** The exit code, once the current process has ended. */
  readonly exited: Promise<number | null>;
  /** Ends it (SIGTERM) and removes its data folder. */
  stop(): Promise<void>;
  /** Kills it with SIGKILL, as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, data folder and settings, after kill(). */
  restart(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** DATABASE_URL for a test database. */
export const databaseUrl = (database: Pick<TestDatabase, "target">) =>
  database.target.dialect === "sqlite" ? `file:${database.target.filename}` : database.target.connectionString;

/** One app process on a free port, its BASE_URL that address, with a data folder of its own. */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-app-"));
  const port = await freePort();
  const start = () => startServer({ root, port, dataDir, probeMs: 20, env: { BASE_URL: `http://127.0.0.1:${port}`, ...env } });
  let server = await start();
  return {
    base: server.base,
    dataDir,
    get pid() {
      return server.pid!;
    },
    get exited() {
      return server.exited;
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      process.kill(server.pid!, "SIGKILL");
      await server.exited;
    },
    async restart() {
      server = await start();
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

/** What a response's Set-Cookie headers set, as a Cookie header to send back. */
export const cookieFrom = (response: { headers: Headers }) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

let clients = 0;
/**
 * An address no request of this process has used yet, for X-Forwarded-For: behind TRUST_PROXY
 * each is a client of its own, so per-client rate limits stay out of a test about something else.
 */
export function freshClientAddress(): string {
  const n = ++clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
