import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { findPostgresProgram } from "../../scripts/db-tools.js";

/** The folder of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | null {
  const initdb = findPostgresProgram("initdb");
  return initdb ? path.dirname(fs.realpathSync(initdb)) : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface Cluster {
  url: string;
  /** Stops the server, keeping its data (a database going away under the app). */
  halt(): void;
  /** Starts it again on the same port with the same data. */
  resume(): void;
  stop(): void;
}

/**
 * Starts a throw-away PostgreSQL cluster in a temporary folder on a free port. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` user that Debian's
 * package creates.
 */
export async function startCluster(bin: string): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-pg-"));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", full, ...args]] : [full, args];
    execFileSync(file, argv, { stdio: "pipe", cwd: os.tmpdir() });
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    resume: start,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
