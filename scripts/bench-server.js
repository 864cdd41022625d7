// The production server as the benchmarks start it: its own port and data folder, quiet
// logs; resolves once /api/health answers.
import { spawn } from "node:child_process";

export async function startServer({ root, port, dataDir, env = {} }) {
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
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
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 200 || server.exitCode !== null) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      server.kill("SIGTERM");
      if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
    },
  };
}
