import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../api/types";

/**
 * The page policy: scripts only from our origin or named in `scriptSources` (this response's
 * nonce, or the hashes of a cached page's inline scripts).
 */
export function contentSecurityPolicy(scriptSources: string[], { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    // React's style={...} props become style attributes; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const PERMISSIONS = "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)";
// Pages only: the Google popup comes back through redirects and its landing page, which
// must all keep the link to the opener.
const OPENER_POLICY = "same-origin-allow-popups";

/** The security headers every response gets, less the CSP (the page cache stores them with what it keeps). */
export function defaultSecurityHeaders({ https, html }: { https: boolean; html: boolean }): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", PERMISSIONS],
    ...(https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
    ...(html ? [["Cross-Origin-Opener-Policy", OPENER_POLICY] as [string, string]] : []),
  ];
}

/** Headers a response may set for itself: the sandbox frame its framing, the Google popup's pages their opener policy. */
const OWN_CHOICE = new Set(["X-Frame-Options", "Cross-Origin-Opener-Policy"]);

/**
 * Security headers on every response; the Content-Security-Policy on every HTML response
 * that has not set its own. The nonce is made per request and handed to the page
 * renderer through the load context.
 */
export function securityHeaders({ https, dev }: { https: boolean; dev: boolean }): MiddlewareHandler<ApiEnv> {
  const forPages = defaultSecurityHeaders({ https, html: true });
  const forOthers = defaultSecurityHeaders({ https, html: false });
  return async (c, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const headers = c.res.headers;
    const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
    for (const [name, value] of html ? forPages : forOthers) {
      if (!(OWN_CHOICE.has(name) && headers.has(name))) headers.set(name, value);
    }
    if (html && !headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], { dev }));
    }
  };
}
