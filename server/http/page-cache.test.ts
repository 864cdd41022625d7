import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { afterAll, describe, expect, it } from "vitest";
import type { ApiEnv } from "../api/types";
import { createLogger } from "../logger";
import type { ContentVersions } from "./content-versions";
import { PAGE_CACHE_HEADER, PageCache, chooseEncoding, inlineScriptHashes, matchesEtag } from "./page-cache";

/** Versions that only move when a test says so. */
function fakeVersions() {
  const current = new Map<string, number>([
    ["questions", 1],
    ["blog", 1],
  ]);
  return {
    bump: (scope: string) => current.set(scope, (current.get(scope) ?? 0) + 1),
    versions: {
      snapshot: () => Object.fromEntries(current),
      isCurrent: (snapshot: Record<string, number>) => Object.entries(snapshot).every(([s, v]) => current.get(s) === v),
      refresh: async () => {},
    } as unknown as ContentVersions,
  };
}

/**
 * An app whose pages are `page`, or random text of that many bytes, cacheable for the scopes in
 * the query string (`?scopes=blog`); counts renders.
 */
function appWith(cache: PageCache, page: number | string | ((cookie: string) => string) = 2000) {
  let renders = 0;
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set("cspNonce", "n0nce");
    await next();
  });
  app.use(cache.serve());
  app.get("*", cache.store(), (c) => {
    renders++;
    const scopes = c.req.query("scopes");
    const body =
      typeof page === "function"
        ? page(c.req.header("Cookie") ?? "")
        : typeof page === "string"
          ? page
          : `<html><script nonce="n0nce">boot()</script><p>${crypto.randomBytes(page / 2).toString("hex")}</p></html>`;
    return c.html(body, c.req.query("status") === "404" ? 404 : 200, scopes === undefined ? {} : { [PAGE_CACHE_HEADER]: scopes });
  });
  return { app, renders: () => renders };
}

/** The CSP source that allows an inline script with this text. */
const sha256Source = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;

const options = { maxBytes: 64 * 1024, maxAgeMs: 60_000, https: false, dev: false, nodeFastPath: true, logger: createLogger("silent") };

