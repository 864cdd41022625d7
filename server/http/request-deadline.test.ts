import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { NO_SUCH_PAGE, TOO_SLOW, literalWildcardSegments, requestDeadline } from "./request-deadline";

function appWith(...middleware: Parameters<Hono["use"]>[1][]) {
  const app = new Hono({ router: new TrieRouter() });
  for (const m of middleware) app.use(m);
  app.onError((error) => (error instanceof HTTPException ? error.getResponse() : new Response("failed", { status: 500 })));
  return app;
}

describe("the request deadline", () => {
  it("answers 503 when a request's answer has not started in time, a page in text and the API in its error shape", async () => {
    const app = appWith(requestDeadline(100));
    let slowCalls = 0;
    app.all("*", () => {
      slowCalls++;
      return new Promise<Response>(() => {});
    });
    const started = performance.now();
    const page = await app.request("/javascript-questions");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe(TOO_SLOW);
    const api = await app.request("/api/questions");
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { code: "unavailable", message: TOO_SLOW } });
    expect(slowCalls).toBe(2);
  });

  it("lets answers that come in time through untouched", async () => {
    const app = appWith(requestDeadline(1000));
    app.get("*", (c) => c.text("fine"));
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("fine");
  });
});

describe("paths with a literal wildcard segment", () => {
  it("are answered 404 before any other middleware runs, once", async () => {
    let runs = 0;
    const app = appWith(literalWildcardSegments(), async (_c, next) => {
      runs++;
      await next();
    });
    app.all("*", (c) => c.text("page"));
    for (const path of ["/*", "/*?q=1", "/javascript-questions/*", "/api/blog/posts/%2A"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toMatch(path.startsWith("/api/") ? /not_found/ : new RegExp(NO_SUCH_PAGE));
    }
    expect(runs).toBe(0);
    expect((await app.request("/a*b")).status).toBe(200);
    expect(runs).toBe(1);
  });
});
