import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";

function appFor(t: TestServices) {
  return createApp(t.services, () => Promise.reject(new Error("no page build in API tests")));
}

describe.each(testDialects())("API on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect);
  });
  afterAll(() => t.close());

  test("GET /api/health answers 200 with the database ok", async () => {
    const response = await appFor(t).request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", db: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  test("every API response carries a request id and the security headers", async () => {
    const response = await appFor(t).request("/api/health", { headers: { "X-Request-Id": "client-req-12345" } });
    expect(response.headers.get("X-Request-Id")).toBe("client-req-12345");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  test("an unknown API path is a 404 in the error shape", async () => {
    const response = await appFor(t).request("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  test("malformed JSON is a 400 in the error shape, with no stack trace", async () => {
    const response = await appFor(t).request("/api/vitals", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("invalid_request");
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  test("a web-vitals report is validated: a good one is accepted, a bad one names the field", async () => {
    const app = appFor(t);
    const ok = await app.request("/api/vitals", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "LCP", value: 1234.5, rating: "good", path: "/" }),
    });
    expect(ok.status).toBe(204);
    const bad = await app.request("/api/vitals", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "LCP", value: -1, rating: "good", path: "/" }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^value: /);
  });

  test("the OpenAPI document lists every resource's endpoints under /api", async () => {
    const response = await appFor(t).request("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/vitals",
        "/api/questions/technologies",
        "/api/questions",
        "/api/questions/search",
        "/api/questions/{technology}/{id}",
        "/api/progress",
        "/api/progress/questions",
        "/api/progress/questions/{id}",
        "/api/progress/bookmarks",
        "/api/uploads/images",
      ]),
    );
  });

  test("the API docs page and its assets come from our own origin", async () => {
    const app = appFor(t);
    const page = await app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.startsWith("/")).toBe(true);
    for (const asset of ["/api/docs/assets/swagger-ui-bundle.js", "/api/docs/assets/swagger-ui.css", "/api/docs/assets/init.js"]) {
      expect((await app.request(asset)).status, asset).toBe(200);
    }
  });

  test("names of Object's own properties in a file address are not found, not a 500 (issue #31)", async () => {
    const app = appFor(t);
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const asset = await app.request(`/api/docs/assets/${name}`);
      expect(asset.status, name).toBe(404);
      expect(await asset.json()).toEqual({ error: { code: "not_found", message: "No such file." } });
      for (const path of [`/vendor/${name}/x`, `/vendor/${name}/pyodide.js`, `/vendor/pyodide/${name}`]) {
        expect((await app.request(path)).status, path).toBe(404);
      }
    }
  });
});

describe.each(testDialects())("health when the database is gone, on %s", (dialect: Dialect) => {
  test("GET /api/health answers 503 with db unreachable", async () => {
    const t = await createTestServices(dialect);
    await t.services.database.close();
    const response = await appFor(t).request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "error", db: "unreachable" });
    await t.close().catch(() => {});
  });
});
