import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { listContactMessages } from "../contact/contact-service";

describe.each(testDialects())("requests from other sites, on %s", (dialect: Dialect) => {
  let t: TestServices;
  let client = 0;
  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
  });
  afterAll(() => t.close());

  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages in this test")));
  const contact = (headers: Record<string, string>) =>
    app().request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${++client}`, ...headers },
      body: JSON.stringify({ name: "Cross Site", email: "cross@example.com", message: `Sent with ${JSON.stringify(headers)}` }),
    });

  test("a write another site's page sends is refused with 403 and changes nothing", async () => {
    const before = (await listContactMessages(t.services)).length;
    for (const headers of <Record<string, string>[]>[
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://blog.devprep.example" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
    ]) {
      const response = await contact(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ error: { code: "forbidden", message: "Requests from other sites are not accepted." } });
    }
    expect((await listContactMessages(t.services)).length).toBe(before);
  });

  test("our own pages, the mobile app (no browser headers) and reads from anywhere get through", async () => {
    const own = new URL(t.services.config.baseUrl).origin;
    expect((await contact({ "Sec-Fetch-Site": "same-origin", Origin: own })).status).toBe(201);
    expect((await contact({ Origin: own })).status).toBe(201);
    expect((await contact({})).status).toBe(201);
    const read = await app().request("/api/questions/technologies", {
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    });
    expect(read.status).toBe(200);
  });

  test("a page's form action posted from another site is refused before the page runs", async () => {
    const response = await app().request("/quizzes", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: "technology=javascript",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Requests from other sites are not accepted.");
  });
});
