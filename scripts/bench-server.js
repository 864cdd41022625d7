// The production server as the benchmarks start it: its own port and data folder, quiet
// logs; resolves once /api/health answers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Builds the site first when there is no build (a fresh clone). */
export function ensureBuild(root) {
  if (fs.existsSync(path.join(root, "build/server/index.js"))) return;
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/** The production server on a free port with a fresh data folder (and so a fresh database with the seeded content). */
export async function startFreshServer(root, name, env = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `devprep-${name}-`));
  const server = await startServer({ root, port, dataDir, env });
  return { ...server, port, dataDir };
}

/**
 * Node's flags and the environment as `npm start` gives them (V8's heap settings, glibc's malloc
 * arenas), so that what is measured is what runs.
 */
function startCommand(root) {
  const words = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.start.split(/\s+/);
  const node = words.indexOf("node");
  return {
    flags: words.slice(node + 1).filter((word) => word.startsWith("--")),
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split("="))),
  };
}

/** How long a server may take to answer its first probe (a loaded CI machine with 1,000 questions to import). */
const START_TIMEOUT_MS = 60_000;

/** Resolves once `probe` answers 200 (asked every `probeMs`). */
export async function startServer({ root, port, dataDir, env = {}, probe = "/api/health", probeMs = 100 }) {
  const start = startCommand(root);
  // Started from a test runner, the server must not think it is under test: Vitest sets TEST,
  // and better-auth skips its origin checks when it sees it.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "TEST" && !name.startsWith("VITEST")));
  const server = spawn(process.execPath, [...start.flags, "server.js"], {
    cwd: root,
    env: {
      ...inherited,
      ...start.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  // A wall-clock deadline: on a busy machine each probe itself can take a while. A server that
  // missed it is stopped, so that it does not live on after the test that started it.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      if ((await fetch(`${base}${probe}`)).ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`server did not start: it exited with code ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill("SIGKILL");
      throw new Error(`server did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, probeMs));
  }
  const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  return {
    base,
    pid: server.pid,
    /** The exit code, once the process has ended. */
    exited,
    async stop() {
      server.kill("SIGTERM");
      if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
    },
  };
}
