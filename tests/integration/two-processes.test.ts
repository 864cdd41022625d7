import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, cookieFrom, startAppProcesses } from "../support/app-processes";
import { type TestDatabase, createTestDatabase, testDialects } from "../support/databases";
import { EventStreamReader } from "../support/sse";

/**
 * Issue #15: two app processes on one PostgreSQL, as behind a load balancer (SQLite is one
 * process by design). What one process does, the other knows: sessions, rate limits and live
 * quiz rooms. (Approvals and edits reaching the other's pages: tests/integration/page-cache.test.ts.)
 */
const secret = crypto.randomBytes(24).toString("hex");
const password = "correct-horse-battery";

describe.each(testDialects().filter((d) => d === "postgres"))("two app processes on one %s", () => {
  let database: TestDatabase;
  let processes: Awaited<ReturnType<typeof startAppProcesses>> | undefined;
  let servers: AppProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    processes = await startAppProcesses(2, database, { AUTH_SECRET: secret });
    servers = processes.processes;
  }, 120_000);

  afterAll(async () => {
    await processes?.stop();
    await database?.drop();
  });

  const post = (server: AppProcess, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(server.base + pathname, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.base, ...headers },
      body: JSON.stringify(body),
    });
  const session = async (server: AppProcess, cookie: string) =>
    (await (await fetch(`${server.base}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as {
      user: { email: string };
    } | null;

  it("a session made on one process works on the other, and signing out on the other ends it on both", async () => {
    const [a, b] = servers as [AppProcess, AppProcess];
    const email = `two-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const signUp = await post(a, "/api/auth/sign-up/email", { name: "Two Processes", email, password });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp);
    expect((await session(b, cookie))?.user.email).toBe(email);
    expect((await post(b, "/api/auth/sign-out", {}, { Cookie: cookie })).status).toBe(200);
    expect(await session(a, cookie)).toBeNull();
    expect(await session(b, cookie)).toBeNull();
  });

  it("rate limits count what the client did on both processes", async () => {
    const [a, b] = servers as [AppProcess, AppProcess];
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
    const [a, b] = servers as [AppProcess, AppProcess];
    const signUp = await post(a, "/api/auth/sign-up/email", {
      name: "Quiz Host",
      email: `host-${crypto.randomBytes(4).toString("hex")}@example.com`,
      password,
    });
    const host = cookieFrom(signUp);
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
