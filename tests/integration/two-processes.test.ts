import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer } from "../../scripts/bench-server.js";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";
import { EventStreamReader } from "../support/sse";

/**
 * Issue #15: two app processes on one PostgreSQL, as behind a load balancer (SQLite is one
 * process by design). What one process does, the other knows: sessions, rate limits and live
 * quiz rooms. (Approvals and edits reaching the other's pages: tests/integration/page-cache.test.ts.)
 */
const root = path.resolve(import.meta.dirname, "../..");
const secret = crypto.randomBytes(24).toString("hex");
const password = "correct-horse-battery";

interface Server {
  base: string;
  stop(): Promise<void>;
}

describe.each(testDialects().filter((d) => d === "postgres"))("two app processes on one %s", () => {
  let database: TestDatabase;
  const servers: Server[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    if (database.target.dialect !== "postgres") throw new Error("PostgreSQL expected");
    // One after the other: the first imports the question bank, the second finds it imported.
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-two-"));
      dataDirs.push(dataDir);
      const port = await freePort();
      servers.push(
        await startServer({
          root,
          port,
          dataDir,
          env: { DATABASE_URL: database.target.connectionString, AUTH_SECRET: secret, BASE_URL: `http://127.0.0.1:${port}` },
        }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (server: Server, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(server.base + pathname, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base, ...headers },
      body: JSON.stringify(body),
    });
  const session = async (server: Server, cookie: string) =>
    (await (await fetch(`${server.base}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as {
      user: { email: string };
    } | null;

  it("a session made on one process works on the other, and signing out on the other ends it on both", async () => {
    const [a, b] = servers as [Server, Server];
    const email = `two-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const signUp = await post(a, "/api/auth/sign-up/email", { name: "Two Processes", email, password });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await session(b, cookie))?.user.email).toBe(email);
    expect((await post(b, "/api/auth/sign-out", {}, { Cookie: cookie })).status).toBe(200);
    expect(await session(a, cookie)).toBeNull();
    expect(await session(b, cookie)).toBeNull();
  });

  it("rate limits count what the client did on both processes", async () => {
    const [a, b] = servers as [Server, Server];
    const message = (n: number) => ({ name: "Rate Limited", email: "limits@example.com", message: `Message ${n} of several.` });
    // Five contact messages per client in ten minutes: three here, two there, and the sixth is refused on either.
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await post(n < 3 ? a : b, "/api/contact", message(n))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await post(a, "/api/contact", message(5));
    expect(refused.status).toBe(429);
    expect((await post(b, "/api/contact", message(6))).status).toBe(429);
  });

  it("a live quiz room spans both: a player joins on one and the host sees it on the other; the host's next question reaches the player", async () => {
    const [a, b] = servers as [Server, Server];
    const signUp = await post(a, "/api/auth/sign-up/email", {
      name: "Quiz Host",
      email: `host-${crypto.randomBytes(4).toString("hex")}@example.com`,
      password,
    });
    const host = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const created = await post(
      a,
      "/api/rooms",
      { technology: "javascript", level: "all", questionCount: 5, secondsPerQuestion: 30 },
      { Cookie: host },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { room } = (await created.json()) as { room: { code: string } };

    const hostEvents = new EventStreamReader(await fetch(`${a.base}/api/rooms/${room.code}/events`, { headers: { Cookie: host } }));
    try {
      await hostEvents.next("state");
      const joined = await post(b, `/api/rooms/${room.code}/players`, { nickname: "Bea on B" });
      expect(joined.status).toBe(201);
      const { token } = (await joined.json()) as { token: string };
      const players = await hostEvents.next("players");
      expect(JSON.stringify(players.data)).toContain("Bea on B");

      const playerEvents = new EventStreamReader(await fetch(`${b.base}/api/rooms/${room.code}/events?token=${token}`));
      try {
        await playerEvents.next("state");
        expect((await post(a, `/api/rooms/${room.code}/next`, {}, { Cookie: host })).status).toBe(200);
        // The question the host started on A reaches the player's stream on B.
        const question = await playerEvents.next("question");
        expect(question.data).toBeTruthy();
      } finally {
        await playerEvents.close();
      }
    } finally {
      await hostEvents.close();
    }
  });
});
