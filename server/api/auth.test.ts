import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { setUserRole } from "../users/user-service";
import { TOO_MANY_ATTEMPTS } from "./auth";

let n = 0;
const uniqueEmail = () => `user${Date.now()}${++n}@example.com`;
const uniqueClient = () => `192.0.2.${(++n % 250) + 1}`;

describe.each(testDialects())("accounts API on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true", ADMIN_EMAILS: "boss@example.com" });
  });
  afterAll(() => t.close());

  function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    return app.request(`/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClient(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  const user = (email: string) => t.services.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

  test("sign-up creates the account with a lowercased email, signupFrom 'web', a creation date, role user, and signs in", async () => {
    const email = uniqueEmail();
    const response = await call("/sign-up/email", { name: "Ada Lovelace", email: email.toUpperCase(), password: "analytical-engine" });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(response.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);
    const row = await user(email);
    expect(row).toMatchObject({ name: "Ada Lovelace", email, signupFrom: "web", role: "user", lastLogin: null });
    expect(new Date(row!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("a name with a NUL character is refused with 400 on either database, and no account is made", async () => {
    const email = uniqueEmail();
    const response = await call("/sign-up/email", { name: "Ada\u0000Lovelace", email, password: "analytical-engine" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "invalid_request", message: expect.stringContaining("NUL") } });
    expect(await user(email)).toBeUndefined();
  });

  test("an email in ADMIN_EMAILS becomes an admin on sign-up", async () => {
    await call("/sign-up/email", { name: "Boss", email: "Boss@Example.com", password: "analytical-engine" });
    expect((await user("boss@example.com"))?.role).toBe("admin");
  });

  test("a sign-up that fails part-way leaves nothing behind, so the person can simply try again", async () => {
    const email = uniqueEmail();
    // The password's row cannot be stored (a full disk, a lost connection): made to fail here by a trigger.
    const { db } = t.services.database;
    if (dialect === "sqlite") {
      await sql`create trigger refuse_password before insert on account begin select raise(abort, 'account refused'); end`.execute(db);
    } else {
      await sql`create function refuse_password() returns trigger language plpgsql as $$ begin raise exception 'account refused'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_password before insert on account for each row execute function refuse_password()`.execute(db);
    }
    const failed = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    if (dialect === "sqlite") await sql`drop trigger refuse_password`.execute(db);
    else await sql`drop trigger refuse_password on account`.execute(db);
    expect(failed.ok).toBe(false);
    expect(await failed.text()).not.toMatch(/account refused|insert|trigger/i);
    expect(await user(email), "no user without a password").toBeUndefined();
    const again = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    expect(again.status).toBe(200);
    const signIn = await call("/sign-in/email", { email, password: "analytical-engine" });
    expect(signIn.status).toBe(200);
  });

  test("the same email cannot sign up twice", async () => {
    const email = uniqueEmail();
    await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const again = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { code: string }).code).toMatch(/^USER_ALREADY_EXISTS/);
  });

  test("short and common passwords are refused", async () => {
    const short = await call("/sign-up/email", { name: "Ada", email: uniqueEmail(), password: "12345" });
    expect(((await short.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");
    const common = await call("/sign-up/email", { name: "Ada", email: uniqueEmail(), password: "Password123" });
    expect(common.status).toBe(400);
    expect(((await common.json()) as { code: string }).code).toBe("PASSWORD_TOO_COMMON");
  });

  test("sign-in tells an unknown email from a wrong password", async () => {
    const email = uniqueEmail();
    await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const unknown = await call("/sign-in/email", { email: uniqueEmail(), password: "analytical-engine" });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { code: string }).code).toBe("USER_NOT_FOUND");
    const wrong = await call("/sign-in/email", { email, password: "difference-engine" });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const right = await call("/sign-in/email", { email: email.toUpperCase(), password: "analytical-engine" });
    expect(right.status).toBe(200);
  });

  test("a session works until sign-out, and not after", async () => {
    const email = uniqueEmail();
    const signUp = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
    const session = await call("/get-session", undefined, { Cookie: cookie });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    const out = await call("/sign-out", {}, { Cookie: cookie, Origin: t.services.config.baseUrl });
    expect(out.status).toBe(200);
    const after = await call("/get-session", undefined, { Cookie: cookie });
    expect(await after.json()).toBeNull();
  });

  test("the sixth sign-in attempt in a minute from one client is refused with 429", async () => {
    const client = "198.51.100.99";
    for (let i = 0; i < 5; i++) {
      const attempt = await call("/sign-in/email", { email: uniqueEmail(), password: "whatever1" }, { "X-Forwarded-For": client });
      expect(attempt.status).toBe(401);
    }
    const refused = await call("/sign-in/email", { email: uniqueEmail(), password: "whatever1" }, { "X-Forwarded-For": client });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: "rate_limited", message: TOO_MANY_ATTEMPTS } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("the sixth sign-in attempt in a minute for one email is refused, whatever the client", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) await call("/sign-in/email", { email, password: "whatever1" });
    expect((await call("/sign-in/email", { email, password: "whatever1" })).status).toBe(429);
  });
});

describe.each(testDialects())("roles and tokens on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true", ADMIN_EMAILS: "chief@example.com" });
  });
  afterAll(() => t.close());

  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages")));
  async function signUp(email: string) {
    const response = await app().request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClient() },
      body: JSON.stringify({ name: "Someone", email, password: "analytical-engine" }),
    });
    const body = (await response.json()) as { token: string };
    return { cookie: response.headers.get("set-cookie")!.split(";")[0]!, token: body.token };
  }

  test("the admin endpoint answers 401 to visitors, 403 to users and 200 to admins", async () => {
    expect((await app().request("/api/admin/contact-messages")).status).toBe(401);
    const user = await signUp(uniqueEmail());
    const forbidden = await app().request("/api/admin/contact-messages", { headers: { Cookie: user.cookie } });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    const admin = await signUp("chief@example.com");
    const allowed = await app().request("/api/admin/contact-messages", { headers: { Cookie: admin.cookie } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ messages: expect.any(Array) });
  });

  test("a bearer token works like the session cookie (the mobile app's way in)", async () => {
    const admin = await signUp("chief@example.com").catch(() => null);
    const signIn = await app().request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClient() },
      body: JSON.stringify({ email: "chief@example.com", password: "analytical-engine" }),
    });
    const { token } = (await signIn.json()) as { token: string };
    expect(token ?? admin?.token).toBeTruthy();
    const session = await app().request("/api/auth/get-session", { headers: { Authorization: `Bearer ${token}` } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe("chief@example.com");
    expect((await app().request("/api/admin/contact-messages", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await app().request("/api/admin/contact-messages", { headers: { Authorization: "Bearer not-a-token" } })).status).toBe(401);
  });

  test("setUserRole promotes and demotes by email", async () => {
    const email = uniqueEmail();
    const user = await signUp(email);
    expect(await setUserRole(t.services, email.toUpperCase(), "admin")).toBe(true);
    expect((await app().request("/api/admin/contact-messages", { headers: { Cookie: user.cookie } })).status).toBe(200);
    expect(await setUserRole(t.services, email, "user")).toBe(true);
    expect((await app().request("/api/admin/contact-messages", { headers: { Cookie: user.cookie } })).status).toBe(403);
    expect(await setUserRole(t.services, "nobody@example.com", "admin")).toBe(false);
  });
});

describe("with email and password switched off", () => {
  test("sign-in answers EMAIL_PASSWORD_DISABLED", async () => {
    const t = await createTestServices("sqlite", { AUTH_EMAIL_PASSWORD: "false" });
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "ada@example.com", password: "analytical-engine" }),
    });
    expect(((await response.json()) as { code: string }).code).toBe("EMAIL_PASSWORD_DISABLED");
    await t.close();
  });
});
