import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink";
import { createApp } from "../app";
import { setUserRole } from "../users/user-service";
import { ACCOUNT_ATTEMPTS, TOO_MANY_ATTEMPTS } from "./auth";

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

  test("an email in ADMIN_EMAILS signs up as a user: the address is not proven yet (issue #31)", async () => {
    const signUp = await call("/sign-up/email", { name: "Boss", email: "Boss@Example.com", password: "analytical-engine" });
    expect(signUp.status).toBe(200);
    expect((await user("boss@example.com"))?.role).toBe("user");
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

  test("five wrong sign-ins from one client lock that client out of the account, not its owner elsewhere", async () => {
    const email = uniqueEmail();
    await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const attacker = uniqueClient();
    for (let i = 0; i < 5; i++) {
      // Each from a new address as far as the per-client limit goes, the same one as far as the account goes.
      const guess = await call("/sign-in/email", { email, password: `guess-${i}` }, { "X-Forwarded-For": attacker });
      expect(guess.status).toBe(401);
    }
    expect((await call("/sign-in/email", { email, password: "analytical-engine" }, { "X-Forwarded-For": attacker })).status).toBe(429);
    expect((await call("/sign-in/email", { email, password: "analytical-engine" })).status).toBe(200);
  });

  test("form-encoded sign-ins from ever new addresses count against the account's limit like JSON ones", async () => {
    const email = uniqueEmail();
    await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const form = (password: string) =>
      createApp(t.services, () => Promise.reject(new Error("no pages"))).request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueClient() },
        body: new URLSearchParams({ email, password }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_ATTEMPTS.limit; i++) statuses.push((await form(`guess-${i}`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Past the ceiling even the right password is refused, from any address and in either encoding.
    expect((await form("analytical-engine")).status).toBe(429);
    expect((await call("/sign-in/email", { email, password: "analytical-engine" })).status).toBe(429);
  });

  test("behind one trusted proxy, a client cannot become someone new by writing its own X-Forwarded-For", async () => {
    const real = "198.51.100.77";
    for (let i = 0; i < 5; i++) {
      const spoofed = `${uniqueClient()}, ${real}`;
      expect((await call("/sign-in/email", { email: uniqueEmail(), password: "whatever1" }, { "X-Forwarded-For": spoofed })).status).toBe(
        401,
      );
    }
    const refused = await call(
      "/sign-in/email",
      { email: uniqueEmail(), password: "whatever1" },
      { "X-Forwarded-For": `10.9.8.7, ${real}` },
    );
    expect(refused.status).toBe(429);
  });

  test("changing the password takes a different new one, and five wrong current passwords per session at most", async () => {
    const email = uniqueEmail();
    const signUp = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
    const headers = { Cookie: cookie, Origin: t.services.config.baseUrl };
    const same = await call("/change-password", { currentPassword: "analytical-engine", newPassword: "analytical-engine" }, headers);
    expect(same.status).toBe(400);
    expect(((await same.json()) as { code: string }).code).toBe("PASSWORD_UNCHANGED");
    for (let i = 0; i < 4; i++) {
      const wrong = await call("/change-password", { currentPassword: `guess-${i}`, newPassword: "difference-engine" }, headers);
      expect(wrong.status).toBe(400);
    }
    expect(
      (await call("/change-password", { currentPassword: "analytical-engine", newPassword: "difference-engine" }, headers)).status,
    ).toBe(429);
  });

  test("deleting an account with a password takes the password, even from a fresh session", async () => {
    const email = uniqueEmail();
    const signUp = await call("/sign-up/email", { name: "Ada", email, password: "analytical-engine" });
    const headers = { Cookie: signUp.headers.get("set-cookie")!.split(";")[0]!, Origin: t.services.config.baseUrl };
    const without = await call("/delete-user", {}, headers);
    expect(without.status).toBe(400);
    expect(((await without.json()) as { code: string }).code).toBe("PASSWORD_REQUIRED");
    expect(await user(email)).toBeDefined();
    expect((await call("/delete-user", { password: "analytical-engine" }, headers)).status).toBe(200);
    expect(await user(email)).toBeUndefined();
  });
});

describe.each(testDialects())("roles and tokens on %s", (dialect: Dialect) => {
  let t: TestServices;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestServices(dialect, {
      TRUST_PROXY: "true",
      ADMIN_EMAILS: "chief@example.com, root@example.com, google-chief@example.com",
      SMTP_URL: smtp.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

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
  async function signIn(email: string) {
    const response = await app().request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueClient() },
      body: JSON.stringify({ email, password: "analytical-engine" }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string };
    return { cookie: response.headers.get("set-cookie")!.split(";")[0]!, token: body.token };
  }
  /** Opens the link of the mail that verifies the address, as the browser would. */
  async function followVerificationMail(email: string) {
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("Confirm your DevPrep email address");
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0]);
    const landing = await app().request(link.pathname + link.search, { headers: { "X-Forwarded-For": uniqueClient() } });
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe("/");
  }
  const adminStatus = async (credentials: Record<string, string>) =>
    (await app().request("/api/admin/contact-messages", { headers: credentials })).status;
  const row = (email: string) => t.services.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();

  // One verified admin for the tests that need one.
  let chief: Promise<{ cookie: string; token: string }> | undefined;
  const verifiedChief = () =>
    (chief ??= (async () => {
      await signUp("chief@example.com");
      await followVerificationMail("chief@example.com");
      return signIn("chief@example.com");
    })());

  test("an ADMIN_EMAILS sign-up is a user until the mailed link proves the address; admin from its next sign-in", async () => {
    const first = await signUp("root@example.com");
    expect((await row("root@example.com"))?.role).toBe("user");
    expect(await adminStatus({ Cookie: first.cookie })).toBe(403);

    await followVerificationMail("root@example.com");
    expect(Boolean((await row("root@example.com"))?.emailVerified)).toBe(true);
    const next = await signIn("root@example.com");
    expect((await row("root@example.com"))?.role).toBe("admin");
    expect(await adminStatus({ Cookie: next.cookie })).toBe(200);
    expect(await adminStatus({ Authorization: `Bearer ${next.token}` })).toBe(200);
  });

  test("an ordinary sign-up gets no mail and signs in as before", async () => {
    const email = uniqueEmail();
    const user = await signUp(email);
    expect(await adminStatus({ Cookie: user.cookie })).toBe(403);
    await signIn(email);
    // An admin's sign-up after it: once that mail is in, one for this address would be too.
    await verifiedChief();
    expect(smtp.messages.some((raw) => raw.includes(email))).toBe(false);
    expect(Boolean((await row(email))?.emailVerified)).toBe(false);
  });

  test("an address its provider has verified (Google sign-in) is admin at once", async () => {
    const { internalAdapter } = await t.services.auth.$context;
    // As the sign-in callback creates the user, with the provider's email_verified.
    const fromGoogle = { method: "oauth", oauth: { providerId: "google" } };
    await internalAdapter.createUser({ name: "Google Chief", email: "google-chief@example.com", emailVerified: true }, fromGoogle);
    expect((await row("google-chief@example.com"))?.role).toBe("admin");
    const someone = uniqueEmail();
    await internalAdapter.createUser({ name: "Google Someone", email: someone, emailVerified: true }, fromGoogle);
    expect((await row(someone))?.role).toBe("user");
  });

  test("the admin endpoint answers 401 to visitors, 403 to users and 200 to admins", async () => {
    expect((await app().request("/api/admin/contact-messages")).status).toBe(401);
    const user = await signUp(uniqueEmail());
    const forbidden = await app().request("/api/admin/contact-messages", { headers: { Cookie: user.cookie } });
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    const admin = await verifiedChief();
    const allowed = await app().request("/api/admin/contact-messages", { headers: { Cookie: admin.cookie } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ messages: expect.any(Array) });
  });

  test("a bearer token works like the session cookie (the mobile app's way in)", async () => {
    const { token } = await verifiedChief();
    expect(token).toBeTruthy();
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
