import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_NAME_LENGTH } from "../../app/features/auth/validation";
import { authTexts } from "../../app/lib/texts/auth";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { isAllowedImage, profileErrorCodes } from "./profile-fields";

let n = 0;
const uniqueEmail = () => `profile${Date.now()}${++n}@example.com`;

describe.each(testDialects())("names and pictures users give themselves, on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    // Each request from its own client: the sign-up limit per client is not what is tested here.
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  function call(path: string, body: unknown, cookie?: string) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    return app.request(`/api/auth${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Forwarded-For": `192.0.2.${(++n % 250) + 1}`,
        Origin: t.services.config.baseUrl,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  }
  const user = (email: string) =>
    t.services.database.db.selectFrom("user").select(["name", "image"]).where("email", "=", email).executeTakeFirst();
  async function refusedWith(response: Response, code: string, message: string) {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code, message });
  }

  test("sign-up refuses an empty or over-long name, or a script as the picture, and makes no account", async () => {
    for (const [body, code, message] of [
      [{ name: "   " }, profileErrorCodes.missingName, authTexts.missingName],
      [{ name: "x".repeat(MAX_NAME_LENGTH + 1) }, profileErrorCodes.longName, authTexts.longName],
      [{ name: "Ada", image: "javascript:alert(document.cookie)" }, profileErrorCodes.badImage, authTexts.badImage],
    ] as const) {
      const email = uniqueEmail();
      await refusedWith(await call("/sign-up/email", { ...body, email, password: "analytical-engine" }), code, message);
      expect(await user(email)).toBeUndefined();
    }
    // The finding of issue #31: 900,000 characters were accepted as a name.
    const email = uniqueEmail();
    const huge = await call("/sign-up/email", { name: "A".repeat(900_000), email, password: "analytical-engine" });
    expect([400, 413]).toContain(huge.status);
    expect(await user(email)).toBeUndefined();
  });

  test(`sign-up stores the name trimmed, up to ${MAX_NAME_LENGTH} characters`, async () => {
    const email = uniqueEmail();
    expect((await call("/sign-up/email", { name: "  Ada Lovelace  ", email, password: "analytical-engine" })).status).toBe(200);
    expect(await user(email)).toEqual({ name: "Ada Lovelace", image: null });
    const longest = uniqueEmail();
    const name = "y".repeat(MAX_NAME_LENGTH);
    expect((await call("/sign-up/email", { name: ` ${name} `, email: longest, password: "analytical-engine" })).status).toBe(200);
    expect((await user(longest))?.name).toBe(name);
  });

  test("update-user takes http(s) pictures and our uploads, and refuses other schemes and bad names", async () => {
    const email = uniqueEmail();
    const signUp = await call("/sign-up/email", { name: "Grace", email, password: "analytical-engine" });
    const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;

    await refusedWith(await call("/update-user", { name: "z".repeat(900) }, cookie), profileErrorCodes.longName, authTexts.longName);
    await refusedWith(await call("/update-user", { name: "" }, cookie), profileErrorCodes.missingName, authTexts.missingName);
    for (const image of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "vbscript:msgbox",
      "//evil.example/a.png",
      "/uploads/../secret",
      "",
      `https://example.com/${"a".repeat(3000)}`,
    ]) {
      await refusedWith(await call("/update-user", { image }, cookie), profileErrorCodes.badImage, authTexts.badImage);
    }
    expect(await user(email)).toEqual({ name: "Grace", image: null });

    for (const image of ["https://images.example.com/grace.png", "http://example.com/g.jpg", "/uploads/0b9c7e1e-cover.webp"]) {
      expect((await call("/update-user", { image }, cookie)).status).toBe(200);
      expect((await user(email))?.image).toBe(image);
    }
    expect((await call("/update-user", { name: "  Grace Hopper ", image: null }, cookie)).status).toBe(200);
    expect(await user(email)).toEqual({ name: "Grace Hopper", image: null });
  });
});

test("only absolute http(s) addresses and our upload paths count as pictures", () => {
  expect(isAllowedImage("https://example.com/a.png")).toBe(true);
  expect(isAllowedImage("HTTPS://EXAMPLE.COM/A.PNG")).toBe(true);
  expect(isAllowedImage("/uploads/a.webp")).toBe(true);
  expect(isAllowedImage("https://")).toBe(false);
  expect(isAllowedImage("java\nscript:alert(1)")).toBe(false);
  expect(isAllowedImage("ftp://example.com/a.png")).toBe(false);
  expect(isAllowedImage(42)).toBe(false);
});
