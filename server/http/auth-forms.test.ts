import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authTexts, fill } from "../../app/lib/texts";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { safeReturnTo } from "../../app/lib/return-to";
import { readAuthFlash } from "./auth-forms";

let n = 0;
const uniqueEmail = () => `form${Date.now()}${++n}@example.com`;

/** The auth dialog's and cookie banner's forms as a browser without scripts sends them (issue #32). */
describe("the frame's forms without scripts", () => {
  let t: TestServices;
  let off: TestServices;
  beforeAll(async () => {
    t = await createTestServices("sqlite", { TRUST_PROXY: "true" });
    off = await createTestServices("sqlite", { TRUST_PROXY: "true", AUTH_EMAIL_PASSWORD: "false" });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  function post(path: string, form: Record<string, string>, { services = t, cookie = "", json = false } = {}) {
    const app = createApp(services.services, () => Promise.reject(new Error("no pages")));
    return app.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: services.services.config.baseUrl,
        "X-Forwarded-For": `198.19.${(++n >> 8) & 255}.${n & 255}`,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(json ? { Accept: "application/json" } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
  }
  const cookies = (response: Response) => response.headers.getSetCookie();
  const flashOf = (response: Response) =>
    readAuthFlash(
      cookies(response)
        .find((c) => c.startsWith("devprep.flash="))
        ?.split(";")[0],
    );
  const sessionCookie = (response: Response) =>
    cookies(response)
      .find((c) => c.startsWith("better-auth.session_token="))
      ?.split(";")[0];

  test("sign-up creates the account, signs in and returns to the page the reader was on", async () => {
    const email = uniqueEmail();
    const response = await post("/auth/signup", {
      name: "Ada",
      email,
      password: "analytical-engine",
      returnTo: "/react-questions?level=expert",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/react-questions?level=expert");
    expect(sessionCookie(response)).toBeTruthy();
    const user = await t.services.database.db.selectFrom("user").select("name").where("email", "=", email).executeTakeFirst();
    expect(user?.name).toBe("Ada");
  });

  test("a wrong password goes back to the page with the spec's message for the dialog, the email kept and no password", async () => {
    const email = uniqueEmail();
    await post("/auth/signup", { name: "Ada", email, password: "analytical-engine", returnTo: "/" });
    const response = await post("/auth/login", { email, password: "not-the-password", returnTo: "/aboutus" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/aboutus");
    expect(sessionCookie(response)).toBeUndefined();
    expect(flashOf(response)).toEqual({ form: "login", error: authTexts.wrongPassword, email, notice: undefined, name: undefined });
    expect(cookies(response).join()).not.toContain("not-the-password");
    expect(cookies(response).find((c) => c.startsWith("devprep.flash="))).toMatch(/HttpOnly/);
  });

  test("with scripts the same form answers JSON: the user on success, the spec's message on a refusal", async () => {
    const email = uniqueEmail();
    const created = await post("/auth/signup", { name: "Ada", email, password: "analytical-engine" }, { json: true });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ user: { email, name: "Ada" } });
    expect(sessionCookie(created)).toBeTruthy();
    const taken = await post("/auth/signup", { name: "Ada", email, password: "analytical-engine" }, { json: true });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual({ error: authTexts.emailInUse });
  });

  test("fields are checked before anything is sent, in the spec's words, and nothing is created", async () => {
    const email = uniqueEmail();
    const response = await post("/auth/signup", { name: "  ", email, password: "analytical-engine", returnTo: "/" });
    expect(flashOf(response)).toMatchObject({ form: "signup", error: authTexts.missingName, email });
    expect(flashOf(await post("/auth/login", { email: "ada@example", password: "analytical-engine" }))).toMatchObject({
      error: authTexts.invalidEmail,
    });
    expect(flashOf(await post("/auth/login", { email, password: "12345" }))).toMatchObject({ error: authTexts.shortPassword });
    expect(await t.services.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  test("with email sign-in switched off the dialog says so", async () => {
    const response = await post("/auth/login", { email: uniqueEmail(), password: "analytical-engine" }, { services: off });
    expect(flashOf(response)).toMatchObject({ error: authTexts.disabled });
  });

  test("forgot password: the notice that never says whether the account exists", async () => {
    const email = uniqueEmail();
    const response = await post("/auth/forgot", { email, returnTo: "/terms" });
    expect(response.headers.get("location")).toBe("/terms");
    expect(flashOf(response)).toMatchObject({ form: "forgot", notice: fill(authTexts.forgotSent, { email }) });
  });

  test("logout ends the session and goes home", async () => {
    const signedUp = await post("/auth/signup", { name: "Ada", email: uniqueEmail(), password: "analytical-engine" });
    const session = sessionCookie(signedUp)!;
    const response = await post("/auth/logout", {}, { cookie: session });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(cookies(response).find((c) => c.startsWith("better-auth.session_token="))).toMatch(/Max-Age=0/);
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const after = await app.request("/api/auth/get-session", { headers: { Cookie: session } });
    expect(await after.json()).toBeNull();
  });

  test("'I understand' stores consent for 150 days and returns to the page", async () => {
    const response = await post("/consent", { returnTo: "/devinsights" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/devinsights");
    expect(cookies(response)).toEqual([expect.stringMatching(/^devpreps=true; Max-Age=12960000; Path=\/; SameSite=Lax/)]);
  });

  test("returnTo leads only to a page of this site", () => {
    for (const bad of ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "", undefined, "/a\nb"])
      expect(safeReturnTo(bad)).toBe("/");
    expect(safeReturnTo("/javascript-questions?kind=console#q1")).toBe("/javascript-questions?kind=console#q1");
  });

  test("a flash cookie that does not read is ignored", () => {
    expect(readAuthFlash("devprep.flash=bm90IGpzb24")).toBeNull();
    expect(readAuthFlash("other=1")).toBeUndefined();
  });
});