describe("the page cache", () => {
  it("keeps two copies of a page, for visitors with and without cookie consent, and never serves one for the other", async () => {
    const { versions } = fakeVersions();
    const { app, renders } = appWith(new PageCache(versions, { ...options, consentCookie: "devpreps" }), (cookie) =>
      cookie.includes("devpreps=true") ? "<p>page</p>" : "<p>page</p><section>cookie banner</section>",
    );
    const ask = (cookie?: string) =>
      app.request("/a?scopes=", { headers: { "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) } });
    const text = async (response: Response) => gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(await text(await ask())).toContain("cookie banner");
    expect(await text(await ask("theme=dark; devpreps=true"))).not.toContain("cookie banner");
    // Hits on either copy, in any order, leave each visitor their own.
    for (let i = 0; i < 2; i++) {
      expect(await text(await ask("devpreps=true"))).not.toContain("cookie banner");
      expect(await text(await ask())).toContain("cookie banner");
    }
    expect(renders()).toBe(2);
  });

  it("keeps a page its route allows, until the content behind it changes", async () => {
    const { bump, versions } = fakeVersions();
    const { app, renders } = appWith(new PageCache(versions, options));
    const ask = (path: string, headers: Record<string, string> = {}) =>
      app.request(path, { headers: { "Accept-Encoding": "gzip", ...headers } });
    const first = await ask("/a?scopes=blog");
    expect(first.headers.get("X-Cache")).toBe("miss");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    const second = await ask("/a?scopes=blog");
    expect(second.headers.get("X-Cache")).toBe("hit");
    expect(renders()).toBe(1);
    bump("questions");
    expect((await ask("/a?scopes=blog")).headers.get("X-Cache")).toBe("hit");
    bump("blog");
    expect((await ask("/a?scopes=blog")).headers.get("X-Cache")).toBe("miss");
    expect(renders()).toBe(2);
    // Routes that do not opt in, sessions, and errors other than 404 are rendered every time.
    for (const [path, headers] of [
      ["/b", {}],
      ["/a?scopes=blog", { Cookie: "better-auth.session_token=x" }],
      ["/a?scopes=blog", { Authorization: "Bearer x" }],
    ] as const) {
      const response = await ask(path, headers);
      expect(response.headers.get("X-Cache")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    }
    await ask("/c?scopes=&status=404");
    expect((await ask("/c?scopes=&status=404")).status).toBe(404);
    expect(renders()).toBe(6);
  });

  it("never makes a render wait on itself when the router runs the cache twice for one request", async () => {
    // Hono's TrieRouter runs a wildcard handler twice for a path segment that is literally `*`
    // (honojs/hono#5370): the second pass used to wait for the first pass's render, for ever.
    const { versions } = fakeVersions();
    const cache = new PageCache(versions, options);
    const app = new Hono<ApiEnv>({ router: new TrieRouter() });
    app.use(async (c, next) => {
      c.set("cspNonce", "n0nce");
      await next();
    });
    app.use(cache.serve());
    let renders = 0;
    app.all("*", cache.store(), (c) => {
      renders++;
      return c.html("<p>page</p>", 200, { [PAGE_CACHE_HEADER]: "blog" });
    });
    const response = await Promise.race([
      app.request("/*?q=1", { headers: { "Accept-Encoding": "gzip" } }),
      new Promise<null>((resolve) => setTimeout(resolve, 2000, null)),
    ]);
    expect(response, "answered").not.toBeNull();
    expect(response!.status).toBe(200);
    expect(renders).toBe(1);
    expect((await app.request("/*?q=1", { headers: { "Accept-Encoding": "gzip" } })).headers.get("X-Cache")).toBe("hit");
  });

  it("stays within its byte budget, dropping the least recently used page first", async () => {
    const { versions } = fakeVersions();
    const cache = new PageCache(versions, options);
    // ~6 kB a page as kept (Brotli, gzip and the page itself): twelve are more than the 64 kB budget.
    const { app } = appWith(cache, 2000);
    const ask = (path: string) => app.request(path, { headers: { "Accept-Encoding": "br" } });
    for (let i = 0; i < 12; i++) {
      await ask(`/p${i}?scopes=`);
      if (i > 0) await ask("/p0?scopes="); // keeps p0 the most recently used
    }
    expect(cache.bytes).toBeLessThanOrEqual(options.maxBytes);
    expect(cache.count).toBeLessThan(12);
    expect((await ask("/p0?scopes=")).headers.get("X-Cache")).toBe("hit");
    expect((await ask("/p1?scopes=")).headers.get("X-Cache")).toBe("miss");
  });

  it("a cached page's policy allows its own scripts, not a script injected into its content", async () => {
    const { versions } = fakeVersions();
    const cache = new PageCache(versions, options);
    const app = new Hono<ApiEnv>();
    app.use(async (c, next) => {
      c.set("cspNonce", "n0nce");
      await next();
    });
    app.use(cache.serve());
    app.get("*", cache.store(), (c) =>
      c.html(`<html><script nonce="n0nce">boot()</script><p>A post: <script>steal()</script></p></html>`, 200, {
        [PAGE_CACHE_HEADER]: "blog",
      }),
    );
    for (const cached of ["miss", "hit"]) {
      const response = await app.request("/post", { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("X-Cache")).toBe(cached);
      const scriptSrc = /script-src ([^;]+)/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      expect(scriptSrc).toBe(`'self' ${sha256Source("boot()")}`);
      expect(scriptSrc).not.toContain(sha256Source("steal()"));
    }
  });

  it("renders a page once for many visitors asking at the same moment", async () => {
    const { versions } = fakeVersions();
    const { app, renders } = appWith(new PageCache(versions, options));
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.request("/same?scopes=questions")));
    expect(renders()).toBe(1);
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
  });
});

/** A page with a nonce'd script and text beyond ASCII (so bytes and characters differ), and how it is served. */
const rendered = `<!doctype html><html><script nonce="n0nce">boot()</script><p>Réponse — ${"<li>an answer</li>".repeat(300)}</p></html>`;
const served = rendered.replace(' nonce="n0nce"', "");

/** The page cache in front of an app whose cached page is `rendered`. */
function cachedSite() {
  const cache = new PageCache(fakeVersions().versions, options);
  return { cache, ...appWith(cache, rendered) };
}
const PAGE = "/page?scopes=blog";

/** What a client gets: status, headers, and the body as the page's text, decoded as its Content-Encoding says. */
async function received(status: number, headers: Headers, body: Buffer) {
  const encoding = headers.get("Content-Encoding");
  const decode = encoding === "br" ? brotliDecompressSync : encoding === "gzip" ? gunzipSync : (b: Buffer) => b;
  return { status, headers, length: body.length, text: decode(body).toString("utf8") };
}

/** server.js's set-up: hits answered on the socket by serveNode, everything else through the app. */
async function nodeServer(cache: PageCache, app: Hono<ApiEnv>) {
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => {
    if (cache.serveNode(req, res)) return;
    reachedApp++;
    void listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  let reachedApp = 0;
  // node:http, not fetch: fetch would add an Accept-Encoding of its own.
  const ask = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Awaited<ReturnType<typeof received>>>((resolve, reject) => {
      http
        .request({ port, host: "127.0.0.1", path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const h = new Headers();
            for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") h.set(name, value);
            resolve(received(res.statusCode ?? 0, h, Buffer.concat(chunks)));
          });
        })
        .on("error", reject)
        .end();
    });
  return { ask, reachedApp: () => reachedApp };
}
const servers: http.Server[] = [];
afterAll(() => servers.forEach((server) => server.close()));

describe("a cached page asked for without compression (curl, bots, proxies)", () => {
  const paths = {
    "through the app (serve)": async () => {
      const site = cachedSite();
      const ask = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
        const response = await site.app.request(path, { method, headers });
        return received(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
      };
      return { ...site, ask, reachedApp: () => NaN };
    },
    "on the socket (serveNode)": async () => {
      const site = cachedSite();
      return { ...site, ...(await nodeServer(site.cache, site.app)) };
    },
  };

  for (const [name, start] of Object.entries(paths)) {
    it(`is a cache hit with the page's exact bytes and no Content-Encoding, ${name}`, async () => {
      const { ask, renders, reachedApp } = await start();
      const first = await ask(PAGE, { "Accept-Encoding": "br" });
      expect(first.headers.get("X-Cache")).toBe("miss");
      for (const headers of <Record<string, string>[]>[{}, { "Accept-Encoding": "identity" }, { "Accept-Encoding": "br;q=0, gzip;q=0" }]) {
        const plain = await ask(PAGE, headers);
        expect(plain.status).toBe(200);
        expect(plain.headers.get("X-Cache")).toBe("hit");
        expect(plain.headers.get("Content-Encoding")).toBeNull();
        expect(plain.text).toBe(served);
        expect(plain.length).toBe(Buffer.byteLength(served));
        expect(plain.headers.get("Content-Length")).toBe(String(Buffer.byteLength(served)));
        expect(plain.headers.get("Content-Type")).toMatch(/^text\/html/);
        expect(plain.headers.get("Vary")).toContain("Accept-Encoding");
        expect(plain.headers.get("ETag")).toBe(first.headers.get("ETag"));
        expect(plain.headers.get("Content-Security-Policy")).toContain(sha256Source("boot()"));
      }
      // Brotli and gzip clients are served as before: the same page, compressed, with its length.
      for (const encoding of ["br", "gzip"]) {
        const compressed = await ask(PAGE, { "Accept-Encoding": encoding });
        expect(compressed.headers.get("X-Cache")).toBe("hit");
        expect(compressed.headers.get("Content-Encoding")).toBe(encoding);
        expect(compressed.headers.get("Content-Length")).toBe(String(compressed.length));
        expect(compressed.length).toBeLessThan(Buffer.byteLength(served) / 5);
        expect(compressed.text).toBe(served);
      }
      // Revalidation and HEAD need no body, whatever the encoding.
      const etag = first.headers.get("ETag")!;
      const notModified = await ask(PAGE, { "If-None-Match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.length).toBe(0);
      expect(notModified.headers.get("ETag")).toBe(etag);
      expect(notModified.headers.get("Vary")).toContain("Accept-Encoding");
      const head = await ask(PAGE, {}, "HEAD");
      expect(head.headers.get("X-Cache")).toBe("hit");
      expect(head.headers.get("Content-Length")).toBe(String(Buffer.byteLength(served)));
      expect(head.length).toBe(0);
      expect(renders()).toBe(1);
      // On the socket, every hit is answered before the app: only the first request reached it.
      if (name.includes("serveNode")) expect(reachedApp()).toBe(1);
    });
  }

  it("counts the uncompressed bytes in the cache's budget", async () => {
    const { cache, app } = cachedSite();
    await app.request(PAGE);
    expect(cache.bytes).toBeGreaterThan(Buffer.byteLength(served));
  });
});

describe("page cache helpers", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it("matches If-None-Match lists and weak tags", () => {
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"other"', '"abc"')).toBe(false);
  });

  it("hashes the inline scripts that carry the response's nonce, not external scripts or data blocks", () => {
    const html =
      '<script nonce="n0nce">a()</script><script nonce="n0nce" type="module">import "x"</script>' +
      '<script nonce="n0nce" src="/x.js"></script><script nonce="n0nce" type="application/ld+json">{}</script>';
    expect(inlineScriptHashes(html, "n0nce")).toEqual([sha256Source("a()"), sha256Source('import "x"')]);
  });

  it("does not hash an inline script without the nonce, or with another one", () => {
    const html = '<script nonce="n0nce">a()</script><script>evil()</script><script nonce="guess">evil2()</script>';
    expect(inlineScriptHashes(html, "n0nce")).toEqual([sha256Source("a()")]);
    expect(inlineScriptHashes(html, "")).toEqual([]);
  });
});
