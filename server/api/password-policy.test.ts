import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, apiCaller, createTestServices } from "../../tests/support/services";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink";

let n = 0;
const uniqueEmail = () => `policy${Date.now()}${++n}@example.com`;
/** Rank 56,796 of the 100,000 most common passwords: on that list, not on our own short one. */
const COMMON = "Dolphins1";

// Issue #31, M-4: the same refusals at sign-up, change and reset, each with its own code.
describe.each(testDialects())("new passwords on %s", (dialect: Dialect) => {
  let t: TestServices;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestServices(dialect, { TRUST_PROXY: "true", SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = apiCaller(() => t);

  async function codeOf(response: Response) {
    expect(response.status).toBe(400);
    return ((await response.json()) as { code: string }).code;
  }

  const userCount = async (email: string) =>
    (await t.services.database.db.selectFrom("user").select("id").where("email", "=", email).execute()).length;

  async function signUp(name: string, email: string) {
    const response = await call("/api/auth/sign-up/email", { body: { name, email, password: "analytical-engine" } });
    expect(response.status).toBe(200);
    return { cookie: response.headers.get("set-cookie")!.split(";")[0]!, token: ((await response.json()) as { token: string }).token };
  }

  test("sign-up refuses a blank password, the email, its local part, the name and a common password", async () => {
    const email = uniqueEmail();
    const signUpWith = (password: string) => call("/api/auth/sign-up/email", { body: { name: "Grace Hopper", email, password } });
    expect(await codeOf(await signUpWith("        "))).toBe("PASSWORD_BLANK");
    expect(await codeOf(await signUpWith(email.toUpperCase()))).toBe("PASSWORD_IS_EMAIL");
    expect(await codeOf(await signUpWith(email.split("@")[0]!))).toBe("PASSWORD_IS_EMAIL");
    expect(await codeOf(await signUpWith("grace hopper"))).toBe("PASSWORD_IS_NAME");
    expect(await codeOf(await signUpWith("GraceHopper"))).toBe("PASSWORD_IS_NAME");
    expect(await codeOf(await signUpWith(COMMON))).toBe("PASSWORD_TOO_COMMON");
    expect(await userCount(email)).toBe(0);
    // The length rule still answers first, in better-auth's words.
    expect(await codeOf(await signUpWith("12345"))).toBe("PASSWORD_TOO_SHORT");
    expect((await signUpWith("analytical-engine")).status).toBe(200);
  });

  test("changing the password refuses the same, through the session cookie or a bearer token", async () => {
    const email = uniqueEmail();
    const { cookie, token } = await signUp("Ada Lovelace", email);
    const change = (newPassword: string, credentials: Record<string, string>) =>
      call("/api/auth/change-password", { body: { currentPassword: "analytical-engine", newPassword }, headers: credentials });
    expect(await codeOf(await change("      ", { Cookie: cookie }))).toBe("PASSWORD_BLANK");
    expect(await codeOf(await change(email, { Cookie: cookie }))).toBe("PASSWORD_IS_EMAIL");
    expect(await codeOf(await change("Ada Lovelace", { Cookie: cookie }))).toBe("PASSWORD_IS_NAME");
    expect(await codeOf(await change(COMMON, { Authorization: `Bearer ${token}` }))).toBe("PASSWORD_TOO_COMMON");
    expect(await codeOf(await change(email.split("@")[0]!, { Authorization: `Bearer ${token}` }))).toBe("PASSWORD_IS_EMAIL");
    expect((await change("difference-engine", { Cookie: cookie })).status).toBe(200);
  });

  test("a reset link refuses the same for the account it resets, and then resets", async () => {
    const email = uniqueEmail();
    await signUp("Ada Lovelace", email);
    expect((await call("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } })).status).toBe(200);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec((await smtp.waitFor(email)).text)![0]);
    const landing = await call(link.pathname + link.search);
    const resetToken = new URL(landing.headers.get("location")!, t.services.config.baseUrl).searchParams.get("token")!;
    const reset = (newPassword: string) => call("/api/auth/reset-password", { body: { token: resetToken, newPassword } });
    expect(await codeOf(await reset("\t \t \t "))).toBe("PASSWORD_BLANK");
    expect(await codeOf(await reset(email))).toBe("PASSWORD_IS_EMAIL");
    expect(await codeOf(await reset("adalovelace"))).toBe("PASSWORD_IS_NAME");
    expect(await codeOf(await reset(COMMON))).toBe("PASSWORD_TOO_COMMON");
    expect((await reset("difference-engine")).status).toBe(200);
    expect((await call("/api/auth/sign-in/email", { body: { email, password: "difference-engine" } })).status).toBe(200);
  });
});
