import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { bodyLimitMessages } from "./body-limit";
import { pageFormMessages, pageForms } from "./page-forms";

/** A page whose action reads its form, as React Router's actions do. */
function formPage() {
  const app = new Hono();
  app.all("*", pageForms(), async (c) => {
    if (c.req.method === "GET") return c.text("the page");
    const form = await c.req.raw.formData();
    return c.text(`technology=${String(form.get("technology"))}`);
  });
  return app;
}

const post = (app: { request: Hono["request"] }, body: BodyInit | undefined, headers: Record<string, string> = {}) =>
  app.request("/quizzes", { method: "POST", body, headers });

describe("form bodies for pages", () => {
  test("URL-encoded and multipart forms reach the page's action, which can still read them", async () => {
    const app = formPage();
    const encoded = await post(app, "technology=javascript", { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" });
    expect(await encoded.text()).toBe("technology=javascript");
    const form = new FormData();
    form.set("technology", "css");
    const multipart = await post(app, form);
    expect(multipart.status).toBe(200);
    expect(await multipart.text()).toBe("technology=css");
    expect(await (await app.request("/quizzes")).text()).toBe("the page");
  });

  test("a multipart body that does not parse is a 400 with a clear message", async () => {
    for (const type of ["multipart/form-data; boundary=x", "multipart/form-data"]) {
      const response = await post(formPage(), "garbage\r\n--y--", { "Content-Type": type });
      expect(response.status, type).toBe(400);
      expect(await response.text()).toBe(pageFormMessages.unreadable);
    }
  });

  test("a body that is not a form (JSON, text, none) is a 415", async () => {
    for (const [body, headers] of [
      ['{"technology":"javascript"}', { "Content-Type": "application/json" }],
      ["technology=javascript", { "Content-Type": "text/plain" }],
      [undefined, {}],
    ] as const) {
      const response = await post(formPage(), body, headers);
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(await response.text()).toBe(pageFormMessages.notAForm);
    }
  });
});

describe("a page's action in the app", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices("sqlite");
  });
  afterAll(() => t.close());

  // Without a page build, a request that reached React Router would be a 500.
  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages in this test")));

  test("a malformed multipart post to a page is a 400 before React Router runs its action (issue #31)", async () => {
    for (const path of ["/quizzes", "/quizzes.data", "/interview"]) {
      const response = await app().request(path, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "garbage",
      });
      expect(response.status, path).toBe(400);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe(pageFormMessages.unreadable);
    }
  });

  test("a body over 1 MB to a page is a 413 with a clear message, before it is read", async () => {
    const response = await app().request("/quizzes", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `technology=${"x".repeat(1024 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(bodyLimitMessages.tooLarge);
  });
});
