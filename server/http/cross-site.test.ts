import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { listContactMessages } from "../contact/contact-service";
import { crossSiteGuard, crossSiteMessages } from "./cross-site";

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

  test("a write with a cookie but neither Origin nor Sec-Fetch-Site is refused; without a cookie (a bearer token) it gets through", async () => {
    const before = (await listContactMessages(t.services)).length;
    for (const cookie of ["better-auth.session_token=x", "visited=true"]) {
      const response = await contact({ Cookie: cookie });
      expect(response.status, cookie).toBe(403);
      expect(await response.json()).toEqual({ error: { code: "forbidden", message: crossSiteMessages.noOrigin } });
    }
    expect((await listContactMessages(t.services)).length).toBe(before);
    expect((await contact({ Authorization: "Bearer not-a-session" })).status).toBe(201);
    expect((await contact({ Cookie: "visited=true", Origin: new URL(t.services.config.baseUrl).origin })).status).toBe(201);
    expect((await contact({ Cookie: "visited=true", "Sec-Fetch-Site": "same-origin" })).status).toBe(201);
    const page = await app().request("/quizzes", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "visited=true" },
      body: "technology=javascript",
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe(crossSiteMessages.noOrigin);
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

describe("the host a write is addressed to", () => {
  /** The guard alone, in front of a route that says "done". */
  const guarded = (ownOrigin: string, options?: { trustForwardedHost?: boolean; trustedOrigins?: string[] }) => {
    const app = new Hono();
    app.use(crossSiteGuard(ownOrigin, options));
    app.all("*", (c) => c.text("done"));
    return app;
  };
  const write = (app: Hono, url: string, headers: Record<string, string> = {}) => app.request(url, { method: "POST", headers });

  test("a write to another host name is refused, even one the browser calls same-origin (DNS rebinding); reads are not", async () => {
    const app = guarded("https://devprep.example");
    const rebound = await write(app, "http://evil.example:8080/api/contact", {
      "Sec-Fetch-Site": "same-origin",
      Origin: "http://evil.example:8080",
    });
    expect(rebound.status).toBe(403);
    expect(await rebound.json()).toEqual({ error: { code: "forbidden", message: crossSiteMessages.otherHost("https://devprep.example") } });
    const page = await write(app, "http://203.0.113.9/quizzes");
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("This is not the site's address: changes are accepted only at https://devprep.example.");
    expect((await app.request("http://evil.example/api/questions")).status).toBe(200);
    expect((await write(app, "https://devprep.example/api/contact")).status).toBe(200);
    expect((await write(app, "https://DevPrep.example:443/api/contact", { Origin: "https://devprep.example" })).status).toBe(200);
  });

  test("a site on this machine takes writes at any of its loopback names and ports; other names stay refused", async () => {
    const app = guarded("http://localhost:3000");
    for (const url of [
      "http://localhost:3000/quizzes",
      "http://localhost/quizzes",
      "http://127.0.0.1:5173/quizzes",
      "http://[::1]:3000/quizzes",
    ]) {
      expect((await write(app, url)).status, url).toBe(200);
    }
    expect((await write(app, "http://rebind.evil.example:3000/quizzes")).status).toBe(403);
    expect((await write(guarded("http://127.0.0.1:4000"), "http://localhost:4001/x")).status).toBe(200);
  });

  test("pages at the trusted origins (without BASE_URL, every loopback spelling of the server's address) may write, as better-auth lets them sign up", async () => {
    const trustedOrigins = ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"];
    const app = guarded("http://localhost:3000", { trustedOrigins });
    for (const origin of trustedOrigins)
      expect((await write(app, "http://localhost/api/contact", { Origin: origin })).status, origin).toBe(200);
    expect((await write(app, "http://localhost/api/contact", { Origin: "http://127.0.0.1:5173" })).status).toBe(403);
    expect(
      (await write(guarded("http://localhost:3000"), "http://localhost/api/contact", { Origin: "http://127.0.0.1:3000" })).status,
    ).toBe(403);
  });

  test("behind trusted proxies the forwarded host counts, every hop of it; otherwise X-Forwarded-Host is ignored", async () => {
    const proxied = guarded("https://devprep.example", { trustForwardedHost: true });
    // The proxy reached us at its own upstream address and said which host the client asked for.
    expect((await write(proxied, "http://10.0.0.5:3000/api/contact", { "X-Forwarded-Host": "devprep.example" })).status).toBe(200);
    expect((await write(proxied, "http://10.0.0.5:3000/api/contact", { "X-Forwarded-Host": "evil.example" })).status).toBe(403);
    expect((await write(proxied, "http://10.0.0.5:3000/api/contact", { "X-Forwarded-Host": "evil.example, devprep.example" })).status).toBe(
      403,
    );
    expect((await write(proxied, "http://10.0.0.5:3000/api/contact")).status).toBe(403);
    const direct = guarded("https://devprep.example");
    expect((await write(direct, "http://10.0.0.5:3000/api/contact", { "X-Forwarded-Host": "devprep.example" })).status).toBe(403);
  });
});
