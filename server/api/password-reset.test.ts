import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, apiCaller, createTestServices } from "../../tests/support/services";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink";
import { TOO_MANY_RESETS } from "./auth";

let n = 0;
const uniqueEmail = () => `reset${Date.now()}${++n}@example.com`;

describe.each(testDialects())("password reset by mail on %s", (dialect: Dialect) => {
  let t: TestServices;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestServices(dialect, { SMTP_URL: smtp.url, TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = apiCaller(() => t);

  async function signUp(email: string) {
    const response = await call("/api/auth/sign-up/email", { body: { name: "Ada", email, password: "first-password" } });
    expect(response.status).toBe(200);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  /** Asks for the mail and follows its link to the token, as the browser would. */
  async function tokenFromMail(email: string) {
    const ask = await call("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
    expect(ask.status).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe("Reset your DevPrep password");
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const landing = await call(url.pathname + url.search);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, t.services.config.baseUrl);
    expect(location.pathname).toBe("/reset-password");
    return location.searchParams.get("token")!;
  }

  test("the mailed link resets the password once, signs out other sessions, and cannot be reused", async () => {
    const email = uniqueEmail();
    const oldSession = await signUp(email);
    const token = await tokenFromMail(email);
    const reset = await call("/api/auth/reset-password", { body: { token, newPassword: "second-password" } });
    expect(reset.status).toBe(200);

    expect((await call("/api/auth/sign-in/email", { body: { email, password: "second-password" } })).status).toBe(200);
    expect((await call("/api/auth/sign-in/email", { body: { email, password: "first-password" } })).status).toBe(401);
    expect(await (await call("/api/auth/get-session", { cookie: oldSession })).json()).toBeNull();

    const again = await call("/api/auth/reset-password", { body: { token, newPassword: "third-password" } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  test("a reset makes the account's other reset links useless, and no link's token is stored as it was sent", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const first = await tokenFromMail(email);
    const second = await tokenFromMail(email);
    const stored = await t.services.database.db
      .selectFrom("verification" as never)
      .select("identifier" as never)
      .execute();
    const identifiers = (stored as { identifier: string }[]).map((row) => row.identifier).join("\n");
    expect(identifiers).not.toContain(first);
    expect(identifiers).not.toContain(second);

    expect((await call("/api/auth/reset-password", { body: { token: second, newPassword: "second-password" } })).status).toBe(200);
    const stale = await call("/api/auth/reset-password", { body: { token: first, newPassword: "third-password" } });
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect((await call("/api/auth/sign-in/email", { body: { email, password: "second-password" } })).status).toBe(200);
  });

  test("asking for a reset answers alike, and as fast, whether or not the address has an account", async () => {
    const email = uniqueEmail();
    await signUp(email);
    // The mail is sent after the answer: a slow mail server cannot tell who has an account.
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await call("/api/auth/request-password-reset", { body: { email: address, redirectTo: "/reset-password" } });
      return { ms: performance.now() - started, status: response.status, body: await response.json() };
    };
    smtp.delayMs = 1500;
    try {
      const known = await timed(email);
      const unknown = await timed(uniqueEmail());
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
      expect(known.ms).toBeLessThan(1000);
    } finally {
      smtp.delayMs = 0;
    }
    await smtp.waitFor(email);
  });

  test("an expired link is refused", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const token = await tokenFromMail(email);
    const past = new Date(Date.now() - 60_000);
    await t.services.database.db
      .updateTable("verification" as never)
      .set({ expiresAt: dialect === "postgres" ? past : past.toISOString() } as never)
      .execute();
    const reset = await call("/api/auth/reset-password", { body: { token, newPassword: "second-password" } });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  test("a common password is refused on reset too", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const token = await tokenFromMail(email);
    const reset = await call("/api/auth/reset-password", { body: { token, newPassword: "qwerty123" } });
    expect(((await reset.json()) as { code: string }).code).toBe("PASSWORD_TOO_COMMON");
  });

  test("a fourth reset mail for one email within an hour is refused with 429", async () => {
    const email = uniqueEmail();
    await signUp(email);
    for (let i = 0; i < 3; i++) {
      expect((await call("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } })).status).toBe(200);
    }
    const refused = await call("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: "rate_limited", message: TOO_MANY_RESETS } });
  });
});
