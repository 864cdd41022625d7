import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * The client's network address. Behind `trustedProxies` reverse proxies (TRUST_PROXY), each
 * appends the address it was reached from to X-Forwarded-For, so the client is the hop that many
 * from the right; anything further left was written by the client and proves nothing. Without
 * trusted proxies (or a header too short to hold their hops), the socket's peer. "unknown" when
 * neither is known.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = forwardedClient(c.req.header("X-Forwarded-For"), trustedProxies);
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/** The hop `trustedProxies` from the right of an X-Forwarded-For value, if it has that many. */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | undefined {
  if (!header) return undefined;
  const hops = header
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined;
}

/** A keyed hash of an address: stable for rate limits, useless for locating anyone. */
export function hashAddress(address: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(address).digest("hex").slice(0, 32);
}

/** The requesting client as a rate-limit bucket key: its address (behind a trusted proxy, the forwarded one), hashed. */
export function clientKey(c: Context, services: { config: { trustProxy: number }; authSecret: string }): string {
  return hashAddress(clientAddress(c, services.config.trustProxy), services.authSecret);
}
