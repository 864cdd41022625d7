import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../api/types";
import type { Logger } from "../logger";
import { AUTH_FLASH_COOKIE } from "../../app/features/auth/flash";
import { CONTENT_SCOPES, type ContentScope } from "../../app/lib/page-cache";
import { hasCookie } from "../../app/lib/site";
import type { ContentVersionSnapshot, ContentVersions } from "./content-versions";
import { contentSecurityPolicy, defaultSecurityHeaders } from "./security-headers";

/**
 * The anonymous page cache (issue #14, ARCHITECTURE.md): content pages rendered once for
 * visitors without a session and kept, compressed, until the content behind them changes.
 * The API's content reads (questions, posts) are kept the same way, for the mobile app.
 *
 * - A route opts in with `export const handle = cachedFor(scopes)`; entry.server passes the
 *   scopes out in PAGE_CACHE_HEADER, which never leaves the server. API routers opt in with
 *   the `cacheableFor(scopes)` middleware.
 * - Only GET requests without a session cookie or Authorization header are served from or
 *   stored in the cache, and only 200 and 404 pages that set no cookie. Everyone else gets a
 *   page rendered for them with `Cache-Control: private, no-cache`.
 * - A cached page cannot carry a CSP nonce (it would be the same for every visitor): its
 *   nonces are removed and its policy lists the SHA-256 hashes of its inline scripts.
 * - Entries remember the content versions they were built from (content-versions.ts) and are
 *   dropped once a version moves on, or after `maxAgeMs` whatever happens.
 * - Kept as Brotli, gzip and uncompressed (for clients that send no Accept-Encoding: curl, some
 *   bots and proxies), all three counted in `maxBytes`; least recently used first out once it is reached.
 * - Hits are answered by `serveNode` in server.js's request listener, before Hono, the API
 *   and React Router; `serve()` answers them as the app's first middleware otherwise.
 */

export const PAGE_CACHE_HEADER = "X-DevPrep-Page-Cache";
/** What a CDN may do with a cached page: keep it a minute, serve it stale while it asks again. */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** Pages rendered for one reader: no shared cache may keep them, browsers ask again each time. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

const MAX_KEY_LENGTH = 512;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = "br" | "gzip";
/** How a cached page's bytes are sent: compressed one of two ways, or as they are. */
export type Coding = Encoding | "identity";

export interface CachedPage {
  key: string;
  status: number;
  /** The content versions it was rendered from, by scope. */
  versions: ContentVersionSnapshot;
  storedAt: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
  /** The page as rendered, for a client that takes no compression. */
  identity: Buffer;
  /** Response headers without Content-Encoding and Content-Length. */
  headers: [string, string][];
  /** For node:http's writeHead, per coding: the headers above plus encoding (if any) and length, flat. */
  nodeHeaders: Record<Coding, string[]>;
  bytes: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
  https: boolean;
  dev: boolean;
  /** Answer hits in node:http's listener (server.js); false sends them through Hono (for comparison). */
  nodeFastPath: boolean;
  logger: Logger;
  /** The cookie-consent cookie: pages are kept in two copies, with and without the banner (issue #32). */
  consentCookie?: string;
}

/** True for a request that carries no session: no auth cookie of ours and no bearer token. */
export function isAnonymousRequest(cookie: string | null | undefined, authorization: string | null | undefined): boolean {
  // A sign-in flash (auth-forms.ts) is for one reader too.
  return !authorization && !(cookie && (cookie.includes("better-auth.") || cookie.includes(`${AUTH_FLASH_COOKIE}=`)));
}

