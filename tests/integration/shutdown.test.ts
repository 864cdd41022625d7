import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { writeBank } from "../../scripts/bench-questions.js";
import { type AppProcess as Server, databaseUrl, startAppProcess } from "../support/app-processes";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";

// These tests start or stop the production server inside the test (a fresh data folder imports
// the content first): more than the default 20 s on a busy CI machine.
vi.setConfig({ testTimeout: 60_000 });

/**
 * Issue #15: stopping the production server loses nothing it was doing. `npm test` builds
 * before Vitest runs; each test starts the real server.js as a process and signals it.
 */
const secret = crypto.randomBytes(24).toString("hex");
const password = "correct-horse-battery";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())("stopping the server on %s", (dialect) => {
  let database: TestDatabase;
  let contentDir: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-shutdown-content-"));
    writeBank(contentDir, 5);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<Server> {
    const server = await startAppProcess({ DATABASE_URL: databaseUrl(database), CONTENT_DIR: contentDir, AUTH_SECRET: secret, ...env });
    servers.push(server);
    return server;
  }

  const signUp = (server: Server, email: string) =>
    fetch(`${server.base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base },
      body: JSON.stringify({ name: "Draining Reader", email, password }),
    });

  it("SIGTERM finishes the request in flight, keeps what it wrote, refuses new connections and exits cleanly", async () => {
    const server = await start();
    const email = `in-flight-${crypto.randomBytes(4).toString("hex")}@example.com`;
    // A sign-up hashes its password for a few hundred milliseconds: it is still being answered
    // when the signal arrives.
    const signingUp = signUp(server, email);
    await sleep(60);
    process.kill(server.pid, "SIGTERM");
    const answered = await signingUp;
    expect(answered.status).toBe(200);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();

    const again = await start();
    const signIn = await fetch(`${again.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: again.base },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
  });

  it("with SHUTDOWN_DELAY_MS, health says draining (503) while pages are still served, then the port closes", async () => {
    const server = await start({ SHUTDOWN_DELAY_MS: "1500" });
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    process.kill(server.pid, "SIGTERM");
    await sleep(200);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "draining", db: "ok" });
    expect((await fetch(`${server.base}/javascript-questions`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/`)).rejects.toThrow();
  });
});
