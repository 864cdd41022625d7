import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../api/types";

/** The page policy: scripts only from our origin or carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/**
 * Security headers on every response; the Content-Security-Policy on every HTML response
 * that has not set its own. The nonce is made per request and handed to the page
 * renderer through the load context.
 */
export function securityHeaders({ https, dev }: { https: boolean; dev: boolean }): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    // Only the sandbox frame may be framed, and only by our pages (it sets SAMEORIGIN).
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "camera=(), geolocation=(), payment=(), usb=(), microphone=(self)");
    if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    const type = headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html") && !headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    }
    // Pages only, and a page may choose its own: the Google popup comes back through
    // redirects and its landing page, which must all keep the link to the opener.
    if (type.startsWith("text/html") && !headers.has("Cross-Origin-Opener-Policy")) {
      headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    }
  };
}