/** The encoding to send: Brotli, else gzip, else none; `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let gzipOk = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (q !== undefined && Number(q) <= 0) continue;
    if (coding === "br") return "br";
    if (coding === "gzip" || coding === "*") gzipOk = true;
  }
  return gzipOk ? "gzip" : null;
}

/** If-None-Match against our (strong) tag; weak comparison, as for GET revalidation. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP hash sources ('sha256-…') of the inline scripts we emitted in a page: those the renderer
 * gave this response's `nonce` (`html` as rendered, before the nonces are removed). An inline
 * script without it was not ours, say markup injected into content, and stays blocked, as the
 * nonce policy would have blocked it (issue #31). Data blocks (JSON-LD) are not scripts.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  if (!nonce) return [];
  const ours = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (!attributes.includes(ours) || /\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "speculationrules") continue;
    // Hashed as served: the nonces are removed from the whole page, this script's text included.
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body.replaceAll(ours, ""), "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  /** The requests rendering a page for the cache now: one that comes round again must not wait on itself. */
  private readonly renderers = new WeakSet<Request>();
  private size = 0;
  private storeHandler: MiddlewareHandler<ApiEnv> | null = null;

  constructor(
    readonly versions: ContentVersions,
    private readonly options: PageCacheOptions,
  ) {}

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  get nodeFastPath(): boolean {
    return this.options.nodeFastPath;
  }

  /** The key of a page's copy for this visitor: a visitor who gave cookie consent is shown no banner. */
  private variant(key: string, cookie: string | null | undefined): string {
    const name = this.options.consentCookie;
    return name && cookie && hasCookie(name, cookie) ? `${key}\u0000consented` : key;
  }

  /** The live entry for a request, if it may be served one. */
  find(method: string | undefined, key: string | undefined, cookie: string | null | undefined, authorization: string | null | undefined) {
    if ((method !== "GET" && method !== "HEAD") || !key) return undefined;
    const entry = this.entries.get(this.variant(key, cookie));
    if (!entry || !isAnonymousRequest(cookie, authorization)) return undefined;
    if (!this.versions.isCurrent(entry.versions) || Date.now() - entry.storedAt > this.options.maxAgeMs) {
      this.remove(entry);
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    return entry;
  }

  /** server.js: answers a hit straight on the socket; false leaves the request to the app. */
  serveNode(req: IncomingMessage, res: ServerResponse): boolean {
    const started = performance.now();
    const entry = this.find(req.method, req.url, req.headers.cookie, req.headers.authorization);
    if (!entry) return false;
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, this.notModifiedHeaders(entry));
      res.end();
    } else {
      const coding = chooseEncoding(req.headers["accept-encoding"]) ?? "identity";
      res.writeHead(entry.status, entry.nodeHeaders[coding]);
      res.end(req.method === "HEAD" ? undefined : entry[coding]);
    }
    this.logHit(req.method ?? "GET", req.url ?? "", res.statusCode, started);
    return true;
  }

  /** The app's first middleware: hits answered before the API and page routers. */
  serve(): MiddlewareHandler<ApiEnv> {
    return async (c, next) => {
      const started = performance.now();
      const url = c.req.url;
      const entry = this.find(c.req.method, keyOf(url), c.req.header("Cookie"), c.req.header("Authorization"));
      if (!entry) return next();
      const response = this.respond(entry, c.req.raw.headers, c.req.method, "hit");
      this.logHit(c.req.method, new URL(url).pathname, response.status, started);
      return response;
    };
  }

  /**
   * Around the page renderer: a visitor's page that its route lets us keep is stored and sent
   * as stored; concurrent requests for the same page wait for that one rendering.
   */
  store(): MiddlewareHandler<ApiEnv> {
    // One handler for the page router and every API router that asks (cacheableFor, per request).
    return (this.storeHandler ??= async (c, next) => {
      // The same request through this again (a router may run a handler twice: Hono's TrieRouter
      // does for a path segment that is literally `*`): the outer pass stores the page, this one
      // only renders. Waiting for the pending render would be waiting for itself, for ever.
      if (this.renderers.has(c.req.raw)) return next();
      const key = this.variant(keyOf(c.req.url), c.req.header("Cookie"));
      const candidate =
        c.req.method === "GET" && key.length <= MAX_KEY_LENGTH && isAnonymousRequest(c.req.header("Cookie"), c.req.header("Authorization"));
      const pending = candidate ? this.rendering.get(key) : undefined;
      if (pending) {
        const entry = await pending;
        if (entry) {
          c.res = this.respond(entry, c.req.raw.headers, c.req.method, "hit");
          return;
        }
      }
      // Someone else's page, or one the cache does not keep: rendered for this request.
      if (!candidate || pending) {
        await next();
        privatePage(c.res);
        return;
      }
      // No await between the look-up above and this: one rendering per page at a time.
      let settle: (entry: CachedPage | null) => void = () => {};
      this.rendering.set(key, new Promise((resolve) => (settle = resolve)));
      this.renderers.add(c.req.raw);
      try {
        const versions = this.versions.snapshot();
        await next();
        const entry = await this.fromResponse(key, c.res, c.var.cspNonce, versions);
        settle(entry);
        if (!entry) {
          privatePage(c.res);
          return;
        }
        this.put(entry);
        c.res = this.respond(entry, c.req.raw.headers, c.req.method, "miss");
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        this.rendering.delete(key);
        this.renderers.delete(c.req.raw);
      }
    });
  }

  private async fromResponse(key: string, res: Response, nonce: string, versions: ContentVersionSnapshot): Promise<CachedPage | null> {
    const scopesHeader = res.headers.get(PAGE_CACHE_HEADER);
    res.headers.delete(PAGE_CACHE_HEADER);
    const type = res.headers.get("Content-Type") ?? "";
    const isHtml = type.startsWith("text/html");
    if (
      scopesHeader === null ||
      (res.status !== 200 && res.status !== 404) ||
      res.headers.has("Set-Cookie") ||
      !(isHtml || type.startsWith("application/json"))
    ) {
      return null;
    }
    const scopes = scopesHeader.split(",").filter((s): s is ContentScope => (CONTENT_SCOPES as readonly string[]).includes(s));
    const text = await res.text();
    const html = isHtml ? text.replaceAll(` nonce="${nonce}"`, "") : text;
    const raw = Buffer.from(html, "utf8");
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: 9 }),
    ]);
    const etag = `"${crypto.createHash("sha256").update(raw).digest("base64url").slice(0, 27)}"`;
    const headers: [string, string][] = [
      ["Content-Type", type],
      ["Cache-Control", SHARED_PAGE_CACHE_CONTROL],
      ["ETag", etag],
      ["Vary", "Accept-Encoding, Cookie, Authorization"],
      // The API's JSON gets the headers every API response gets; pages their policies too.
      ...(isHtml
        ? [["Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(text, nonce), this.options)] as [string, string]]
        : []),
      ...defaultSecurityHeaders({ https: this.options.https, html: isHtml }),
    ];
    const nodeHeaders = (coding: Coding, body: Buffer) => [...headers, ["X-Cache", "hit"], ...codingHeaders(coding, body)].flat();
    return {
      key,
      status: res.status,
      versions: Object.fromEntries(scopes.map((scope) => [scope, versions[scope]])),
      storedAt: Date.now(),
      etag,
      br,
      gzip: gz,
      identity: raw,
      headers,
      nodeHeaders: { br: nodeHeaders("br", br), gzip: nodeHeaders("gzip", gz), identity: nodeHeaders("identity", raw) },
      bytes: br.length + gz.length + raw.length + key.length * 2 + 2048,
    };
  }

  private put(entry: CachedPage): void {
    // One page may not take more than an eighth of the cache.
    if (entry.bytes > this.options.maxBytes / 8) return;
    const old = this.entries.get(entry.key);
    if (old) this.remove(old);
    this.entries.set(entry.key, entry);
    this.size += entry.bytes;
    for (const oldest of this.entries.values()) {
      if (this.size <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(entry: CachedPage): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.size -= entry.bytes;
  }

  /** `cache`: whether the page was in the cache (X-Cache, for operators and tests). */
  private respond(entry: CachedPage, request: Headers, method: string, cache: "hit" | "miss"): Response {
    if (matchesEtag(request.get("If-None-Match"), entry.etag)) {
      return new Response(null, { status: 304, headers: this.notModifiedHeaders(entry) });
    }
    const coding = chooseEncoding(request.get("Accept-Encoding")) ?? "identity";
    const body = entry[coding];
    const headers = new Headers([...entry.headers, ["X-Cache", cache], ...codingHeaders(coding, body)]);
    return new Response(method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
      status: entry.status,
      headers,
    });
  }

  private notModifiedHeaders(entry: CachedPage): Record<string, string> {
    return Object.fromEntries(entry.headers.filter(([name]) => name === "ETag" || name === "Cache-Control" || name === "Vary"));
  }

  private logHit(method: string, path: string, status: number, started: number) {
    if (!this.options.logger.isLevelEnabled("info")) return;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    this.options.logger.info({ method, path: path.split("?")[0], status, durationMs, cache: "hit" }, "request");
  }
}

/** Content-Encoding (none for identity) and Content-Length of a cached page's bytes. */
function codingHeaders(coding: Coding, body: Buffer): [string, string][] {
  const length: [string, string] = ["Content-Length", String(body.length)];
  return coding === "identity" ? [length] : [["Content-Encoding", coding], length];
}

/** The cache key: path and query string as the app sees them. */
function keyOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start < 0 ? "/" : url.slice(start);
}

function privatePage(res: Response): void {
  res.headers.delete(PAGE_CACHE_HEADER);
  if (!res.headers.has("Cache-Control")) res.headers.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
}

/**
 * An API router's content reads that visitors may get from the page cache (the same rules as
 * pages): the router says so, and nothing else has to agree with it.
 */
export function cacheableFor(...scopes: ContentScope[]): MiddlewareHandler<ApiEnv> {
  const marks = scopes.join(",");
  return (c, next) => {
    const cache = c.var.services.pageCache;
    if (!cache) return next();
    return cache.store()(c, async () => {
      await next();
      if (c.req.method === "GET") c.res.headers.set(PAGE_CACHE_HEADER, marks);
    });
  };
}

/** Without a page cache (development, PAGE_CACHE_MB=0), every page is rendered for its reader. */
export function privatePages(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    privatePage(c.res);
  };
}
