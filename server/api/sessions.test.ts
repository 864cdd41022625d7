import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, apiCaller, createTestServices } from "../../tests/support/services";
import { SESSION_MAX_DAYS } from "../auth/auth";

let n = 0;
const uniqueEmail = () => `session${Date.now()}${++n}@example.com`;
const DAY = 24 * 60 * 60 * 1000;
/** The two ways a session comes: the browser's cookie and the mobile app's bearer token. */
const presented = (session: { cookie: string; token: string }): Record<string, string>[] => [
  { Cookie: session.cookie },
  { Authorization: `Bearer ${session.token}` },
];

// Issue #31, M-3: session tokens, sign-out of other sessions, caching and a session's end.
describe.each(testDialects())("sessions on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true", PAGE_CACHE_MB: "4" });
  });
  afterAll(() => t.close());

  const call = apiCaller(() => t);

  /** Signs in as the mobile app and the browser do: the returned token and the cookie. */
  async function signIn(email: string) {
    const response = await call("/api/auth/sign-in/email", { body: { email, password: "analytical-engine" } });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    return { token, cookie: response.headers.get("set-cookie")!.split(";")[0]! };
  }

  async function signUp(email: string) {
    expect((await call("/api/auth/sign-up/email", { body: { name: "Ada", email, password: "analytical-engine" } })).status).toBe(200);
  }

  const sessionRow = (token: string) =>
    t.services.database.db.selectFrom("session").selectAll().where("token", "=", token).executeTakeFirst();
  const dbDate = (date: Date) => (dialect === "postgres" ? date : date.toISOString());

  test("sign-in gives the caller its own token; no other answer shows a session token", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const a = await signIn(email);
    const b = await signIn(email);
    expect(a.token).toBeTruthy();

    const listed = await call("/api/auth/list-sessions", { headers: { Cookie: a.cookie } });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    const sessions = JSON.parse(text) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    for (const session of sessions) {
      expect(session).toMatchObject({ id: expect.any(String), userId: expect.any(String) });
      expect(session).not.toHaveProperty("token");
    }
    for (const token of [a.token, b.token]) expect(text).not.toContain(token);

    for (const credentials of presented(a)) {
      const own = await call("/api/auth/get-session", { headers: credentials });
      const body = (await own.json()) as { session: Record<string, unknown>; user: { email: string } };
      expect(body.user.email).toBe(email);
      expect(body.session).not.toHaveProperty("token");
      expect(own.headers.get("set-auth-token")).toBeNull();
    }
  });

  test("signing out the other sessions makes their tokens useless, as bearer and as cookie", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await call("/api/progress/bookmarks", { headers: { Authorization: `Bearer ${b.token}` } })).status).toBe(200);

    expect((await call("/api/auth/revoke-other-sessions", { body: {}, headers: { Cookie: a.cookie } })).status).toBe(200);

    for (const credentials of presented(b)) {
      expect(await (await call("/api/auth/get-session", { headers: credentials })).json()).toBeNull();
      expect((await call("/api/progress/bookmarks", { headers: credentials })).status).toBe(401);
    }
    // The session that asked goes on.
    expect((await call("/api/progress/bookmarks", { headers: { Cookie: a.cookie } })).status).toBe(200);
  });

  test("what the API answers a session is no-store; visitors' reads keep their cache headers", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { token, cookie } = await signIn(email);
    const visitor = await call("/api/questions/technologies");
    expect(visitor.headers.get("Cache-Control")).toMatch(/^public, /);
    for (const credentials of presented({ cookie, token })) {
      expect((await call("/api/questions/technologies", { headers: credentials })).headers.get("Cache-Control")).toBe("no-store");
      expect((await call("/api/progress/bookmarks", { headers: credentials })).headers.get("Cache-Control")).toBe("no-store");
    }
    // Even a visitor's sign-in answer holds a token.
    expect((await call("/api/auth/sign-in/email", { body: { email, password: "analytical-engine" } })).headers.get("Cache-Control")).toBe(
      "no-store",
    );
  });

  test(`a session in use is renewed, but never past ${SESSION_MAX_DAYS} days from its start`, async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { token, cookie } = await signIn(email);
    const { db } = t.services.database;
    // 89 days old, last renewed two days ago: the next request renews it.
    const started = new Date(Date.now() - 89 * DAY);
    await db
      .updateTable("session")
      .set({ createdAt: dbDate(started), expiresAt: dbDate(new Date(Date.now() + 28 * DAY)) })
      .where("token", "=", token)
      .execute();
    const renewed = await call("/api/auth/get-session", { headers: { Cookie: cookie } });
    expect(((await renewed.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(renewed.headers.get("set-auth-token")).toBeNull();
    const row = await sessionRow(token);
    expect(new Date(row!.expiresAt).getTime()).toBe(started.getTime() + SESSION_MAX_DAYS * DAY);
  });

  test(`after ${SESSION_MAX_DAYS} days a session is refused and deleted, however recently it was used`, async () => {
    const email = uniqueEmail();
    await signUp(email);
    const { token, cookie } = await signIn(email);
    const { db } = t.services.database;
    await db
      .updateTable("session")
      .set({ createdAt: dbDate(new Date(Date.now() - (SESSION_MAX_DAYS + 1) * DAY)), expiresAt: dbDate(new Date(Date.now() + 28 * DAY)) })
      .where("token", "=", token)
      .execute();
    // The renewal that would carry it on ends it instead.
    await call("/api/auth/get-session", { headers: { Cookie: cookie } });
    for (const credentials of presented({ cookie, token })) {
      expect(await (await call("/api/auth/get-session", { headers: credentials })).json()).toBeNull();
      expect((await call("/api/progress/bookmarks", { headers: credentials })).status).toBe(401);
    }
    expect(await sessionRow(token)).toBeUndefined();
  });
});
